/** Now as an ISO-8601 UTC string (the data layer's date format). */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ` with a real month, day, hour, minute and second (not 24:00 or :60). */
const ISO_UTC = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{3}Z$/;

/** An ISO date in the API's output form, RFC 3339 with `+00:00` (contract §1.5). */
export function toApiDate(value: string | Date): string;
export function toApiDate(value: string | Date | null | undefined): string | null;
export function toApiDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // Issue 18: the data layer stores `toISOString()`'s form, which only needs its suffix replaced;
  // parsing and printing it again was ~2 % of a list's CPU. Anything else is parsed.
  if (typeof value === 'string' && ISO_UTC.test(value)) return `${value.slice(0, 19)}+00:00`;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** An ISO date `seconds` from now. */
export function isoAfter(seconds: number, from: number = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}
