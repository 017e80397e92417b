import { vi } from 'vitest';
import { jsonResponse } from '../../../test/render.tsx';

/** One call the stand-in API received. */
export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

type Handler = (call: RecordedCall) => Response;

/**
 * A `fetch` stand-in answering by "METHOD /path" (path without `/api/v2` and the query), recording
 * every call. Unrouted calls answer 404 so a test notices them.
 */
export function stubApi(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const call: RecordedCall = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v2/, ''),
        search: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.path}`];
      return handler === undefined
        ? jsonResponse(404, { message: `${call.path} not found.`, status: 404 })
        : handler(call);
    }),
  );
  return calls;
}
