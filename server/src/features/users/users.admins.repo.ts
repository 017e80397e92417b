import type { Kysely } from 'kysely';
import { dialectOf, toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

type Executor = Kysely<Database>;

/** The role type whose holders are administrators (besides the `users.isAdmin` flag). */
export const ADMINISTRATOR_ROLE_TYPE = 'administrator';

/**
 * The IDs of the live, unbanned administrators (the `isAdmin` flag or a role of type
 * `administrator`), ascending. On PostgreSQL their rows stay locked until the transaction ends,
 * so two transactions that each remove one of the last two administrators run one after the
 * other and the second sees the first's change (SQLite runs one writer at a time).
 */
export async function lockLiveAdministrators(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('users')
    .select('users.userID')
    .where('users.deleted', '=', false)
    .where('users.banned', '=', 0)
    .where((eb) =>
      eb.or([
        eb('users.isAdmin', '=', true),
        eb.exists(
          eb
            .selectFrom('userRoles')
            .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
            .select('userRoles.roleID')
            .whereRef('userRoles.userID', '=', 'users.userID')
            .where('roles.type', '=', ADMINISTRATOR_ROLE_TYPE),
        ),
      ]),
    )
    .orderBy('users.userID')
    .$if(dialectOf(db) === 'postgres', (qb) => qb.forUpdate())
    .execute();
  return rows.map((row) => row.userID);
}

/** Whether any of these roles makes its holder an administrator. */
export async function includesAdministratorRole(db: Executor, roleIDs: readonly number[]): Promise<boolean> {
  if (roleIDs.length === 0) return false;
  const row = await db
    .selectFrom('roles')
    .select('roleID')
    .where('roleID', 'in', [...new Set(roleIDs)])
    .where('type', '=', ADMINISTRATOR_ROLE_TYPE)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a user holds the `users.isAdmin` flag. */
export async function hasAdminFlag(db: Executor, userID: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('isAdmin').where('userID', '=', userID).executeTakeFirst();
  return row !== undefined && toBool(row.isAdmin);
}
