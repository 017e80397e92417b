import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';
import { fetchDiscussionByID } from './discussions.api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

// The one fetcher of a discussion serves the page (expand=all) and the edit form (its tags and
// category) with the requests each made before.
describe('fetchDiscussionByID', () => {
  it.each([
    [[], '/api/v2/discussions/12'],
    [['all'], '/api/v2/discussions/12?expand=all'],
    [['tags', 'category'], '/api/v2/discussions/12?expand=tags%2Ccategory'],
  ])('with expand %j asks %s', async (expand, url) => {
    const fetch = vi.fn((_url: string) => Promise.resolve(jsonResponse(200, { discussionID: 12 })));
    vi.stubGlobal('fetch', fetch);
    await fetchDiscussionByID(12, expand);
    expect(fetch.mock.calls[0]?.[0]).toBe(url);
  });
});
