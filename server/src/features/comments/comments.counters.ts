import type { Db } from '../../platform/db/db.ts';
import {
  adjustCategoryCounters,
  refreshCategoryLastPost,
} from '../discussions/discussions.counters.repo.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import {
  adjustUserCommentCount,
  updateDiscussionCommentCounters,
  type DiscussionCommentCounters,
} from './comments.counters.repo.ts';
import {
  categoryChainOf,
  findDiscussionContext,
  type DiscussionContextRow,
} from './comments.discussion-context.repo.ts';
import { findLatestComment, type CommentRow } from './comments.repo.ts';

/**
 * A discussion's count and last comment after `counted` of its comments stopped counting there
 * (deleted, tombstoned or moved away): the last comment goes back to the previous one, else to
 * the discussion's own date.
 */
export async function uncountDiscussionComments(
  trx: Db,
  discussion: DiscussionContextRow,
  counted: readonly CommentRow[],
): Promise<void> {
  const lastGone = counted.some((row) => row.commentID === discussion.lastCommentID);
  let last: DiscussionCommentCounters['last'];
  if (lastGone) {
    const latest = await findLatestComment(trx, discussion.discussionID);
    const dateLastComment = latest?.dateInserted ?? discussion.dateInserted;
    last = {
      lastCommentID: latest?.commentID ?? null,
      lastCommentUserID: latest?.insertUserID ?? null,
      dateLastComment,
      hot: computeHot(discussion.score, dateLastComment),
    };
  }
  await updateDiscussionCommentCounters(trx, discussion.discussionID, {
    countCommentsDelta: -counted.length,
    ...(last ? { last } : {}),
  });
}

/** Comments that count: accepted and not tombstoned. */
export function countedComments(rows: readonly CommentRow[]): CommentRow[] {
  return rows.filter((row) => row.moderationStatus === 'accepted' && row.displayType === 'full');
}

/**
 * Counters after comments of one discussion stopped counting (deleted or tombstoned): the
 * authors' counts, the discussion's count and last comment, the categories' counts and last
 * post. Call it after the comment rows changed.
 */
export async function countCommentsGone(
  trx: Db,
  discussionID: number,
  gone: readonly CommentRow[],
): Promise<void> {
  const counted = countedComments(gone);
  if (counted.length === 0) return;
  const discussion = await findDiscussionContext(trx, discussionID);
  if (!discussion) return;
  await uncountDiscussionComments(trx, discussion, counted);
  const byAuthor = new Map<number, number>();
  for (const row of counted)
    byAuthor.set(row.insertUserID, (byAuthor.get(row.insertUserID) ?? 0) + 1);
  // Ascending user IDs: two deletions never lock the same users in opposite orders.
  for (const userID of [...byAuthor.keys()].sort((a, b) => a - b))
    await adjustUserCommentCount(trx, userID, -(byAuthor.get(userID) ?? 0));
  await adjustCategoryCounters(trx, {
    categoryID: discussion.categoryID,
    chainIDs: categoryChainOf(discussion),
    discussions: 0,
    comments: -counted.length,
  });
  await refreshCategoryLastPost(trx, discussion.categoryID);
}
