import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** How a cached body goes out: chosen from the request's `accept-encoding`. */
export type CacheEncoding = 'br' | 'gzip' | 'identity';

/** One stored answer to a guest's GET. */
export interface GuestCacheEntry {
  storedAt: number;
  status: number;
  /** Response headers worth repeating (content type, paging headers, cache-control…). */
  headers: readonly (readonly [string, string])[];
  body: Buffer;
  /** Compressed variants, made on the first hit that asks for them. */
  br?: Buffer;
  gzip?: Buffer;
  /** A discussion whose page this is: each hit still counts a view. */
  viewDiscussionID?: number | undefined;
  /** What the answer shows (`guestCacheTags`): a write that changes one of them removes it. */
  tags: readonly string[];
  bytes: number;
}

/**
 * What a write changed that guests may see, for `invalidate`: the discussions whose own pages and
 * records change, and the categories whose pages and records change (a category and its ancestors:
 * their counts, last post and lists). Every such write also changes the lists (`LISTS_TAG`).
 */
export interface GuestCacheChange {
  discussionIDs?: readonly number[] | undefined;
  categoryIDs?: readonly number[] | undefined;
}

/** What a stored answer shows: everything not narrowed to one discussion or category is a list. */
export const LISTS_TAG = 'lists';

/** The tags a read declares or a write names: `lists`, `d:{discussionID}`, `c:{categoryID}`. */
export function guestCacheTags(change: GuestCacheChange): string[] {
  const tags = new Set<string>();
  for (const id of change.discussionIDs ?? []) tags.add(`d:${String(id)}`);
  for (const id of change.categoryIDs ?? []) tags.add(`c:${String(id)}`);
  return [...tags];
}

export interface GuestCacheOptions {
  /** How long an entry may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Upper bound on the bytes held (bodies and their compressed variants). */
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
  /** Told of every `invalidate` (not `invalidateFromPeer`): the app tells the other processes. */
  onInvalidate?: (change: GuestCacheChange | undefined) => void;
}

/** Bodies under this size are sent as they are (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

/** Scopes remembered for the epoch check before the oldest are forgotten (see `#floor`). */
const MAX_SCOPE_EPOCHS = 10_000;

/**
 * A short in-process cache of guests' reads (issue 4: "a short in-process cache for guest reads
 * that is invalidated by writes"). What a guest sees depends only on the URL, the guest role's
 * permissions, the configuration and the data, so one stored answer serves every guest.
 *
 * - A write that changes what guests see removes what it changed at once (`invalidate`, called by
 *   the routes that declare it; http/guest-cache.ts): everything (permissions, configuration,
 *   categories, users…), or the answers tagged with the discussions and categories it names plus
 *   every list. Writes made by another process arrive through the event bus
 *   (`invalidateFromPeer`); should one be lost, they are seen within `ttlMs`.
 * - A read that started before a write never stores its (possibly stale) answer afterwards, per
 *   scope: `begin` hands out the current epoch and `store` refuses an answer tagged with a scope
 *   (or the whole cache) invalidated since.
 * - Compressed variants are made once per entry, at a better ratio than per-response compression.
 * - Bounded by bytes and entries; the oldest entries go first.
 */
export class GuestCache {
  readonly ttlMs: number;
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #onInvalidate: ((change: GuestCacheChange | undefined) => void) | undefined;
  readonly #entries = new Map<string, GuestCacheEntry>();
  /** Entry keys by tag. */
  readonly #tagged = new Map<string, Set<string>>();
  #bytes = 0;
  /** Grows with every invalidation. */
  #epoch = 0;
  /** The epoch of the last invalidation of everything. */
  #allAt = 0;
  /** The epoch of the last invalidation of each tag (bounded: older ones fold into `#floor`). */
  readonly #tagAt = new Map<string, number>();
  /** Reads begun before this epoch never store (the tag epochs that would tell were forgotten). */
  #floor = 0;

  constructor(options: GuestCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.#maxEntries = options.maxEntries ?? 2_000;
    this.#now = options.now ?? Date.now;
    this.#onInvalidate = options.onInvalidate;
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The epoch a read starts in; pass it back to `store`. */
  begin(): number {
    return this.#epoch;
  }

  /**
   * A write happened: without `change` everything is forgotten; with it, the answers tagged with
   * the discussions and categories it names, and every list.
   */
  invalidate(change?: GuestCacheChange): void {
    this.invalidateFromPeer(change);
    this.#onInvalidate?.(change);
  }

  /** What another process's write changed (the event bus): as `invalidate`, without telling anyone. */
  invalidateFromPeer(change?: GuestCacheChange): void {
    this.#epoch += 1;
    if (change === undefined) {
      this.#allAt = this.#epoch;
      this.#entries.clear();
      this.#tagged.clear();
      this.#tagAt.clear();
      this.#bytes = 0;
      return;
    }
    if (this.#tagAt.size > MAX_SCOPE_EPOCHS) {
      this.#tagAt.clear();
      this.#floor = this.#epoch;
    }
    for (const tag of [LISTS_TAG, ...guestCacheTags(change)]) {
      this.#tagAt.set(tag, this.#epoch);
      const keys = this.#tagged.get(tag);
      if (keys === undefined) continue;
      for (const key of [...keys]) {
        const entry = this.#entries.get(key);
        if (entry !== undefined) this.#remove(key, entry);
      }
    }
  }

  lookup(key: string): GuestCacheEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (this.#now() - entry.storedAt >= this.ttlMs) {
      this.#remove(key, entry);
      return undefined;
    }
    return entry;
  }

