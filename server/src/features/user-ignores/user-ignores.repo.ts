import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

// `userIgnores` (migration 0017): who ignores whom.

type Executor = Kysely<Database>;

export async function isIgnoring(db: Executor, userID: number, ignoredUserID: number): Promise<boolean> {
  const row = await db
    .selectFrom('userIgnores')
    .select('userID')
    .where('userID', '=', userID)
    .where('ignoredUserID', '=', ignoredUserID)
    .executeTakeFirst();
  return row !== undefined;
}

/** Adds the pair (nothing when it exists). */
export async function insertIgnore(db: Executor, userID: number, ignoredUserID: number, now: string): Promise<void> {
  await db
    .insertInto('userIgnores')
    .values({ userID, ignoredUserID, dateInserted: now })
    .onConflict((oc) => oc.columns(['userID', 'ignoredUserID']).doNothing())
    .execute();
}

export async function deleteIgnore(db: Executor, userID: number, ignoredUserID: number): Promise<void> {
  await db.deleteFrom('userIgnores').where('userID', '=', userID).where('ignoredUserID', '=', ignoredUserID).execute();
}

/** Those among `userIDs` who ignore `ignoredUserID` (one indexed query). */
export async function findIgnorersAmong(
  db: Executor,
  ignoredUserID: number,
  userIDs: readonly number[],
): Promise<Set<number>> {
  if (userIDs.length === 0) return new Set();
  const rows = await db
    .selectFrom('userIgnores')
    .select('userID')
    .where('ignoredUserID', '=', ignoredUserID)
    .where('userID', 'in', [...new Set(userIDs)])
    .execute();
  return new Set(rows.map((row) => row.userID));
}
