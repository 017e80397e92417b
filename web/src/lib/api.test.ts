import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  apiURL,
  groupFieldErrors,
  isErrorStatus,
  normalizeErrorBody,
  parseProxyErrorPage,
  readPaging,
  setTransientKey,
} from './api.ts';
import { jsonResponse } from '../test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  setTransientKey(null);
});

describe('isErrorStatus (spec 001 §8.1)', () => {
  it.each([
    [200, false],
    [201, false],
    [204, false],
    [302, false],
    [399, false],
    [400, true],
    [403, true],
    [404, true],
    [408, false],
    [422, true],
    [500, true],
  ])('%i → %s', (status, expected) => {
    expect(isErrorStatus(status)).toBe(expected);
  });
});

describe('groupFieldErrors', () => {
  it('groups the contract array by field, keeping every error of a field', () => {
    const grouped = groupFieldErrors(
      [
        { field: 'name', code: 'missingField', message: 'name is required.', status: 400 },
        { field: 'format', code: 'invalid', message: 'format must be one of: rich.', status: 422 },
        { field: 'name', code: 'minLength', message: 'name is too short.', status: 422 },
      ],
      422,
    );
    expect(Object.keys(grouped)).toEqual(['name', 'format']);
    expect(grouped.name?.map((error) => error.message)).toEqual([
      'name is required.',
      'name is too short.',
    ]);
  });

  it('accepts an already grouped object and fills a missing field from its key', () => {
    const grouped = groupFieldErrors({ email: [{ code: 'invalid', message: 'Bad email.' }] }, 400);
    expect(grouped.email).toEqual([
      { field: 'email', code: 'invalid', message: 'Bad email.', status: 400 },
    ]);
  });

  it('ignores items that are not objects', () => {
    expect(groupFieldErrors(['oops', null, 3], 422)).toEqual({});
  });
});