  /**
   * Stores an answer read in `epoch`, tagged with what it shows (none: it is a list); false when a
   * write changed one of them (or everything) since (nothing is stored).
   */
  store(
    key: string,
    epoch: number,
    answer: Pick<GuestCacheEntry, 'status' | 'headers' | 'body' | 'viewDiscussionID'> & {
      tags?: readonly string[] | undefined;
    },
  ): boolean {
    if (!this.enabled || epoch < this.#allAt || epoch < this.#floor) return false;
    const tags = answer.tags !== undefined && answer.tags.length > 0 ? answer.tags : [LISTS_TAG];
    if (tags.some((tag) => (this.#tagAt.get(tag) ?? 0) > epoch)) return false;
    if (answer.body.length > this.#maxBytes / 8) return false;
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#remove(key, previous);
    const entry: GuestCacheEntry = {
      ...answer,
      tags,
      storedAt: this.#now(),
      bytes: answer.body.length,
    };
    this.#entries.set(key, entry);
    for (const tag of tags) {
      let keys = this.#tagged.get(tag);
      if (keys === undefined) this.#tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.#bytes += entry.bytes;
    this.#evict();
    return true;
  }

  /** The body to send for `encoding` (compressed once, then kept with the entry). */
  variant(
    key: string,
    entry: GuestCacheEntry,
    encoding: CacheEncoding,
  ): { body: Buffer; encoding: CacheEncoding } {
    if (encoding === 'identity' || entry.body.length < COMPRESS_THRESHOLD) {
      return { body: entry.body, encoding: 'identity' };
    }
    let body = entry[encoding];
    if (body === undefined) {
      body =
        encoding === 'br'
          ? brotliCompressSync(entry.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: entry.body.length,
              },
            })
          : gzipSync(entry.body, { level: 6 });
      entry[encoding] = body;
      if (this.#entries.get(key) === entry) {
        entry.bytes += body.length;
        this.#bytes += body.length;
        this.#evict();
      }
    }
    return { body, encoding };
  }

  #remove(key: string, entry: GuestCacheEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    for (const tag of entry.tags) {
      const keys = this.#tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#tagged.delete(tag);
    }
  }

  #evict(): void {
    while (this.#bytes > this.#maxBytes || this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.entries().next();
      if (oldest.done) break;
      this.#remove(oldest.value[0], oldest.value[1]);
    }
  }
}

/** The encoding to send for an `accept-encoding` header (brotli first, then gzip). */
export function preferredEncoding(acceptEncoding: string | undefined): CacheEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...parameters] = part.trim().split(';');
    if (!name) continue;
    const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), quality === undefined ? 1 : Number(quality));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * What a request's answer shows or its write changed, as its route or service declares it (keyed
 * by the request's context). A write route with `guestCacheWrite: 'declared'` calls
 * `declareGuestChange`; a cached read narrowed to one discussion or category calls
 * `declareGuestRead` (an undeclared read is a list).
 */
const declaredChanges = new WeakMap<object, GuestCacheChange | 'nothing'>();
const declaredReads = new WeakMap<object, string[]>();

/**
 * A write changed what guests see in these discussions and categories (pass a category with its
 * ancestors: their totals changed too), or `'nothing'` guests see (a premoderated post). Several
 * calls add up.
 */
export function declareGuestChange(ctx: object, change: GuestCacheChange | 'nothing'): void {
  const previous = declaredChanges.get(ctx);
  if (change === 'nothing') {
    if (previous === undefined) declaredChanges.set(ctx, 'nothing');
    return;
  }
  if (previous === undefined || previous === 'nothing') {
    declaredChanges.set(ctx, change);
    return;
  }
  declaredChanges.set(ctx, {
    discussionIDs: [...(previous.discussionIDs ?? []), ...(change.discussionIDs ?? [])],
    categoryIDs: [...(previous.categoryIDs ?? []), ...(change.categoryIDs ?? [])],
  });
}

/** What the request's write declared; undefined when it declared nothing. */
export function declaredGuestChange(ctx: object): GuestCacheChange | 'nothing' | undefined {
  return declaredChanges.get(ctx);
}

/**
 * A read shows this discussion or category (a discussion page, a category's page or list): its
 * cached answer is removed only by writes to it (or to everything), not by every list change.
 */
export function declareGuestRead(ctx: object, read: GuestCacheChange): void {
  const tags = declaredReads.get(ctx) ?? [];
  for (const tag of guestCacheTags(read)) if (!tags.includes(tag)) tags.push(tag);
  declaredReads.set(ctx, tags);
}

/** The tags a read declared; undefined for a list. */
export function declaredGuestRead(ctx: object): string[] | undefined {
  return declaredReads.get(ctx);
}
