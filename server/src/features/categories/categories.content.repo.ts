import type { Executor } from './categories.repo.ts';

// The statements on a category's content (its discussions) that deleting the category needs.

/** Moves every discussion of a category to another (their comments follow their discussion). */
export async function moveDiscussionsToCategory(
  db: Executor,
  fromCategoryID: number,
  toCategoryID: number,
): Promise<void> {
  await db
    .updateTable('discussions')
    .set({ categoryID: toCategoryID })
    .where('categoryID', '=', fromCategoryID)
    .execute();
}

/** A category's discussions, with what their authors' counters depend on. */
export async function findCategoryDiscussions(
  db: Executor,
  categoryID: number,
): Promise<
  { discussionID: number; insertUserID: number; type: string; moderationStatus: string }[]
> {
  return db
    .selectFrom('discussions')
    .select(['discussionID', 'insertUserID', 'type', 'moderationStatus'])
    .where('categoryID', '=', categoryID)
    .execute();
}
