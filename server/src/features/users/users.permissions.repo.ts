import type { Db } from '../../platform/db/db.ts';
import { lowerEquals } from '../../platform/db/dialect.ts';

/** Whether a user row exists (deleted accounts included: their set is empty). */
export async function userExists(db: Db, userID: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ID of the user with this name (case-insensitive), if any. */
export async function findUserIDByName(db: Db, name: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where(lowerEquals('name', name))
    .executeTakeFirst();
  return row?.userID;
}
