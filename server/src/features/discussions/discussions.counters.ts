import type { Db } from '../../platform/db/db.ts';

/**
 * How many of a category's most recently active discussions are searched for its newest comment.
 * `dateLastComment` only moves forward (a comment, a bump), so the newest comment's discussion is
 * among the most recently active ones; the bound keeps the refresh index-only on huge categories.
 */
const RECENT_DISCUSSIONS = 50;

/** Sets categories.lastDiscussionID/lastCommentID/lastPostDate from the newest accepted discussion or comment in the category. */
export async function refreshCategoryLastPost(db: Db, categoryID: number): Promise<void> {
  const discussion = await db
    .selectFrom('discussions')
    .select(['discussionID', 'dateInserted'])
    .where('categoryID', '=', categoryID)
    .where('moderationStatus', '=', 'accepted')
    .where('type', '!=', 'redirect')
    .orderBy('dateInserted', 'desc')
    .orderBy('discussionID', 'desc')
    .limit(1)
    .executeTakeFirst();

  const recent = db
    .selectFrom('discussions')
    .select('discussions.lastCommentID')
    .where('discussions.categoryID', '=', categoryID)
    .where('discussions.moderationStatus', '=', 'accepted')
    .where('discussions.lastCommentID', 'is not', null)
    .orderBy('discussions.dateLastComment', 'desc')
    .limit(RECENT_DISCUSSIONS);
  const comment = await db
    .selectFrom('comments')
    .select(['comments.commentID', 'comments.discussionID', 'comments.dateInserted'])
    .where('comments.commentID', 'in', recent)
    .where('comments.moderationStatus', '=', 'accepted')
    .orderBy('comments.dateInserted', 'desc')
    .orderBy('comments.commentID', 'desc')
    .limit(1)
    .executeTakeFirst();

  const commentIsNewer =
    comment !== undefined &&
    (discussion === undefined ||
      Date.parse(comment.dateInserted) >= Date.parse(discussion.dateInserted));
  await db
    .updateTable('categories')
    .set(
      commentIsNewer
        ? {
            lastDiscussionID: comment.discussionID,
            lastCommentID: comment.commentID,
            lastPostDate: comment.dateInserted,
          }
        : {
            lastDiscussionID: discussion?.discussionID ?? null,
            lastCommentID: null,
            lastPostDate: discussion?.dateInserted ?? null,
          },
    )
    .where('categoryID', '=', categoryID)
    .execute();
}
