/** Now as an ISO-8601 UTC string (the data layer's date format). */
export function nowIso(clock: () => number = Date.now): string {
  return new Date(clock()).toISOString();
}

/** An ISO date in the API's output form, RFC 3339 with `+00:00` (contract §1.5). */
export function toApiDate(value: string | Date): string;
export function toApiDate(value: string | Date | null | undefined): string | null;
export function toApiDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/** An ISO date `seconds` from now. */
export function isoAfter(seconds: number, from: number = Date.now()): string {
  return new Date(from + seconds * 1000).toISOString();
}
