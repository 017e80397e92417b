import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setTransientKey } from './api.ts';
import { runLongRunner, type Progress } from './long-runner.ts';
import { jsonResponse } from '../test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  setTransientKey(null);
});

interface Call {
  url: string;
  method: string;
  contentType: string | null;
  body: unknown;
}

/** A fetch stand-in answering the given responses in order and recording each request. */
function stubFetch(responses: Response[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      calls.push({
        url,
        method: init.method ?? 'GET',
        contentType: headers.get('content-type'),
        body: init.body,
      });
      const next = responses.shift();
      if (next === undefined) throw new Error(`unexpected request ${url}`);
      return Promise.resolve(next);
    }),
  );
  return calls;
}

function progress(part: Partial<Progress>): Progress {
  return { successIDs: [], failedIDs: [], exceptionsByID: {}, countTotalIDs: 3, ...part };
}

describe('runLongRunner (spec 001 §4, §7.8)', () => {
  it('posts the callback payload to /calls/run as application/system+jwt until none comes back, merging progress', async () => {
    setTransientKey('tk');
    const calls = stubFetch([
      jsonResponse(408, { progress: progress({ successIDs: [1] }), callbackPayload: 'jwt-1' }),
      jsonResponse(408, {
        progress: progress({ failedIDs: [2], exceptionsByID: { '2': { message: 'Nope.', code: 403 } } }),
        callbackPayload: 'jwt-2',
      }),
      jsonResponse(200, { progress: progress({ successIDs: [3] }), callbackPayload: null }),
    ]);
    const seen: Progress[] = [];
    const result = await runLongRunner('/discussions/move', {
      method: 'PATCH',
      body: { discussionIDs: [1, 2, 3], categoryID: 5 },
      ids: [1, 2, 3],
      onProgress: (next) => seen.push(next),
    });
    expect(calls.map((call) => [call.method, call.url])).toEqual([
      ['PATCH', '/api/v2/discussions/move'],
      ['POST', '/api/v2/calls/run'],
      ['POST', '/api/v2/calls/run'],
    ]);
    expect(calls[1]?.contentType).toBe('application/system+jwt');
    expect(calls[1]?.body).toBe('jwt-1');
    expect(calls[2]?.body).toBe('jwt-2');
    expect(result.successIDs).toEqual([1, 3]);
    expect(result.failedIDs).toEqual([2]);
    expect(result.exceptionsByID['2']?.message).toBe('Nope.');
    expect(seen.map((step) => step.successIDs)).toEqual([[1], [1], [1, 3]]);
  });

  it('resumes an error answer that carries a payload and ends with the per-ID failures, not a throw', async () => {
    const calls = stubFetch([
      jsonResponse(404, {
        progress: progress({ failedIDs: [9], exceptionsByID: { '9': { message: 'Discussion not found.', code: 404 } } }),
        callbackPayload: 'jwt-more',
      }),
      jsonResponse(200, { progress: progress({ successIDs: [4] }), callbackPayload: null }),
    ]);
    const result = await runLongRunner('/discussions/list', {
      method: 'DELETE',
      body: { discussionIDs: [9, 4] },
      ids: [9, 4],
    });
    expect(calls).toHaveLength(2);
    expect(result.successIDs).toEqual([4]);
    expect(result.failedIDs).toEqual([9]);
  });

  it('treats a 204 as every remaining record done', async () => {
    stubFetch([
      jsonResponse(408, {
        progress: progress({ failedIDs: [1], exceptionsByID: { '1': { message: 'x', code: 409 } } }),
        callbackPayload: 'p',
      }),
      new Response(null, { status: 204 }),
    ]);
    const result = await runLongRunner('/discussions/list', { method: 'DELETE', ids: [1, 2, 3] });
    expect(result.successIDs).toEqual([2, 3]);
    expect(result.failedIDs).toEqual([1]);
  });

  it('throws the error when the answer carries no progress (whole batch refused)', async () => {
    stubFetch([
      jsonResponse(403, {
        message: 'Permission Problem',
        status: 403,
        description: 'You don’t have the delete permission on the following discussions: A',
      }),
    ]);
    const error = await runLongRunner('/discussions/list', { method: 'DELETE', ids: [1] }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).description).toContain('delete permission');
  });
});
