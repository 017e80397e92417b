import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../http/context.ts';
import { isoAfter, nowIso } from '../../platform/dates.ts';
import { randomToken, safeEqual, sign } from '../../platform/secrets.ts';
import type { Db } from '../../platform/db/db.ts';
import { deleteSession, deleteUserSessions, findLiveSession, insertSession, touchSession, type SessionRow } from './sessions.repo.ts';

/** Name of the session cookie (contract §1.2 lets Hearth choose its own default). */
export const SESSION_COOKIE = 'hearth';
/** "Keep me signed in": 30 days (contract §1.2, Garden.Cookie.PersistExpiry). */
export const PERSIST_SECONDS = 30 * 24 * 60 * 60;
/** A browser-session cookie's server-side lifetime when the browser stays open. */
export const SESSION_SECONDS = 2 * 24 * 60 * 60;
/** Activity is written at most this often per session, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface CreatedSession {
  sessionID: string;
  transientKey: string;
  cookieValue: string;
  expires: Date;
  persist: boolean;
}

/** Cookie value: `sid.exp.signature`, signed with the site secret (contract §1.2). */
function encodeCookie(secret: string, sessionID: string, expiresSeconds: number): string {
  const payload = `${sessionID}.${expiresSeconds}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The session ID in a cookie value when its signature is valid and it has not expired, else null. */
export function decodeSessionCookie(secret: string, value: string | undefined, now = Date.now()): string | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 3) return null;
  const [sessionID, expires, signature] = parts as [string, string, string];
  if (!safeEqual(sign(secret, `${sessionID}.${expires}`), signature)) return null;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now) return null;
  return sessionID;
}

/** Starts a session for a user and returns what the cookie needs. */
export async function createSession(
  deps: AppDeps,
  input: { userID: number; persist: boolean; ipAddress: string | null; userAgent: string | null },
): Promise<CreatedSession> {
  const sessionID = randomToken(24);
  const transientKey = randomToken(16);
  const lifetime = input.persist ? PERSIST_SECONDS : SESSION_SECONDS;
  const now = Date.now();
  const expires = new Date(now + lifetime * 1000);
  await insertSession(deps.db, {
    sessionID,
    userID: input.userID,
    transientKey,
    persist: input.persist,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    now: new Date(now).toISOString(),
    dateExpires: isoAfter(lifetime, now),
  });
  return {
    sessionID,
    transientKey,
    persist: input.persist,
    expires,
    cookieValue: encodeCookie(deps.secret, sessionID, Math.floor(expires.getTime() / 1000)),
  };
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure on https; persistent only with "Keep me signed in". */
export function setSessionCookie(reply: FastifyReply, deps: AppDeps, session: CreatedSession): void {
  reply.setCookie(SESSION_COOKIE, session.cookieValue, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.config.secureCookies,
    // A browser-session cookie carries neither Expires nor Max-Age (contract §1.2).
    ...(session.persist ? { expires: session.expires, maxAge: Math.max(0, Math.ceil((session.expires.getTime() - Date.now()) / 1000)) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, deps: AppDeps): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: deps.config.secureCookies });
}

/** Looks up the live session named by a cookie value, touching its activity now and then. */
export async function loadSession(deps: AppDeps, cookieValue: string | undefined): Promise<SessionRow | null> {
  const sessionID = decodeSessionCookie(deps.secret, cookieValue);
  if (!sessionID) return null;
  const now = nowIso();
  const session = await findLiveSession(deps.db, sessionID, now);
  if (!session) return null;
  const last = session.dateUpdated ? Date.parse(session.dateUpdated) : 0;
  if (Date.now() - last > TOUCH_INTERVAL_MS) await touchSession(deps.db, sessionID, session.userID, now);
  return session;
}

export async function endSession(deps: AppDeps, sessionID: string): Promise<void> {
  await deleteSession(deps.db, sessionID);
}

/** Ends every session of a user (deleting or banning them); `db` may be an open transaction. */
export async function endUserSessions(db: Db, userID: number): Promise<void> {
  await deleteUserSessions(db, userID);
}
