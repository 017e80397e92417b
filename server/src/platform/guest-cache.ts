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
  bytes: number;
}

export interface GuestCacheOptions {
  /** How long an entry may be served; 0 turns the cache off. */
  ttlMs: number;
  /** Upper bound on the bytes held (bodies and their compressed variants). */
  maxBytes?: number;
  maxEntries?: number;
  now?: () => number;
}

/** Bodies under this size are sent as they are (as @fastify/compress does). */
const COMPRESS_THRESHOLD = 1024;

/**
 * A short in-process cache of guests' reads (issue 4: "a short in-process cache for guest reads
 * that is invalidated by writes"). What a guest sees depends only on the URL, the guest role's
 * permissions, the configuration and the data, so one stored answer serves every guest.
 *
 * - Every write that reaches this process empties it at once (`invalidate`, called for each
 *   non-GET request; http/guest-cache.ts). Writes made by another process are seen within `ttlMs`.
 * - A read that started before a write never stores its (possibly stale) answer afterwards: `begin`
 *   hands out the current epoch and `store` refuses an answer from an older one.
 * - Compressed variants are made once per entry, at a better ratio than per-response compression.
 * - Bounded by bytes and entries; the oldest entries go first.
 */
export class GuestCache {
  readonly ttlMs: number;
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, GuestCacheEntry>();
  #bytes = 0;
  #epoch = 0;

  constructor(options: GuestCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.#maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    this.#maxEntries = options.maxEntries ?? 2_000;
    this.#now = options.now ?? Date.now;
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

  /** Forgets everything (a write happened). */
  invalidate(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#bytes = 0;
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

  /** Stores an answer read in `epoch`; false when a write happened since (nothing is stored). */
  store(
    key: string,
    epoch: number,
    answer: Pick<GuestCacheEntry, 'status' | 'headers' | 'body' | 'viewDiscussionID'>,
  ): boolean {
    if (!this.enabled || epoch !== this.#epoch) return false;
    if (answer.body.length > this.#maxBytes / 8) return false;
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#remove(key, previous);
    const entry: GuestCacheEntry = { ...answer, storedAt: this.#now(), bytes: answer.body.length };
    this.#entries.set(key, entry);
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
