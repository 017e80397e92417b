import type { Db } from '../../platform/db/db.ts';
import { userNameKey } from '../users/user-names.ts';

/** How many user rows exist (the system user included). */
export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The first role of a default type (e.g. `administrator`), or null. */
export async function findRoleIDByType(db: Db, type: string): Promise<number | null> {
  const row = await db.selectFrom('roles').select('roleID').where('type', '=', type).orderBy('roleID').executeTakeFirst();
  return row?.roleID ?? null;
}

/** Inserts the first administrator with a confirmed e-mail, and gives it the administrator role. */
export async function insertAdministrator(
  db: Db,
  input: { name: string; email: string; passwordHash: string; roleID: number | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: input.name,
      nameKey: userNameKey(input.name),
      email: input.email,
      password: input.passwordHash,
      emailConfirmed: true,
      isAdmin: true,
      dateInserted: input.now,
    })
    .returning('userID')
    .executeTakeFirstOrThrow();
  if (input.roleID !== null) {
    await db.insertInto('userRoles').values({ userID: row.userID, roleID: input.roleID }).execute();
  }
  return row.userID;
}

/** The default category every new forum starts with. */
export async function insertDefaultCategory(db: Db, now: string): Promise<void> {
  await db
    .insertInto('categories')
    .values({
      name: 'General',
      urlcode: 'general',
      description: 'General discussions.',
      displayAs: 'discussions',
      dateInserted: now,
    })
    .execute();
}
