import type { Db } from '../../platform/db/db.ts';

/** The next `limit` discussions a deleted user started, oldest first (by ID). */
export async function findUserDiscussionIDs(db: Db, userID: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('discussions')
    .select('discussionID')
    .where('insertUserID', '=', userID)
    .orderBy('discussionID')
    .limit(limit)
    .execute();
  return rows.map((row) => row.discussionID);
}

/** The next `limit` comments of a deleted user that are not tombstones yet, by ID. */
export async function findUserCommentIDs(db: Db, userID: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('comments')
    .select('commentID')
    .where('insertUserID', '=', userID)
    .where('displayType', '!=', 'tombstone')
    .orderBy('commentID')
    .limit(limit)
    .execute();
  return rows.map((row) => row.commentID);
}

/**
 * Replaces the bodies of up to `limit` of a user's discussions and comments (not tombstones) with
 * `text`, in place (discussion names stay); returns how many rows changed, 0 when none is left.
 */
export async function wipeUserContentBatch(
  db: Db,
  userID: number,
  text: string,
  limit: number,
): Promise<number> {
  const body = { body: text, format: 'text', bodyHtml: text, bodyPlainText: text };
  const discussions = await db
    .selectFrom('discussions')
    .select('discussionID')
    .where('insertUserID', '=', userID)
    .where('body', '!=', text)
    .orderBy('discussionID')
    .limit(limit)
    .execute();
  if (discussions.length > 0)
    await db
      .updateTable('discussions')
      .set(body)
      .where('discussionID', 'in', discussions.map((row) => row.discussionID))
      .execute();
  const comments = await db
    .selectFrom('comments')
    .select('commentID')
    .where('insertUserID', '=', userID)
    .where('body', '!=', text)
    .where('displayType', '!=', 'tombstone')
    .orderBy('commentID')
    .limit(limit)
    .execute();
  if (comments.length > 0)
    await db
      .updateTable('comments')
      .set(body)
      .where('commentID', 'in', comments.map((row) => row.commentID))
      .execute();
  return discussions.length + comments.length;
}
