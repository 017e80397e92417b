import type { PostFragment } from '../../../../common/src/api/categories.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { refreshCategoryLastPost } from '../../platform/db/post-counters.ts';
import { findUserFragmentRows } from '../../platform/db/user-fragment.ts';
import { releaseDiscussionTags } from '../tags/tags.service.ts';
import { presentUserFragment } from '../users/users.present.ts';
import { countCommentsByAuthor, findLastComments } from './discussions.comments.repo.ts';
import { commentUrl, discussionUrl } from './discussions.present.ts';
import {
  deleteDiscussionRows,
  findCategoryDiscussions,
  findDiscussionsByIDs,
  moveDiscussionsToCategory,
} from './discussions.repo.ts';
import { adjustUserCommentCounts, adjustUserDiscussionCount } from './discussions.users.repo.ts';

// What the discussions feature does for the categories feature: a deleted category's content
// (moved or deleted) and the categories' last posts. Categories call these inside their own
// transaction; the category counters (countDiscussions, countAll*, …) are kept by the categories
// service, so these only move or delete content rows (and keep the users' counters and the last
// posts, which the categories service does not).

/** The columns of a category that name its last post. */
export interface CategoryLastPostRef {
  categoryID: number;
  lastDiscussionID: number | null;
  lastCommentID: number | null;
}

/**
 * `DELETE /categories/{id}?newCategoryID=`: moves every discussion (with its comments) of a
 * deleted category to another, whose last post is then refreshed.
 */
export async function moveCategoryContent(
  db: Db,
  fromCategoryID: number,
  toCategoryID: number,
): Promise<void> {
  await moveDiscussionsToCategory(db, fromCategoryID, toCategoryID);
  await refreshCategoryLastPost(db, toCategoryID);
}

/**
 * `DELETE /categories/{id}` without `newCategoryID`: deletes every discussion of the category with
 * its comments, reactions and tags; authors' and commenters' counts drop.
 */
export async function deleteCategoryContent(db: Db, categoryID: number): Promise<void> {
  const rows = await findCategoryDiscussions(db, categoryID);
  if (rows.length === 0) return;
  const ids = rows.map((row) => row.discussionID);
  const commenters = await countCommentsByAuthor(db, ids);
  await adjustUserCommentCounts(
    db,
    new Map([...commenters].map(([userID, count]) => [userID, -count])),
  );
  const authors = new Map<number, number>();
  for (const row of rows) {
    if (row.moderationStatus !== 'accepted' || row.type === 'redirect') continue;
    authors.set(row.insertUserID, (authors.get(row.insertUserID) ?? 0) + 1);
  }
  for (const [userID, count] of authors) await adjustUserDiscussionCount(db, userID, -count);
  await releaseDiscussionTags(db, ids);
  await deleteDiscussionRows(db, ids);
}

/**
 * The `lastPost` of each category (`expand=lastPost`), loaded in one batch from
 * `lastDiscussionID`/`lastCommentID`; categories without posts are absent (they present `null`).
 * URLs are absolute when `baseUrl` is given.
 */
export async function findLastPosts(
  db: Db,
  categories: readonly CategoryLastPostRef[],
  baseUrl = '',
): Promise<Map<number, PostFragment>> {
  const discussionIDs = categories
    .map((category) => category.lastDiscussionID)
    .filter((id): id is number => id !== null);
  if (discussionIDs.length === 0) return new Map();
  const commentIDs = categories
    .map((category) => category.lastCommentID)
    .filter((id): id is number => id !== null);
  const [discussions, comments] = await Promise.all([
    findDiscussionsByIDs(db, discussionIDs),
    findLastComments(db, commentIDs),
  ]);
  const byID = new Map(discussions.map((row) => [row.discussionID, row]));
  const userIDs = [
    ...discussions.map((row) => row.insertUserID),
    ...[...comments.values()].map((comment) => comment.insertUserID),
  ];
  const users = await findUserFragmentRows(db, userIDs);
  const viewer = { baseUrl, viewerID: 0, canViewPersonalInfo: false };
  const result = new Map<number, PostFragment>();
  for (const category of categories) {
    const discussion =
      category.lastDiscussionID === null ? undefined : byID.get(category.lastDiscussionID);
    if (!discussion) continue;
    const comment =
      category.lastCommentID === null ? undefined : comments.get(category.lastCommentID);
    const insertUserID = comment?.insertUserID ?? discussion.insertUserID;
    const fragment = presentUserFragment(users.get(insertUserID), viewer);
    result.set(category.categoryID, {
      discussionID: discussion.discussionID,
      ...(comment ? { commentID: comment.commentID } : {}),
      name: comment ? `Re: ${discussion.name}` : discussion.name,
      type: comment ? 'comment' : 'discussion',
      url: comment
        ? commentUrl(baseUrl, comment.commentID)
        : discussionUrl(baseUrl, discussion.discussionID, discussion.name),
      dateInserted: toApiDate(comment?.dateInserted ?? discussion.dateInserted),
      insertUserID,
      insertUser: fragment,
    });
  }
  return result;
}
