import { describe, expect, it, vi } from 'vitest';
import type { MentionUser } from './api/mentions.api.ts';
import { MentionSearch } from './mention-search.ts';

function users(...names: string[]): MentionUser[] {
  return names.map((name, index) => ({ userID: index + 1, name }));
}

describe('mention search cache (spec 001 §9)', () => {
  it('answers a longer prefix from a complete shorter answer without asking again', async () => {
    const fetcher = vi.fn(async () => users('Amber', 'amos', 'Bea'));
    const search = new MentionSearch(fetcher, 50);
    const signal = new AbortController().signal;
    expect(await search.search('a', signal)).toHaveLength(3);
    expect(await search.search('Am', signal)).toEqual(users('Amber', 'amos'));
    expect(await search.search('amb', signal)).toEqual([{ userID: 1, name: 'Amber' }]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith('a', signal);
  });

  it('asks again when the shorter answer was full (50 results: maybe more users exist)', async () => {
    const full = Array.from({ length: 50 }, (_, index) => ({
      userID: index + 1,
      name: `am${index}`,
    }));
    const fetcher = vi.fn(async (prefix: string) => (prefix === 'a' ? full : users('amz')));
    const search = new MentionSearch(fetcher, 50);
    const signal = new AbortController().signal;
    await search.search('a', signal);
    expect(search.cached('amz')).toBeUndefined();
    expect(await search.search('amz', signal)).toEqual(users('amz'));
    expect(fetcher.mock.calls.map(([prefix]) => prefix)).toEqual(['a', 'amz']);
  });

  it('keys the cache case-insensitively', async () => {
    const fetcher = vi.fn(async () => users('Zed'));
    const search = new MentionSearch(fetcher, 50);
    const signal = new AbortController().signal;
    await search.search('Ze', signal);
    expect(search.cached('ze')).toEqual(users('Zed'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
