import type { DeleteMethod, UserRef } from '../../../../common/src/api/users.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
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
import { markUserDeleted, updateUser } from './users.repo.ts';
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
 * `PUT /users/{id}/ban` (api-contract §3): `community.moderate` or `users.edit`, and a target of
 * strictly lower rank.
 * @throws AppError 403 (permission or rank), 404.
 */
export async function setUserBan(
  ctx: RequestContext,
  ref: UserRef,
  banned: boolean,
): Promise<{ banned: boolean }> {
  authorize(canBanUsers(ctx.permissions), { permissions: banPermissions });
  const userID = await resolveUserRef(ctx, ref);
  await requireLiveUser(ctx.db, userID);
  const refusal = banRankRefusal(rankOf(ctx.permissions), await rankOfUser(ctx.db, userID));
  if (refusal) throw new AppError(403, refusal === 'higher' ? BAN_HIGHER_RANK : BAN_SAME_RANK);
  // The user's sessions and tokens stay: each of their requests answers 401 "You are banned."
  // (api-contract §1.2), so they learn why, and signing out still works.
  await ctx.db.transaction().execute(async (trx) => {
    if (banned) await refuseRemovingLastAdministrator(trx, userID, false);
    await updateUser(trx, userID, { banned: banned ? 1 : 0, dateUpdated: nowIso() });
  });
  return { banned };
}

/**
 * `DELETE /users/{id}` (`users.delete`, api-contract §3). The account is marked deleted and
 * scrubbed (name, e-mail, password, picture, roles, sessions, tokens); its content will show the
 * 'Deleted User' placeholder. `deleteMethod` (keep | wipe | delete) decides what happens to the
 * content once content features exist; today every method keeps it.
 * @throws AppError 403 (permission or higher rank), 404.
 */
export async function deleteUser(
  ctx: RequestContext,
  ref: UserRef,
  _deleteMethod: DeleteMethod,
): Promise<void> {
  authorize(canDeleteUsers(ctx.permissions), { permissions: 'users.delete' });
  const userID = await resolveUserRef(ctx, ref);
  const row = await requireLiveUser(ctx.db, userID);
  await authorizeActingOnUser(ctx, userID, 'users.delete', DELETE_HIGHER_RANK);
  await ctx.db.transaction().execute(async (trx) => {
    await refuseRemovingLastAdministrator(trx, userID, false);
    await markUserDeleted(trx, userID, nowIso());
    await endUserSessions(trx, userID);
    await bumpPermissionsVersion(trx);
  });
  if (row.photo !== null && isStoredUploadPath(row.photo))
    await deleteUpload(ctx.config.dataDir, row.photo);
}