describe('normalizeErrorBody', () => {
  it('passes message, status, description, errors, actionButton and trace on', () => {
    const error = normalizeErrorBody(403, {
      message: 'Permission Problem',
      status: 403,
      description: 'You need the discussions.edit permission to do that.',
      permissions: ['discussions.edit'],
      actionButton: { label: 'Sign In', url: '/entry/signin' },
      trace: 'at x',
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Permission Problem');
    expect(error.status).toBe(403);
    expect(error.description).toBe('You need the discussions.edit permission to do that.');
    expect(error.actionButton).toEqual({ label: 'Sign In', url: '/entry/signin' });
    expect(error.trace).toBe('at x');
    expect(error.body.permissions).toEqual(['discussions.edit']);
  });

  it('falls back to the generic message when there is no message and no field error', () => {
    expect(normalizeErrorBody(500, {}).message).toBe(
      'Something went wrong while contacting the server.',
    );
    expect(normalizeErrorBody(502, undefined).message).toBe(
      'Something went wrong while contacting the server.',
    );
    expect(normalizeErrorBody(502, 'text').message).toBe(
      'Something went wrong while contacting the server.',
    );
  });

  it('uses the first field error instead of the generic fallback when one exists', () => {
    const error = normalizeErrorBody(422, {
      errors: [
        {
          field: 'password',
          code: 'invalid',
          message: 'The password you entered is incorrect.',
          status: 401,
        },
      ],
    });
    expect(error.message).toBe('The password you entered is incorrect.');
    expect(error.fieldMessages('password')).toEqual(['The password you entered is incorrect.']);
    expect(error.hasFieldErrors).toBe(true);
  });

  it("falls back to 'Something went wrong.' for a message that is not a string", () => {
    expect(normalizeErrorBody(400, { message: { nested: true } }).message).toBe(
      'Something went wrong.',
    );
    expect(normalizeErrorBody(400, { message: 12 }).message).toBe('Something went wrong.');
  });

  it('takes the status of the body over the HTTP status', () => {
    expect(normalizeErrorBody(400, { message: 'Nope', status: 409 }).status).toBe(409);
  });
});

describe('parseProxyErrorPage', () => {
  it('reads the heading, the paragraph and the Ray ID', () => {
    const page = parseProxyErrorPage(
      '<html><body><h1>Bad gateway</h1><p>The web server reported a <b>bad</b> gateway error.</p><footer>Ray ID: <strong>7d1f2a3b4c5d6e7f</strong></footer></body></html>',
    );
    expect(page.message).toBe('Bad gateway');
    expect(page.description).toBe(
      'The web server reported a bad gateway error. Ray ID: 7d1f2a3b4c5d6e7f',
    );
    expect(page.isChallenge).toBe(false);
  });

  it("defaults the message to 'An Error has Occured' and spots challenges", () => {
    const page = parseProxyErrorPage('<html><body><div id="cf-chl-widget"></div></body></html>');
    expect(page.message).toBe('An Error has Occured');
    expect(page.description).toBeUndefined();
    expect(page.isChallenge).toBe(true);
  });
});

describe('readPaging', () => {
  it('reads the x-app-page headers', () => {
    const headers = new Headers({
      'x-app-page-current': '2',
      'x-app-page-limit': '30',
      'x-app-page-result-count': '95',
      'x-app-page-next-url': 'http://x/api/v2/discussions?page=3',
      'x-app-page-prev-url': 'http://x/api/v2/discussions?page=1',
    });
    expect(readPaging(headers)).toEqual({
      currentPage: 2,
      limit: 30,
      total: 95,
      nextURL: 'http://x/api/v2/discussions?page=3',
      prevURL: 'http://x/api/v2/discussions?page=1',
    });
  });

  it('leaves out what a more pager does not send', () => {
    expect(
      readPaging(new Headers({ 'x-app-page-current': '1', 'x-app-page-limit': '30' })),
    ).toEqual({ currentPage: 1, limit: 30 });
  });
});

describe('apiURL', () => {
  it('prefixes /api/v2 and sends arrays as CSV', () => {
    expect(
      apiURL('/discussions', { expand: ['insertUser', 'breadcrumbs'], page: 2, skip: undefined }),
    ).toBe('/api/v2/discussions?expand=insertUser%2Cbreadcrumbs&page=2');
  });
});

describe('apiRequest', () => {
  it('always sends X-Requested-With: vanilla and JSON, and returns body and paging', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(200, [{ discussionID: 1 }], {
        'x-app-page-current': '1',
        'x-app-page-limit': '30',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    setTransientKey('abc');
    const response = await apiRequest<{ discussionID: number }[]>('/discussions', {
      method: 'POST',
      body: { name: 'x' },
    });
    expect(response.data).toEqual([{ discussionID: 1 }]);
    expect(response.paging).toEqual({ currentPage: 1, limit: 30 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/discussions');
    const headers = init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('vanilla');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Transient-Key']).toBe('abc');
    expect(init.body).toBe('{"name":"x"}');
  });

  it('does not treat 408 as an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(408, { callbackPayload: 'jwt' })),
    );
    const response = await apiRequest<{ callbackPayload: string }>('/discussions/list', {
      method: 'DELETE',
    });
    expect(response.status).toBe(408);
    expect(response.data.callbackPayload).toBe('jwt');
  });

  it('throws an ApiError with grouped field errors on 422', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(422, {
          message: 'Validation Failed',
          status: 422,
          errors: [
            { field: 'name', code: 'missingField', message: 'name is required.', status: 400 },
          ],
        }),
      ),
    );
    const error = await apiRequest('/users/register', { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Validation Failed');
    expect((error as ApiError).fieldMessages('name')).toEqual(['name is required.']);
  });

  it('turns a proxy HTML page into an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('<html><h1>Gateway time-out</h1><p>Try later.</p></html>', {
            status: 504,
            headers: { 'content-type': 'text/html' },
          }),
      ),
    );
    const error = (await apiRequest('/discussions').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('Gateway time-out');
    expect(error.description).toBe('Try later.');
    expect(error.status).toBe(504);
  });

  it('reports a failed connection with the generic message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const error = (await apiRequest('/users/me').catch((caught: unknown) => caught)) as ApiError;
    expect(error.message).toBe('Something went wrong while contacting the server.');
    expect(error.status).toBe(0);
  });

  it('refreshes the transient key from X-CSRF-Token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}, { 'x-csrf-token': 'fresh' }));
    vi.stubGlobal('fetch', fetchMock);
    setTransientKey('stale');
    await apiRequest('/users/me');
    await apiRequest('/tokens', { method: 'POST', body: {} });
    const init = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect((init[1].headers as Record<string, string>)['X-Transient-Key']).toBe('fresh');
  });
});
