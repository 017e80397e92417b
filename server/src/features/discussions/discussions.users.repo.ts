import { sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';

/** Changes users' discussion counts. */
export async function adjustUserDiscussionCount(
  db: Db,
  userID: number,
  delta: number,
): Promise<void> {
  if (delta === 0 || userID <= 0) return;
  await db
    .updateTable('users')
    .set({
      countDiscussions: sql<number>`${sql.ref('countDiscussions')} + cast(${delta} as integer)`,
    })
    .where('userID', '=', userID)
    .execute();
}

/** Changes users' comment counts, by user. */
export async function adjustUserCommentCounts(
  db: Db,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [userID, delta] of deltas) {
    if (delta === 0 || userID <= 0) continue;
    await db
      .updateTable('users')
      .set({ countComments: sql<number>`${sql.ref('countComments')} + cast(${delta} as integer)` })
      .where('userID', '=', userID)
      .execute();
  }
}

/** The first site administrator (the author of system posts). */
export async function findSystemUserID(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where('isAdmin', '=', true)
    .where('deleted', '=', false)
    .orderBy('userID')
    .limit(1)
    .executeTakeFirst();
  return row?.userID;
}
