/**
 * What a shared part's freshness follows: the process's guest cache (platform/guest-cache.ts). Its
 * epoch grows with every write that changes what readers see (`guestCacheWrite`), and its TTL
 * bounds how late a write made by another process shows.
 */
export interface SharedPartsSource {
  readonly enabled: boolean;
  readonly ttlMs: number;
  begin(): number;
}

interface Entry {
  epoch: number;
  storedAt: number;
  value: Promise<unknown>;
}

/** Distinct keys held before the whole store is dropped (keys are per viewer scope: a handful). */
const MAX_ENTRIES = 256;

/**
 * Issue 18: parts of a page that hold no per-user data and are the same for every viewer of the
 * same scope (the tag cloud: the tags of the categories the viewer may see), computed once and
 * shared by every reader, members included, until a write changes what readers see or the guest
 * cache's TTL passes. The key must name everything the part depends on besides the data (the
 * viewer's hidden categories, the widget's props); per-user parts (read marks, reactions by me,
 * bookmarks, permissions) are never stored here. Off when the guest cache is off
 * (GUEST_CACHE_SECONDS=0): then every request does the whole work.
 */
export class SharedParts {
  readonly #source: SharedPartsSource;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();

  constructor(source: SharedPartsSource, now: () => number = Date.now) {
    this.#source = source;
    this.#now = now;
  }

  /** The stored part for `key`, or `compute()`'s (stored when no write happened meanwhile). */
  async read<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (!this.#source.enabled) return compute();
    const epoch = this.#source.begin();
    const now = this.#now();
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.epoch === epoch && now - entry.storedAt < this.#source.ttlMs) {
      return entry.value as Promise<T>;
    }
    const value = compute();
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
    // Stored at once, so readers arriving meanwhile share the one computation; a write during it
    // moves the epoch, and the next reader computes again.
    this.#entries.set(key, { epoch, storedAt: now, value });
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }
}

const partsBySource = new WeakMap<SharedPartsSource, SharedParts>();

/** The shared parts of the process whose guest cache is `source` (one store per app). */
export function sharedPartsOf(source: SharedPartsSource): SharedParts {
  let parts = partsBySource.get(source);
  if (parts === undefined) {
    parts = new SharedParts(source);
    partsBySource.set(source, parts);
  }
  return parts;
}
