import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api.ts';
import { jsonResponse } from '../../../test/render.tsx';
import { deleteDiscussion, moveDiscussion } from './discussion-actions.api.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A fetch stand-in answering the given responses in order and recording each request. */
function stubFetch(responses: Response[]): { url: string; method: string; body: unknown }[] {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body });
      const next = responses.shift();
      if (next === undefined) throw new Error(`unexpected request ${url}`);
      return Promise.resolve(next);
    }),
  );
  return calls;
}

const progress = (part: object) => ({
  successIDs: [],
  failedIDs: [],
  exceptionsByID: {},
  countTotalIDs: 1,
  ...part,
});

// The single Move and Delete go through the one long-runner client (web/src/lib/long-runner.ts).
describe('one discussion through the long runner (spec 001 §4)', () => {
  it('Delete resumes through /calls/run while the server answers 408', async () => {
    const calls = stubFetch([
      jsonResponse(408, { progress: progress({}), callbackPayload: 'jwt-1' }),
      new Response(null, { status: 204 }),
    ]);
    await deleteDiscussion(12);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'DELETE /api/v2/discussions/12',
      'POST /api/v2/calls/run',
    ]);
    expect(calls[1]?.body).toBe('jwt-1');
  });

  it('Move sends the one discussion and succeeds on a body-less answer', async () => {
    const calls = stubFetch([jsonResponse(200, { status: 'success' })]);
    await moveDiscussion(12, 4, true);
    expect(calls[0]?.method).toBe('PATCH');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      discussionIDs: [12],
      categoryID: 4,
      addRedirects: true,
    });
  });

  it('throws the discussion’s failure with its message and status', async () => {
    stubFetch([
      jsonResponse(200, {
        progress: progress({
          failedIDs: [12],
          exceptionsByID: { '12': { message: 'You don’t have permission to do that.', code: 403 } },
        }),
      }),
    ]);
    const error = await moveDiscussion(12, 4, false).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('You don’t have permission to do that.');
    expect((error as ApiError).status).toBe(403);
  });
});
