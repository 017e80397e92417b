import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { withoutJunctions } from '../../permissions/build-permission-set.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { notFound } from '../../platform/errors.ts';
import { findUserIDByName, userExists } from './users.permissions.repo.ts';
import { canViewPermissionsOfOthers, viewOthersPermissions } from './users.policy.ts';
import { authorizeActingOnUser } from './users.rank.ts';

/** A user in the path: `$me`, an ID (0 is the guest) or `$name:<name>`. */
export type UserRef = '$me' | number | string;

async function resolveUserID(ctx: RequestContext, ref: UserRef): Promise<number> {
  if (ref === '$me') return ctx.actor.userID;
  if (typeof ref === 'number') return ref;
  const userID = await findUserIDByName(ctx.db, ref.replace(/^\$name:/, ''));
  if (userID === undefined) throw notFound('User');
  return userID;
}

/**
 * `GET /users/{id}/permissions` (api-contract §3): the user's effective permission set, with
 * junctions and aliases when `withJunctions`. Anyone may read their own; another user's needs
 * `users.add`, `users.edit` or `users.delete`.
 * @throws AppError 403 without those permissions, 404 when the user does not exist.
 */
export async function getUserPermissions(
  ctx: RequestContext,
  ref: UserRef,
  withJunctions: boolean,
): Promise<PermissionSet> {
  const userID = await resolveUserID(ctx, ref);
  const isSelf = userID === ctx.actor.userID;
  if (!isSelf) {
    authorize(canViewPermissionsOfOthers(ctx.permissions), { permissions: viewOthersPermissions });
  }
  if (userID !== 0 && !(await userExists(ctx.db, userID))) throw notFound('User');
  // Issue 11 item 7: another user's permissions also need a higher rank.
  if (!isSelf && userID !== 0) await authorizeActingOnUser(ctx, userID, viewOthersPermissions);
  const set = isSelf ? ctx.permissions : await loadPermissionSet(ctx.db, userID);
  return withJunctions ? set : withoutJunctions(set);
}
