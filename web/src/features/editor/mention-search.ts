import { dataLimits } from '../../../../common/src/constants.ts';
import type { MentionUser } from './api/mentions.api.ts';

export type MentionFetcher = (prefix: string, signal: AbortSignal) => Promise<MentionUser[]>;

/**
 * Mention suggestions with the caching rule of spec 001 §9: results are kept per typed prefix, and
 * a longer prefix reuses a cached shorter one when that answer held fewer than the limit (50), so
 * it was complete: its users are filtered instead of asking the server again.
 */
export class MentionSearch {
  readonly limit: number;
  private readonly cache = new Map<string, MentionUser[]>();
  private readonly fetcher: MentionFetcher;

  constructor(fetcher: MentionFetcher, limit: number = dataLimits.mentionSuggestionLimit) {
    this.fetcher = fetcher;
    this.limit = limit;
  }

  /** The suggestions for `query` without a request, when the cache can answer. */
  cached(query: string): MentionUser[] | undefined {
    const key = query.toLowerCase();
    const exact = this.cache.get(key);
    if (exact !== undefined) return exact;
    for (let length = key.length - 1; length >= 1; length -= 1) {
      const shorter = this.cache.get(key.slice(0, length));
      if (shorter !== undefined && shorter.length < this.limit) {
        return shorter.filter((user) => user.name.toLowerCase().startsWith(key));
      }
    }
    return undefined;
  }

  /** Cached suggestions, else the server's (then cached). */
  async search(query: string, signal: AbortSignal): Promise<MentionUser[]> {
    const cached = this.cached(query);
    if (cached !== undefined) return cached;
    const users = await this.fetcher(query, signal);
    this.cache.set(query.toLowerCase(), users);
    return users;
  }

  clear(): void {
    this.cache.clear();
  }
}
