import type { CommentDeleteMethod } from '../../../../common/src/api/comments.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  adjustCategoryCounters,
  lockCategoryRows,
  refreshCategoryLastPost,
} from '../../platform/db/post-counters.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import {
  adjustUserCommentCount,
  updateDiscussionCommentCounters,
  type DiscussionCommentCounters,
} from './comments.counters.repo.ts';
import {
  categoryChainOf,
  findDiscussionContext,
  findDiscussionContexts,
  type DiscussionContextRow,
} from './comments.discussion-context.repo.ts';
import {
  adjustChildCommentCount,
  deleteCommentRows,
  findCommentByID,
  findCommentsByIDs,
  findDescendantIDs,
  findLatestComment,
  moveCommentRow,
  updateComment,
  type CommentRow,
} from './comments.repo.ts';

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

/**
 * Moves a comment (without replies) to another discussion as a top-level comment, in the caller's
 * transaction: its old parent's replies, both discussions' counts and last comments, both category
 * chains' counts and last posts. Its author's count stays (the comment still counts).
 */
export async function moveCommentWithCounters(
  trx: Db,
  comment: CommentRow,
  target: DiscussionContextRow,
): Promise<void> {
  await moveCommentRow(trx, comment.commentID, target.discussionID);
  if (comment.parentCommentID !== null)
    await adjustChildCommentCount(trx, comment.parentCommentID, -1);
  // Its author's count stays: the comment still counts, in another discussion.
  if (countedComments([comment]).length === 0) return;
  const discussions = await findDiscussionContexts(trx, [
    comment.discussionID,
    target.discussionID,
  ]);
  const source = discussions.get(comment.discussionID);
  const destination = discussions.get(target.discussionID);
  if (!source || !destination) return;
  const countInDestination = async () => {
    const latest = await findLatestComment(trx, destination.discussionID);
    const isLatest = latest?.commentID === comment.commentID;
    await updateDiscussionCommentCounters(trx, destination.discussionID, {
      countCommentsDelta: 1,
      ...(isLatest
        ? {
            last: {
              lastCommentID: comment.commentID,
              lastCommentUserID: comment.insertUserID,
              dateLastComment: comment.dateInserted,
              hot: computeHot(destination.score, comment.dateInserted),
            },
          }
        : {}),
    });
  };
  // Both discussions in ascending ID, then both subtrees' categories together in ascending ID.
  const discussionChanges = [
    {
      discussionID: source.discussionID,
      run: () => uncountDiscussionComments(trx, source, [comment]),
    },
    { discussionID: destination.discussionID, run: countInDestination },
  ].sort((a, b) => a.discussionID - b.discussionID);
  for (const change of discussionChanges) await change.run();
  await lockCategoryRows(trx, [...categoryChainOf(source), ...categoryChainOf(destination)]);
  await adjustCategoryCounters(trx, {
    categoryID: source.categoryID,
    chainIDs: categoryChainOf(source),
    discussions: 0,
    comments: -1,
  });
  await adjustCategoryCounters(trx, {
    categoryID: destination.categoryID,
    chainIDs: categoryChainOf(destination),
    discussions: 0,
    comments: 1,
  });
  await refreshCategoryLastPost(trx, source.categoryID);
  await refreshCategoryLastPost(trx, destination.categoryID);
}

/**
 * Deletes one comment in the caller's transaction. A comment with replies becomes a tombstone
 * (empty body, kept in its thread) unless `full`, which removes it with its replies. A tombstone
 * left without replies goes too. Returns the comments it removed or tombstoned, as they were
 * (the change log's `delete` entries, api-contract §27.6).
 */
export async function deleteCommentWithCounters(
  trx: Db,
  comment: CommentRow,
  method: CommentDeleteMethod,
): Promise<CommentRow[]> {
  if (method === 'tombstone' && comment.countChildComments > 0) {
    if (comment.displayType === 'tombstone') return [];
    await updateComment(trx, comment.commentID, {
      displayType: 'tombstone',
      body: '',
      bodyHtml: '',
      bodyPlainText: '',
    });
    await countCommentsGone(trx, comment.discussionID, [comment]);
    return [comment];
  }
  const descendantIDs = await findDescendantIDs(trx, [comment.commentID]);
  const descendants = [...(await findCommentsByIDs(trx, descendantIDs)).values()];
  await deleteCommentRows(trx, [comment.commentID, ...descendantIDs]);
  let parentID = comment.parentCommentID;
  while (parentID !== null) {
    await adjustChildCommentCount(trx, parentID, -1);
    const parent = await findCommentByID(trx, parentID);
    if (!parent || parent.displayType !== 'tombstone' || parent.countChildComments > 0) break;
    await deleteCommentRows(trx, [parent.commentID]);
    parentID = parent.parentCommentID;
  }
  // Counters after every comment row changed (the lock order of comments.counters.repo.ts).
  await countCommentsGone(trx, comment.discussionID, [comment, ...descendants]);
  return [comment, ...descendants];
}
