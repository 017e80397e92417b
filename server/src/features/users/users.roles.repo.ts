import type { Kysely } from 'kysely';
import { toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { UserRoleRow } from './users.repo.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** Roles of several users in one query, in role display order. */
export async function findRolesOfUsers(
  db: Executor,
  userIDs: readonly number[],
): Promise<Map<number, UserRoleRow[]>> {
  const result = new Map<number, UserRoleRow[]>();
  if (userIDs.length === 0) return result;
  const rows = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
    .select(['userRoles.userID', 'roles.roleID', 'roles.name', 'roles.personalInfo'])
    .where('userRoles.userID', 'in', [...new Set(userIDs)])
    .orderBy('roles.sort')
    .orderBy('roles.roleID')
    .execute();
  for (const row of rows) {
    const list = result.get(row.userID) ?? [];
    list.push({
      userID: row.userID,
      roleID: row.roleID,
      name: row.name,
      personalInfo: toBool(row.personalInfo),
    });
    result.set(row.userID, list);
  }
  return result;
}

/** Roles of the guest-type roles (what a guest "holds"). */
export async function findGuestRoles(db: Executor): Promise<UserRoleRow[]> {
  const rows = await db
    .selectFrom('roles')
    .select(['roleID', 'name', 'personalInfo'])
    .where('type', '=', 'guest')
    .orderBy('sort')
    .orderBy('roleID')
    .execute();
  return rows.map((row) => ({
    userID: 0,
    roleID: row.roleID,
    name: row.name,
    personalInfo: toBool(row.personalInfo),
  }));
}

/** Which of the given role IDs exist, with their names. */
export async function findRolesByIDs(
  db: Executor,
  roleIDs: readonly number[],
): Promise<{ roleID: number; name: string }[]> {
  if (roleIDs.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(['roleID', 'name'])
    .where('roleID', 'in', [...new Set(roleIDs)])
    .orderBy('roleID')
    .execute();
}

/** The first role of a type (e.g. the default `member` role for new users). */
export async function findRoleIDByType(db: Executor, type: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('roleID')
    .where('type', '=', type)
    .orderBy('roleID')
    .executeTakeFirst();
  return row?.roleID;
}

/** Replaces a user's roles. */
export async function replaceUserRoles(
  db: Executor,
  userID: number,
  roleIDs: readonly number[],
): Promise<void> {
  await db.deleteFrom('userRoles').where('userID', '=', userID).execute();
  const unique = [...new Set(roleIDs)];
  if (unique.length === 0) return;
  await db
    .insertInto('userRoles')
    .values(unique.map((roleID) => ({ userID, roleID })))
    .execute();
}
