import type { BanBody, BanResult, DeleteMethod, UserRef } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso, toApiDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { logBan } from '../logs/logs.record.ts';
import { scheduleBanLift } from './users.ban-expiry.ts';
import { writeUserBan } from './users.ban.repo.ts';
import { deleteUpload, isStoredUploadPath } from '../../platform/uploads.ts';
import { endUserSessions } from '../auth/sessions.ts';
import { refuseRemovingLastAdministrator } from './users.admins.ts';
import { authorizeActingOnUser, rankOfUser } from './users.rank.ts';
import {
  banPermissions,
  banRankRefusal,
  canBanUsers,
  canDeleteUsers,
  rankOf,
} from './users.policy.ts';
import { scheduleUserContentDeletion } from './users.delete-content.ts';
import { markUserDeleted } from './users.repo.ts';
import { requireLiveUser, resolveUserRef } from './users.service.ts';

/** Vanilla's texts for rank refusals (api-contract §3). */
export const DELETE_HIGHER_RANK =
  'You are not allowed to delete a user that has higher permissions than you.';
export const BAN_HIGHER_RANK =
  'You are not allowed to ban a user that has higher permissions than you.';
export const BAN_SAME_RANK =
  'You are not allowed to ban a user with the same permission level as you.';
export const BAN_NOT_ALLOWED = 'You do not have permission to ban a user';

/**
 * `PUT /users/{id}/ban` (api-contract §3, §27.8): `community.moderate` or `users.edit`, and a
 * target of strictly lower rank. A ban keeps its reason and end date (a job lifts it then); each
 * ban and unban is a `ban` entry of the change log and an audit event.
 * @throws AppError 403 (permission or rank), 404, 422 (an end date already past).
 */
export async function setUserBan(ctx: RequestContext, ref: UserRef, input: BanBody): Promise<BanResult> {
  authorize(canBanUsers(ctx.permissions), { permissions: banPermissions });
  const userID = await resolveUserRef(ctx, ref);
  const user = await requireLiveUser(ctx.db, userID);
  const refusal = banRankRefusal(rankOf(ctx.permissions), await rankOfUser(ctx.db, userID));
  if (refusal) throw new AppError(403, refusal === 'higher' ? BAN_HIGHER_RANK : BAN_SAME_RANK);
  const now = nowIso(ctx.clock);
  const reason = input.banned && input.reason ? input.reason : null;
  const dateExpires = input.banned ? (input.dateExpires ?? null) : null;
  if (dateExpires !== null && dateExpires <= now)
    throw fieldError('dateExpires', 'dateExpires must be in the future.', 422);
  // The user's sessions and tokens stay: each of their requests answers 401 "You are banned."
  // (api-contract §1.2), so they learn why, and signing out still works.
  await ctx.db.transaction().execute(async (trx) => {
    if (input.banned) await refuseRemovingLastAdministrator(trx, userID, false);
    await writeUserBan(trx, userID, { banned: input.banned, reason, dateExpires, now });
    await logBan(trx, user, { banned: input.banned, reason, dateExpires }, { insertUserID: ctx.actor.userID, dateInserted: now });
    await recordAudit(
      ctx,
      {
        eventType: input.banned ? 'user_ban' : 'user_unban',
        message: `${input.banned ? 'Banned' : 'Unbanned'} user ${user.name}.`,
        context: { userID, name: user.name, banned: { old: user.banned !== 0, new: input.banned }, reason, dateExpires },
      },
      trx,
    );
    if (dateExpires !== null) await scheduleBanLift(trx, userID, dateExpires, ctx.clock);
  });
  return { banned: input.banned, reason, dateExpires: toApiDate(dateExpires) };
}

/**
 * `DELETE /users/{id}` (`users.delete`, api-contract §3). The account is marked deleted and
 * scrubbed (name, e-mail, password, picture, roles, sessions, tokens). `deleteMethod` decides what
 * happens to the content, as Vanilla's UserModel::deleteContent: `keep` leaves it under the
 * 'Deleted User' placeholder; `wipe` replaces the bodies of the user's discussions and comments
 * with "The user and all related content has been deleted." (names stay); `delete` removes the
 * user's discussions (with their comments) and comments through the usual delete paths. Wipe and
 * delete run in a durable job enqueued in the scrub's transaction (users.delete-content.ts).
 * @throws AppError 403 (permission or higher rank), 404.
 */
export async function deleteUser(
  ctx: RequestContext,
  ref: UserRef,
  deleteMethod: DeleteMethod,
): Promise<void> {
  authorize(canDeleteUsers(ctx.permissions), { permissions: 'users.delete' });
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizeActingOnUser(ctx, userID, 'users.delete', DELETE_HIGHER_RANK);
  await ctx.db.transaction().execute(async (trx) => {
    await refuseRemovingLastAdministrator(trx, userID, false);
    await markUserDeleted(trx, userID, nowIso(ctx.clock));
    await endUserSessions(trx, userID);
    await bumpPermissionsVersion(trx);
    if (deleteMethod !== 'keep')
      await scheduleUserContentDeletion(trx, { userID, method: deleteMethod, deleteUserID: ctx.actor.userID }, ctx.clock);
    await recordAudit(
      ctx,
      {
        eventType: 'user_delete',
        message: `Deleted user ${row.name}.`,
        context: { userID, name: row.name, deleteMethod },
      },
      trx,
    );
  });
  if (row.photo !== null && isStoredUploadPath(row.photo))
    await deleteUpload(ctx.config.dataDir, row.photo);
}
