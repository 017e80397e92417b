import type { PostFragment } from '../../../../common/src/api/categories.ts';
import type { Db } from '../../platform/db/db.ts';
import type { CategoryRow } from './categories.repo.ts';

// Hook points for the features that own a category's content (discussions, comments, drafts…).
// Categories call them inside their own transaction; the category counters (countDiscussions,
// countAll*, …) are kept by the categories service, so these only move or delete content rows.

/**
 * `DELETE /categories/{id}?newCategoryID=`: moves every record of a deleted category to another.
 * There is no content yet; the discussions feature extends this.
 */
export async function moveCategoryContent(
  _db: Db,
  _fromCategoryID: number,
  _toCategoryID: number,
): Promise<void> {}

/**
 * `DELETE /categories/{id}` without `newCategoryID`: deletes every record of the category.
 * There is no content yet; the discussions feature extends this.
 */
export async function deleteCategoryContent(_db: Db, _categoryID: number): Promise<void> {}

/**
 * The `lastPost` of each category (`expand=lastPost`), loaded in one batch from
 * `lastDiscussionID`/`lastCommentID`; categories without posts are absent (they present `null`).
 * The discussions feature fills this in.
 */
export async function findLastPosts(
  _db: Db,
  _categories: readonly CategoryRow[],
): Promise<Map<number, PostFragment>> {
  return new Map();
}
