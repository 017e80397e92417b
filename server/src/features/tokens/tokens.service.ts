import type { CreatedToken, CreateTokenBody, Token, TokenSummary } from '../../../../common/src/api/tokens.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { isoAfter, nowIso, toApiDate } from '../../platform/dates.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { randomToken, safeEqual } from '../../platform/secrets.ts';
import { canAccessToken, canUseTokens } from './tokens.policy.ts';
import { presentToken, presentTokenSummary } from './tokens.present.ts';
import { hashToken } from './token-hash.ts';
import {
  findAccessTokenByID,
  findActiveTokenOwner,
  findActiveTokensOfUser,
  insertAccessToken,
  revokeAccessToken,
  touchToken,
  type AccessTokenRow,
} from './tokens.repo.ts';
import type { Db } from '../../platform/db/db.ts';
import { authorizeActingOnUser } from '../users/users.rank.ts';

/** api-contract §2: personal access tokens expire after 10 years. */
export const TOKEN_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;
const LIST_LIMIT = 200;

/** A recognisable prefix (secret scanners, support) followed by 256 random bits. */
const TOKEN_PREFIX = 'va.';

function requireTokensAdd(ctx: RequestContext): void {
  authorize(canUseTokens(ctx.permissions), { permissions: 'tokens.add' });
}

/** The request must come from a cookie session whose transient key is `given` (api-contract §2). */
function requireTransientKey(ctx: RequestContext, given: string): void {
  const key = ctx.actor.transientKey;
  if (key === null || !safeEqual(given, key)) throw new AppError(401, 'Invalid transient key.');
}

async function findVisibleToken(ctx: RequestContext, accessTokenID: number): Promise<AccessTokenRow> {
  const token = await findAccessTokenByID(ctx.db, accessTokenID);
  // Another user's token is not even confirmed to exist (404, not 403).
  if (!token || !canAccessToken(ctx.actor, ctx.permissions, token)) throw notFound('Token');
  // Issue 11 item 7: another user's token also needs a rank above its owner's.
  await authorizeActingOnUser(ctx, token.userID, 'site.manage');
  return token;
}

/**
 * `GET /tokens`: the current user's active tokens, newest first, at most 200.
 * @throws AppError 403 without `tokens.add`.
 */
export async function listTokens(ctx: RequestContext): Promise<TokenSummary[]> {
  requireTokensAdd(ctx);
  const rows = await findActiveTokensOfUser(ctx.db, ctx.actor.userID, nowIso(ctx.clock), LIST_LIMIT);
  return rows.map(presentTokenSummary);
}

/**
 * `POST /tokens`: a new token for the current user. Only its hash is stored, so this answer is
 * the only place the token appears.
 * @throws AppError 403 without `tokens.add`, 401 "Invalid transient key.".
 */
export async function createToken(ctx: RequestContext, input: CreateTokenBody): Promise<CreatedToken> {
  requireTokensAdd(ctx);
  requireTransientKey(ctx, input.transientKey);
  const accessToken = `${TOKEN_PREFIX}${randomToken(32)}`;
  const now = nowIso(ctx.clock);
  const accessTokenID = await insertAccessToken(ctx.db, {
    userID: ctx.actor.userID,
    name: input.name,
    tokenHash: hashToken(accessToken),
    now,
    dateExpires: isoAfter(TOKEN_LIFETIME_SECONDS, ctx.clock()),
  });
  return { accessTokenID, name: input.name, accessToken, dateInserted: toApiDate(now) };
}

/**
 * `GET /tokens/{id}?transientKey=`: the token's record (its owner's, or anyone's for `site.manage`).
 * @throws AppError 403 without `tokens.add`, 401 bad transient key, 404, 410 "Token revoked."/"Token expired.".
 */
export async function getToken(ctx: RequestContext, accessTokenID: number, transientKey: string): Promise<Token> {
  requireTokensAdd(ctx);
  requireTransientKey(ctx, transientKey);
  const token = await findVisibleToken(ctx, accessTokenID);
  if (token.dateRevoked !== null) throw new AppError(410, 'Token revoked.');
  if (Date.parse(token.dateExpires) <= ctx.clock()) throw new AppError(410, 'Token expired.');
  return presentToken(token);
}

/**
 * `DELETE /tokens/{id}`: revokes a token (idempotent).
 * @throws AppError 404 when the token is not the actor's and they lack `site.manage`.
 */
export async function deleteToken(ctx: RequestContext, accessTokenID: number): Promise<void> {
  const token = await findVisibleToken(ctx, accessTokenID);
  await revokeAccessToken(ctx.db, token.accessTokenID, nowIso(ctx.clock));
}

/** When each token's use was last written (bounded: it is only a write-saving cache). */
const tokenTouches = new Map<number, number>();
const MAX_TOKEN_TOUCHES = 10_000;

/**
 * The owner of a live bearer token (`Authorization: Bearer`, contract §1.2), or null when the token
 * is unknown, revoked or expired. The token's last use is written at most once a minute.
 */
export async function resolveTokenOwner(
  db: Db,
  token: string,
  clock: () => number,
): Promise<Awaited<ReturnType<typeof findActiveTokenOwner>>> {
  const at = clock();
  const now = nowIso(() => at);
  const owner = await findActiveTokenOwner(db, hashToken(token), now);
  if (owner) {
    const last = tokenTouches.get(owner.accessTokenID) ?? 0;
    if (Math.abs(at - last) > 60_000) {
      if (tokenTouches.size >= MAX_TOKEN_TOUCHES) tokenTouches.clear();
      tokenTouches.set(owner.accessTokenID, at);
      await touchToken(db, owner.accessTokenID, now);
    }
  }
  return owner;
}
