import type { Session, SessionDeleteQuery, SessionListQuery, SignInBody } from '../../../../common/src/api/auth.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { safeEqual } from '../../platform/secrets.ts';
import {
  clearThrottle,
  consumeThrottle,
  peekBackoff,
  peekThrottle,
  recordBackoffFailure,
  throttleAddress,
  throttledError,
  type BackoffRule,
  type ThrottleRule,
} from '../../platform/throttle.ts';
import { authorizeActingOnUser } from '../users/users.rank.ts';
import { liftBanIfEnded } from '../users/users.ban-expiry.ts';
import { canManageSessions, canStartSession } from './auth.policy.ts';
import { presentSession, presentSignedInUser } from './auth.present.ts';
import { findAccountByID, findAccountByNameOrEmail, recordSignIn } from './auth.repo.ts';
import { createSession, endSession, type CreatedSession } from './sessions.ts';
import { deleteSessionOfUser, deleteUserSessions, findUserSessions } from './sessions.repo.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';

/**
 * Sign-in throttles (api-contract §1.13). Per account and address: one attempt per second
 * (Vanilla's `Garden.User.RateLimit`), and at most 10 wrong passwords per 15 minutes, so failures
 * sent from one address never lock the account's owner out at another. Per address: ten attempts
 * per ten seconds (room for several people behind one address), and a back-off that grows with
 * every wrong password after the fifth (2 s, 4 s, 8 s... at most an hour), forgotten a day after
 * the last one.
 */
export const signInThrottles = {
  user: { limit: 1, windowSeconds: 1 },
  failures: { limit: 10, windowSeconds: 15 * 60 },
  ip: { limit: 10, windowSeconds: 10 },
} as const satisfies Record<string, ThrottleRule>;

export const signInBackoff: BackoffRule = { freeFailures: 5, baseSeconds: 2, maxSeconds: 60 * 60, resetAfterSeconds: 24 * 60 * 60 };

/** The key counting wrong passwords for one account from one address. */
export function signInFailuresKey(userID: number, ipAddress: string): string {
  return `signin:failures:${userID}:${throttleAddress(ipAddress)}`;
}

/** The prefix of every failure counter of one account (a password reset lifts them all). */
export function signInFailuresPrefix(userID: number): string {
  return `signin:failures:${userID}:`;
}

/** The key of one address's back-off. */
export function signInBackoffKey(ipAddress: string): string {
  return `signin:backoff:${throttleAddress(ipAddress)}`;
}

/**
 * Refuses a password check the throttles hold back: the address's back-off, one attempt per
 * second for this account from this address (sign-in only), ten failures for it from this address.
 * @throws AppError 429 with `Retry-After`.
 */
export async function checkPasswordThrottles(
  ctx: RequestContext,
  userID: number,
  options: { onePerSecond: boolean } = { onePerSecond: true },
): Promise<void> {
  const now = ctx.clock();
  const backoff = await peekBackoff(ctx.db, signInBackoffKey(ctx.ipAddress), now);
  if (!backoff.allowed) throw throttledError(IP_THROTTLE_MESSAGE, backoff);
  if (options.onePerSecond) {
    const userDecision = await consumeThrottle(ctx.db, `signin:user:${userID}:${throttleAddress(ctx.ipAddress)}`, signInThrottles.user, now);
    if (!userDecision.allowed) throw throttledError(USER_THROTTLE_MESSAGE, userDecision);
  }
  const failures = await peekThrottle(ctx.db, signInFailuresKey(userID, ctx.ipAddress), signInThrottles.failures, now);
  if (!failures.allowed) throw throttledError(USER_THROTTLE_MESSAGE, failures);
}

/** Counts a wrong password against the account at this address and the address's back-off. */
export async function recordWrongPassword(ctx: RequestContext, userID: number): Promise<void> {
  const now = ctx.clock();
  await consumeThrottle(ctx.db, signInFailuresKey(userID, ctx.ipAddress), signInThrottles.failures, now);
  await recordBackoffFailure(ctx.db, signInBackoffKey(ctx.ipAddress), signInBackoff, now);
}

/**
 * A right password: this address's failures for the account are forgotten. The address's back-off
 * is not (an attacker holding one account of their own could otherwise reset it between guesses).
 */
export async function recordRightPassword(ctx: RequestContext, userID: number): Promise<void> {
  await clearThrottle(ctx.db, signInFailuresKey(userID, ctx.ipAddress));
}

/** api-contract §1.13, verbatim (the user message ends with "!."). */
export const USER_THROTTLE_MESSAGE = 'You are trying to log in too often. Slow down!.';
export const IP_THROTTLE_MESSAGE = 'Your IP is trying to log in too often. Slow down!';
export const USER_NOT_FOUND = 'User not found.';
export const WRONG_PASSWORD = 'The password you entered is incorrect.';
export const BANNED = 'You are banned.';
/** Vanilla's `ErrorPermission`: the account may not start a session (e.g. an applicant). */
export const CANNOT_SIGN_IN = 'Sorry, permission denied.';
export const INVALID_TRANSIENT_KEY = 'Invalid transient key.';

/** At most this many sessions are listed. */
const SESSION_LIST_LIMIT = 500;

export interface SignInResult {
  user: UserFragment;
  session: CreatedSession;
}

/**
 * `POST /authenticate/password` (api-contract §2): checks the throttles, the password, bans and
 * `session.valid`, then starts a session (the caller sets the cookie). A session the request
 * already had ends.
 * @throws AppError 404/401 validation errors, 401 banned, 403 no session permission, 429 throttled.
 */
