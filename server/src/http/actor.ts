import type { FastifyReply, FastifyRequest } from 'fastify';
import { guestActor, type Actor, type AppDeps } from './context.ts';
import { AppError } from '../platform/errors.ts';
import { loadSession, SESSION_COOKIE } from '../features/auth/sessions.ts';
import { resolveTokenOwner } from '../features/tokens/tokens.service.ts';
import { liftBanIfEnded } from '../features/users/users.ban-expiry.ts';
import { safeEqual } from '../platform/secrets.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Query parameters that carry secrets and must not reach the logs. */
const SECRET_QUERY_PARAMETERS = /([?&](?:access_token|transientKey|TransientKey)=)[^&#]*/g;

/**
 * A request URL with secret query values (`access_token`, `transientKey`) replaced, for the
 * logger's request serializer: `serializers: { req: (req) => ({ ..., url: redactUrl(req.url) }) }`.
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY_PARAMETERS, '$1[redacted]');
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1]) return match[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  return typeof fromQuery === 'string' && fromQuery !== '' ? fromQuery : null;
}

/**
 * Resolves who makes the request (contract §1.2), in order: access token (`Authorization: Bearer`
 * or `?access_token=`), session cookie, guest. An invalid token does not fail the request: it
 * continues as a guest with an `X-WWW-Authenticate` header.
 */
export async function resolveActor(request: FastifyRequest, reply: FastifyReply, deps: AppDeps): Promise<Actor> {
  const token = bearerToken(request);
  if (token) {
    let owner = await resolveTokenOwner(deps.db, token, deps.clock);
    // A ban whose end date has passed lifts now, whether or not its job has run (contract §27.8).
    if (owner?.banned && !owner.deleted && (await liftBanIfEnded(deps.db, owner.userID, deps.clock))) {
      owner = await resolveTokenOwner(deps.db, token, deps.clock);
    }
    if (owner) {
      return {
        userID: owner.userID,
        via: 'token',
        sessionID: null,
        transientKey: null,
        csrfFailed: false,
        banned: owner.banned || owner.deleted,
        permissionSubject: owner.permissionSubject,
        userFragment: owner.userFragment,
      };
    }
    reply.header('X-WWW-Authenticate', 'error="invalid_token", error_description="The access token is invalid, revoked or expired."');
    return guestActor;
  }
  const cookie = request.cookies[SESSION_COOKIE];
  let session = await loadSession(deps, cookie);
  if (session?.banned && !session.deleted && (await liftBanIfEnded(deps.db, session.userID, deps.clock))) {
    session = await loadSession(deps, cookie);
  }
  if (!session) return guestActor;
  return {
    userID: session.userID,
    via: 'session',
    sessionID: session.sessionID,
    transientKey: session.transientKey,
    csrfFailed: false,
    banned: session.banned || session.deleted,
    permissionSubject: session.permissionSubject,
    userFragment: session.userFragment,
  };
}

function hostOf(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The CSRF rule of contract §1.2 for cookie sessions on every write: either `X-Requested-With`
 * with a same-host `Referer` (and `Origin`, if sent), or a valid transient key in the body
 * (`TransientKey`/`transientKey`) or the `X-Transient-Key` header.
 */
export function passesCsrf(request: FastifyRequest, actor: Actor): boolean {
  if (actor.via !== 'session' || !WRITE_METHODS.has(request.method)) return true;
  const host = hostOf(request.host);
  const referer = request.headers.referer;
  const origin = request.headers.origin;
  if (request.headers['x-requested-with'] !== undefined && typeof referer === 'string' && host !== null) {
    const sameReferer = hostOf(referer) === host;
    const sameOrigin = origin === undefined || hostOf(origin) === host;
    if (sameReferer && sameOrigin) return true;
  }
  const body = request.body as Record<string, unknown> | null | undefined;
  const candidates = [request.headers['x-transient-key'], body?.TransientKey, body?.transientKey];
  return candidates.some((value) => typeof value === 'string' && actor.transientKey !== null && safeEqual(value, actor.transientKey));
}

/** Refuses a banned user's calls (401) and a cookie write that fails the CSRF rule (403). */
export function guardRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  options: { csrfExempt: boolean; allowBanned: boolean },
): void {
  const actor = request.ctx.actor;
  if (actor.banned && !options.allowBanned) throw new AppError(401, 'You are banned.');
  if (!options.csrfExempt && !passesCsrf(request, actor)) {
    if (actor.transientKey) reply.header('X-CSRF-Token', actor.transientKey);
    throw new AppError(403, 'Invalid CSRF token. Please try again.');
  }
}
