import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  hasAdminFlag,
  includesAdministratorRole,
  lockLiveAdministrators,
} from './users.admins.repo.ts';

/** Issue 11 item 8 (docs/decisions.md): the forum always keeps one administrator. */
export const LAST_ADMINISTRATOR =
  'The last administrator cannot be removed. Make another user an administrator first.';

/**
 * Refuses a change that would leave the forum without an administrator: deleting or banning the
 * last one, or a role change that takes the administrator role from them. Call it in the write's
 * transaction, before the write (it locks the administrators' rows on PostgreSQL).
 * @param staysAdministrator whether the user is still an administrator after the change.
 * @throws AppError 409 "The last administrator cannot be removed. ..."
 */
export async function refuseRemovingLastAdministrator(
  trx: Db,
  userID: number,
  staysAdministrator: boolean,
): Promise<void> {
  if (staysAdministrator) return;
  const administrators = await lockLiveAdministrators(trx);
  if (administrators.length === 1 && administrators[0] === userID) {
    throw new AppError(409, LAST_ADMINISTRATOR);
  }
}

/** Whether a user would still be an administrator holding these roles (the `isAdmin` flag, or an administrator role). */
export async function staysAdministratorWithRoles(
  db: Db,
  userID: number,
  roleIDs: readonly number[],
): Promise<boolean> {
  return (await hasAdminFlag(db, userID)) || (await includesAdministratorRole(db, roleIDs));
}