export async function signInWithPassword(ctx: RequestContext, input: SignInBody): Promise<SignInResult> {
  const ipDecision = await consumeThrottle(ctx.db, `signin:ip:${throttleAddress(ctx.ipAddress)}`, signInThrottles.ip, ctx.clock());
  if (!ipDecision.allowed) throw throttledError(IP_THROTTLE_MESSAGE, ipDecision);

  const account = await findAccountByNameOrEmail(ctx.db, input.username);
  if (!account || account.deleted) throw fieldError('username', USER_NOT_FOUND, 404);

  await checkPasswordThrottles(ctx, account.userID);
  if (!(await verifyPassword(input.password, account.passwordHash))) {
    await recordWrongPassword(ctx, account.userID);
    await recordAudit(ctx, {
      eventType: 'user_signinFailed',
      message: `Failed sign-in for ${account.name}.`,
      context: { userID: account.userID, name: account.name },
    });
    throw fieldError('password', WRONG_PASSWORD, 401);
  }
  await recordRightPassword(ctx, account.userID);

  // api-contract §2: bans still apply after sign-in: 401 and no session.
  // A ban whose end date has passed lifts now, whether or not its job has run (contract §27.8).
  if (account.banned) {
    if (!(await liftBanIfEnded(ctx.db, account.userID, ctx.clock))) throw new AppError(401, BANNED);
    account.banned = false;
  }
  if (!canStartSession(await loadPermissionSet(ctx.db, account.userID))) throw new AppError(403, CANNOT_SIGN_IN);

  if (ctx.actor.via === 'session' && ctx.actor.sessionID) await endSession(ctx, ctx.actor.sessionID);
  const session = await createSession(ctx, {
    userID: account.userID,
    persist: input.persist,
    ipAddress: ctx.ipAddress,
    userAgent: ctx.userAgent,
  });
  const now = nowIso();
  await recordSignIn(ctx.db, account.userID, ctx.ipAddress, now);
  await recordAudit(ctx, {
    eventType: 'user_signin',
    message: `${account.name} signed in.`,
    context: { userID: account.userID },
    insertUserID: account.userID,
  });
  return { user: presentSignedInUser({ ...account, dateLastActive: now }, ctx.config.baseUrl), session };
}

/**
 * Ends the request's session (`POST /authenticate/signout`). With a `transientKey` (the
 * `/entry/signout` link's proof of intent) the key must be the session's.
 * @throws AppError 401 "Invalid transient key." when a given key is not the session's.
 */
export async function signOut(ctx: RequestContext, input: { transientKey?: string | undefined }): Promise<void> {
  const { actor } = ctx;
  if (actor.via !== 'session' || !actor.sessionID) return;
  if (input.transientKey !== undefined && (actor.transientKey === null || !safeEqual(input.transientKey, actor.transientKey))) {
    throw new AppError(401, INVALID_TRANSIENT_KEY);
  }
  await endSession(ctx, actor.sessionID);
}

function resolveUserID(ctx: RequestContext, ref: '$me' | number | undefined): number {
  return ref === undefined || ref === '$me' ? ctx.actor.userID : ref;
}

async function requireSessionOwner(ctx: RequestContext, userID: number): Promise<void> {
  authorize(canManageSessions(ctx.actor, ctx.permissions, userID), { permissions: 'users.edit' });
  const account = await findAccountByID(ctx.db, userID);
  if (!account) throw notFound('User');
  await authorizeActingOnUser(ctx, userID, 'users.edit');
}

/**
 * `GET /sessions` (api-contract §2): a user's sessions, newest first.
 * @throws AppError 403 for another user's sessions without `users.edit` or a higher rank; 404 unknown user.
 */
export async function listSessions(ctx: RequestContext, query: SessionListQuery): Promise<Session[]> {
  const userID = resolveUserID(ctx, query.userID);
  await requireSessionOwner(ctx, userID);
  const rows = await findUserSessions(ctx.db, userID, query.filter, nowIso(), SESSION_LIST_LIMIT);
  return rows.map(presentSession);
}

/**
 * `DELETE /sessions` (api-contract §2): without parameters the request's own session; with
 * `userID` all of that user's sessions, or only `sessionID`. Answers whether the request's own
 * session ended (the caller then clears the cookie).
 * @throws AppError 403 for another user's sessions without `users.edit` or a higher rank; 404 unknown user or session.
 */
export async function deleteSessions(ctx: RequestContext, query: SessionDeleteQuery): Promise<{ endedCurrent: boolean }> {
  const { actor } = ctx;
  if (query.userID === undefined && query.sessionID === undefined) {
    if (actor.via !== 'session' || !actor.sessionID) return { endedCurrent: false };
    await endSession(ctx, actor.sessionID);
    return { endedCurrent: true };
  }
  const userID = resolveUserID(ctx, query.userID);
  await requireSessionOwner(ctx, userID);
  if (query.sessionID !== undefined) {
    if (!(await deleteSessionOfUser(ctx.db, userID, query.sessionID))) throw notFound('Session');
    return { endedCurrent: actor.via === 'session' && query.sessionID === actor.sessionID };
  }
  await deleteUserSessions(ctx.db, userID);
  return { endedCurrent: actor.via === 'session' && userID === actor.userID };
}

/** Whether `password` is the user's current password (callers apply the sign-in throttle around it). */
export async function isCurrentPassword(ctx: RequestContext, userID: number, password: string): Promise<boolean> {
  const account = await findAccountByID(ctx.db, userID);
  return verifyPassword(password, account?.passwordHash ?? null);
}
