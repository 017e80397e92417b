import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

// The scores a reaction moves on its record: a discussion's score and hot key, a comment's score
// and its parent comment's `scoreChildComments`.

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** Moves a discussion's score; answers what `hot` is computed from. */
export async function adjustDiscussionScore(
  db: Executor,
  discussionID: number,
  delta: number,
): Promise<{ score: number; dateLastComment: string } | undefined> {
  await db
    .updateTable('discussions')
    .set({ score: sql`"score" + ${delta}` })
    .where('discussionID', '=', discussionID)
    .execute();
  return db
    .selectFrom('discussions')
    .select(['score', 'dateLastComment'])
    .where('discussionID', '=', discussionID)
    .executeTakeFirst();
}

/** Stores a discussion's `-hot` sort key. */
export async function setDiscussionHot(
  db: Executor,
  discussionID: number,
  hot: number,
): Promise<void> {
  await db
    .updateTable('discussions')
    .set({ hot })
    .where('discussionID', '=', discussionID)
    .execute();
}

/** Moves a comment's score and its parent comment's `scoreChildComments`. */
export async function adjustCommentScore(
  db: Executor,
  commentID: number,
  parentCommentID: number | null,
  delta: number,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({ score: sql`"score" + ${delta}` })
    .where('commentID', '=', commentID)
    .execute();
  if (parentCommentID !== null) {
    await db
      .updateTable('comments')
      .set({ scoreChildComments: sql`"scoreChildComments" + ${delta}` })
      .where('commentID', '=', parentCommentID)
      .execute();
  }
}
