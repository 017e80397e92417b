import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import type { CommentsTable, DiscussionsTable } from '../../platform/db/schema.ts';

// Issue 17 (api-contract §27.6): a deleted discussion's comments for the change log, and the
// statements that put a deleted discussion back with its own IDs.

/** A stored comment row, as the change log keeps it inside a deleted discussion's entry. */
export type StoredCommentRow = Selectable<CommentsTable>;

/** Every comment of a discussion (for its `delete` entry), oldest first. */
export async function findDiscussionCommentRows(db: Db, discussionID: number): Promise<StoredCommentRow[]> {
  return db
    .selectFrom('comments')
    .selectAll()
    .where('discussionID', '=', discussionID)
    .orderBy('commentID')
    .execute();
}

/** Inserts a discussion row with its original ID (an identity column accepts an explicit value). */
export async function insertDiscussionWithID(db: Db, row: Insertable<DiscussionsTable>): Promise<void> {
  await db.insertInto('discussions').values(row).execute();
}

/** Inserts comment rows with their original IDs. */
export async function insertCommentsWithIDs(db: Db, rows: readonly Insertable<CommentsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('comments').values([...rows]).execute();
}
