import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { buildPermissionSet } from '../../permissions/build-permission-set.ts';
import {
  findGrantedPermissionRows,
  findPermissionSubject,
} from '../../permissions/permission-set.repo.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError } from '../../platform/errors.ts';
import { holdsUserCallPermission, outranks, rankOf } from './users.policy.ts';

/** Vanilla's text for rank refusals (api-contract §3). */
export const EDIT_HIGHER_RANK =
  'You are not allowed to edit a user that has higher permissions than you.';

/** A user's rank from their roles and admin flags, ignoring a ban (a banned admin still outranks a moderator). */
export async function rankOfUser(db: Db, userID: number): Promise<number> {
  const found = await findPermissionSubject(db, userID);
  if (!found) return 0;
  const rows = await findGrantedPermissionRows(db, userID);
  return rankOf(
    buildPermissionSet({ ...found.subject, isBanned: false, isDeleted: false }, rows, []),
  );
}

/**
 * The rule of every call that acts on another user (api-contract §1.12, issue 11 item 7): the
 * actor holds one of `permissions` and outranks the user. Acting on oneself passes here (the
 * route's own rule for self applies).
 * @throws AppError 403 permission problem, or `message` when the user's rank is equal or higher.
 */
export async function authorizeActingOnUser(
  ctx: RequestContext,
  userID: number,
  permissions: PermissionName | readonly PermissionName[],
  message: string = EDIT_HIGHER_RANK,
): Promise<void> {
  if (ctx.actor.userID !== 0 && ctx.actor.userID === userID) return;
  authorize(holdsUserCallPermission(ctx.permissions, permissions), { permissions });
  if (!outranks(rankOf(ctx.permissions), await rankOfUser(ctx.db, userID))) {
    throw new AppError(403, message);
  }
}
