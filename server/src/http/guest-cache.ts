import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import { countDiscussionView } from '../features/discussions/discussions.views.ts';
import { GuestCache, preferredEncoding } from '../platform/guest-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A guest's GET of this route may be answered from the guest cache (platform/guest-cache.ts). */
    guestCache?: boolean;
  }
  interface FastifyInstance {
    guestCache: GuestCache;
  }
}

/** Response headers that belong to one response only, never repeated from the cache. */
const notStored = new Set([
  'content-length',
  'content-encoding',
  'set-cookie',
  'vary',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-hearth-cache',
]);

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const sessionCookiePattern = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

interface CacheState {
  key: string;
  epoch: number;
  hit: boolean;
  /** Set on the one request that computes a missing answer: lets the others waiting go on. */
  release?: (() => void) | undefined;
}
const states = new WeakMap<FastifyRequest, CacheState>();

/** A guest: no bearer token and no session cookie (a signed-in reader is never served from it). */
function isGuestRequest(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  const cookie = request.headers.cookie;
  return cookie === undefined || !sessionCookiePattern.test(cookie);
}

/**
 * Wires the guest cache into the request cycle. Registered before the actor is resolved, so a hit
 * costs no database query at all:
 * - onRequest: a guest's GET of a route with `config.guestCache` is answered from the cache when
 *   it holds the URL (in the encoding the client accepts); otherwise the request is marked.
 * - onSend: the marked request's 200 answer, still uncompressed, is stored when the reader was a
 *   guest and nothing set a cookie.
 * - onSend of any other method (a write, or an attempt at one): empties the cache.
 */
export function registerGuestCache(app: FastifyInstance, cache: GuestCache): void {
  app.decorate('guestCache', cache);
  if (!cache.enabled) return;
  const inflight = new Map<string, Promise<void>>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.routeOptions.config?.guestCache !== true) return;
    if (!isGuestRequest(request)) return;
    const key = request.url;
    let entry = cache.lookup(key);
    if (entry === undefined) {
      // One request computes a missing answer; guests asking for the same URL meanwhile wait
      // for it instead of each doing the same work (an expired or emptied cache under load would
      // otherwise start 16 identical page renders at once).
      const computing = inflight.get(key);
      if (computing !== undefined) {
        await computing;
        entry = cache.lookup(key);
      }
    }
    if (entry === undefined) {
      let release: () => void = () => {};
      if (!inflight.has(key)) {
        const computing = new Promise<void>((resolve) => {
          release = () => {
            if (inflight.get(key) === computing) inflight.delete(key);
            resolve();
          };
        });
        inflight.set(key, computing);
      }
      states.set(request, { key, epoch: cache.begin(), hit: false, release });
      return;
    }
    states.set(request, { key, epoch: cache.begin(), hit: true });
    if (entry.viewDiscussionID !== undefined) {
      countDiscussionView(app.deps.db, entry.viewDiscussionID);
    }
    const { body, encoding } = cache.variant(
      key,
      entry,
      preferredEncoding(request.headers['accept-encoding']),
    );
    reply.code(entry.status);
    for (const [name, value] of entry.headers) reply.header(name, value);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.header('vary', 'accept-encoding');
    reply.header('x-hearth-cache', 'hit');
    return reply.send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = states.get(request);
    if (state === undefined || state.hit) return payload;
    try {
      storeAnswer(request, reply, payload, state);
    } finally {
      state.release?.();
      state.release = undefined;
    }
    return payload;
  });

  // A request that ends without sending (the client went away) still lets the waiting ones go on.
  app.addHook('onResponse', async (request) => {
    const state = states.get(request);
    state?.release?.();
  });

  function storeAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    state: CacheState,
  ): void {
    const storable =
      reply.statusCode === 200 &&
      request.ctx?.actor.userID === 0 &&
      reply.getHeader('set-cookie') === undefined &&
      (typeof payload === 'string' || Buffer.isBuffer(payload));
    if (!storable) return;
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || notStored.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    }
    const stored = cache.store(state.key, state.epoch, {
      status: 200,
      headers,
      body: typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer),
      viewDiscussionID: request.ctx.viewedDiscussionID,
    });
    if (stored) reply.header('x-hearth-cache', 'miss');
  }

  // Before the write's answer leaves (the writer's next read must not find the old answer): any
  // other method empties the cache. Refusals that change nothing (validation, permission, not
  // found) keep it; anything else, including a long-runner's partial 408 and a 5xx, empties it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method)) return payload;
    const status = reply.statusCode;
    if (status < 400 || status >= 500 || status === 408) cache.invalidate();
    return payload;
  });
}
