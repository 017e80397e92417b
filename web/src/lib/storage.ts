/**
 * A small typed `localStorage` wrapper (CONVENTIONS §7 persisted keys). SSR-safe: on the server,
 * or when storage is blocked, reads give the fallback and writes do nothing.
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a JSON value; `parse` validates it (returns null for a malformed value → fallback). */
export function readStored<T>(key: string, parse: (value: unknown) => T | null, fallback: T): T {
  const raw = storage()?.getItem(key) ?? null;
  if (raw === null) return fallback;
  try {
    return parse(JSON.parse(raw) as unknown) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Writes a JSON value (quota and privacy-mode errors are ignored: persistence is a convenience). */
export function writeStored(key: string, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the value simply is not kept.
  }
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Storage blocked.
  }
}

/** `parse` for an array of integer IDs. */
export function parseIDList(value: unknown): number[] | null {
  return Array.isArray(value) && value.every((item) => Number.isInteger(item))
    ? (value as number[])
    : null;
}
