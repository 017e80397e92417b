import { IGNORE_SELF_MESSAGE, IGNORE_STAFF_MESSAGE, type IgnoreState } from '../../../../common/src/api/conversations.ts';
import type { UserRef } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError } from '../../platform/errors.ts';
import { rankOf } from '../users/users.policy.ts';
import { rankOfUser } from '../users/users.rank.ts';
import { requireLiveUser, resolveUserRef } from '../users/users.service.ts';
import { canIgnoreTarget, canIgnoreUsers } from './user-ignores.policy.ts';
import { deleteIgnore, findIgnorersAmong, insertIgnore, isIgnoring } from './user-ignores.repo.ts';

/** The signed-in user and the live user the path names. */
async function target(ctx: RequestContext, ref: UserRef): Promise<number> {
  authorize(canIgnoreUsers(ctx.permissions, ctx.actor.userID), { permissions: 'session.valid' });
  const userID = await resolveUserRef(ctx, ref);
  await requireLiveUser(ctx.db, userID);
  return userID;
}

/**
 * `GET /users/{id}/ignore`: whether the current user ignores the user.
 * @throws AppError 403 for guests, 404 "User not found."
 */
export async function getIgnoreState(ctx: RequestContext, ref: UserRef): Promise<IgnoreState> {
  const userID = await target(ctx, ref);
  return { userID, ignored: await isIgnoring(ctx.db, ctx.actor.userID, userID) };
}

/**
 * `PUT /users/{id}/ignore`: the current user ignores the user; their private messages and
 * mentions no longer notify the current user.
 * @throws AppError 400 "You cannot ignore yourself.", 403 for guests, 403 "You can't ignore that
 * person." for staff (moderator or higher) and users who outrank the actor, 404 "User not found."
 */
export async function ignoreUser(ctx: RequestContext, ref: UserRef): Promise<IgnoreState> {
  const userID = await target(ctx, ref);
  if (userID === ctx.actor.userID) throw new AppError(400, IGNORE_SELF_MESSAGE);
  if (!canIgnoreTarget(rankOf(ctx.permissions), await rankOfUser(ctx.db, userID))) throw new AppError(403, IGNORE_STAFF_MESSAGE);
  await insertIgnore(ctx.db, ctx.actor.userID, userID, nowIso(ctx.clock));
  return { userID, ignored: true };
}

/**
 * `DELETE /users/{id}/ignore`: the current user stops ignoring the user.
 * @throws AppError 403 for guests, 404 "User not found."
 */
export async function unignoreUser(ctx: RequestContext, ref: UserRef): Promise<void> {
  const userID = await target(ctx, ref);
  await deleteIgnore(ctx.db, ctx.actor.userID, userID);
}

/** The recipients left once those who ignore `actorUserID` are taken out (notification delivery). */
export async function withoutIgnorers(db: Db, actorUserID: number, userIDs: readonly number[]): Promise<number[]> {
  const ignorers = await findIgnorersAmong(db, actorUserID, userIDs);
  return userIDs.filter((userID) => !ignorers.has(userID));
}
