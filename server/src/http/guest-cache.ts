import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../features/auth/sessions.ts';
import { countDiscussionView } from '../features/discussions/discussions.views.ts';
import { guestCacheKey } from './origin.ts';
import {
  declaredGuestChange,
  declaredGuestRead,
  GuestCache,
  preferredEncoding,
} from '../platform/guest-cache.ts';

/**
 * What a successful write of a route changes for guests (every non-GET API route decides; the
 * guest cache test lists them): `none` (sign-in, sign-out, sessions, tokens, bookmarks, follows,
 * uploads…: nothing a guest sees), `all` (permissions, configuration, roles, categories, users,
 * tags, bulk actions: the cache is emptied), or `declared` (posts and reactions: the service names
 * the discussions and categories it changed with `declareGuestChange`, and those answers and every
 * list go; a `declared` route that declared nothing empties the cache).
 */
export type GuestCacheWrite = 'none' | 'all' | 'declared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A guest's GET of this route may be answered from the guest cache (platform/guest-cache.ts). */
    guestCache?: boolean;
    /** What this write route's success changes in the guest cache (a non-GET route without it: none). */
    guestCacheWrite?: GuestCacheWrite;
  }
  interface FastifyInstance {
    guestCache: GuestCache;
    /** Each non-GET API route (`METHOD url`) and what it declared (undefined: it did not decide). */
    guestCacheWrites: Map<string, GuestCacheWrite | undefined>;
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
 * - onSend of a write route that declares `guestCacheWrite`: removes what the write changed.
 */
export function registerGuestCache(app: FastifyInstance, cache: GuestCache): void {
  app.decorate('guestCache', cache);
  const writes = new Map<string, GuestCacheWrite | undefined>();
  app.decorate('guestCacheWrites', writes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const config = route.config as { guestCacheWrite?: GuestCacheWrite } | undefined;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (SAFE_METHODS.has(method.toUpperCase())) continue;
      writes.set(`${method.toUpperCase()} ${route.url}`, config?.guestCacheWrite);
    }
  });
  if (!cache.enabled) return;
  const inflight = new Map<string, Promise<void>>();

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.routeOptions.config?.guestCache !== true) return;
    if (!isGuestRequest(request)) return;
    const key = guestCacheKey(request, app.deps.config);
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
      tags: declaredGuestRead(request.ctx),
    });
    if (stored) reply.header('x-hearth-cache', 'miss');
  }

  // Before the write's answer leaves (the writer's next read, in this process or another, must not
  // find the old answer): a route that changes what guests see removes what it changed (`guestCacheWrite`). Refusals that
  // change nothing (validation, permission, not found) keep it; a long-runner's partial 408 and a
  // 5xx empty it; private writes (sign-in, sign-out, sessions, tokens…) never touch it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (SAFE_METHODS.has(request.method)) return payload;
    const write = request.routeOptions.config?.guestCacheWrite ?? 'none';
    if (write === 'none') return payload;
    const status = reply.statusCode;
    if (status >= 400 && status < 500 && status !== 408) return payload;
    const declared =
      write === 'declared' && status < 400 && request.ctx
        ? declaredGuestChange(request.ctx)
        : undefined;
    if (declared === 'nothing') return payload;
    cache.invalidate(declared);
    // The other processes empty theirs before the answer leaves too: the writer's next read may
    // reach any of them (at most 1 s, then it answers all the same and logs).
    await app.deps.events.peersApplied();
    return payload;
  });
}
