import type { Db } from '../../platform/db/db.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { releaseDiscussionTags } from '../tags/tags.service.ts';
import {
  adjustCategoryCounters,
  lockCategoryRows,
  refreshCategoryLastPost,
} from '../../platform/db/post-counters.ts';
import { adjustUserCommentCounts, adjustUserDiscussionCount } from './discussions.users.repo.ts';
import { countCommentsByAuthor } from './discussions.comments.repo.ts';
import { deleteDiscussionRows, updateDiscussion, type DiscussionRow } from './discussions.repo.ts';

/** Where a category sits: its ID and its tree path (which names its ancestors). */
export interface CategoryPlace {
  categoryID: number;
  treePath: string;
}

/** Only accepted discussions count in categories and users (premoderated ones wait). */
export function isCounted(row: { moderationStatus: string }): boolean {
  return row.moderationStatus === 'accepted';
}

/**
 * Changes a category's own counts and the including-descendants counts of it and its ancestors,
 * in one statement that locks them in ascending ID (discussions.counters.ts).
 */
export async function adjustCategoryCounts(
  db: Db,
  category: CategoryPlace,
  discussions: number,
  comments: number,
): Promise<void> {
  await adjustCategoryCounters(db, {
    categoryID: category.categoryID,
    chainIDs: pathCategoryIDs(category.treePath),
    discussions,
    comments,
  });
}

/** Users' discussion counts skip redirects: they are pointers, not posts. */
export function countsForAuthor(row: { type: string; moderationStatus: string }): boolean {
  return isCounted(row) && row.type !== 'redirect';
}

/**
 * Deletes a discussion with its comments in the caller's transaction, keeping every counter right:
 * the category's (and ancestors') discussion and comment counts, its last post, the author's and
 * the commenters' counts, the tags' counts.
 */
export async function deleteDiscussionWithCounters(
  trx: Db,
  row: DiscussionRow,
  category: CategoryPlace,
): Promise<void> {
  const commenters = isCounted(row)
    ? await countCommentsByAuthor(trx, [row.discussionID])
    : new Map<number, number>();
  // Rows first, then users, then categories (the lock order of comments.service.ts).
  await releaseDiscussionTags(trx, [row.discussionID]);
  await deleteDiscussionRows(trx, [row.discussionID]);
  if (isCounted(row)) {
    if (countsForAuthor(row)) await adjustUserDiscussionCount(trx, row.insertUserID, -1);
    await adjustUserCommentCounts(
      trx,
      new Map([...commenters].sort(([a], [b]) => a - b).map(([userID, count]) => [userID, -count])),
    );
    await adjustCategoryCounts(trx, category, -1, -row.countComments);
  }
  await refreshCategoryLastPost(trx, category.categoryID);
}

/**
 * Moves a discussion to another category in the caller's transaction: both categories' counts
 * (and their ancestors'), last posts.
 */
export async function moveDiscussionWithCounters(
  trx: Db,
  row: DiscussionRow,
  from: CategoryPlace,
  to: CategoryPlace,
): Promise<void> {
  await updateDiscussion(trx, row.discussionID, { categoryID: to.categoryID });
  // Both subtrees' rows together, in ascending ID (discussions.counters.ts).
  await lockCategoryRows(trx, [...pathCategoryIDs(from.treePath), ...pathCategoryIDs(to.treePath)]);
  if (isCounted(row)) {
    await adjustCategoryCounts(trx, from, -1, -row.countComments);
    await adjustCategoryCounts(trx, to, 1, row.countComments);
  }
  await refreshCategoryLastPost(trx, from.categoryID);
  await refreshCategoryLastPost(trx, to.categoryID);
}
