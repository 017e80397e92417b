import { sql } from 'kysely';
import type { Executor } from './categories.repo.ts';

// The counters of `categories`: child categories, discussions and comments, followers.

/** Changes a category's count of child categories. */
export async function adjustChildCount(
  db: Executor,
  categoryID: number,
  delta: number,
): Promise<void> {
  await db
    .updateTable('categories')
    .set({
      countCategories: sql<number>`${sql.ref('countCategories')} + cast(${delta} as integer)`,
    })
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Changes the own counts of one category (content moved in or out). */
export async function adjustOwnCounts(
  db: Executor,
  categoryID: number,
  discussions: number,
  comments: number,
): Promise<void> {
  if (discussions === 0 && comments === 0) return;
  await db
    .updateTable('categories')
    .set({
      countDiscussions: sql<number>`${sql.ref('countDiscussions')} + cast(${discussions} as integer)`,
      countComments: sql<number>`${sql.ref('countComments')} + cast(${comments} as integer)`,
    })
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Changes the including-descendants counts of several categories (ancestors of moved content). */
export async function adjustAllCounts(
  db: Executor,
  categoryIDs: readonly number[],
  discussions: number,
  comments: number,
): Promise<void> {
  if (categoryIDs.length === 0 || (discussions === 0 && comments === 0)) return;
  await db
    .updateTable('categories')
    .set({
      countAllDiscussions: sql<number>`${sql.ref('countAllDiscussions')} + cast(${discussions} as integer)`,
      countAllComments: sql<number>`${sql.ref('countAllComments')} + cast(${comments} as integer)`,
    })
    .where('categoryID', 'in', [...categoryIDs])
    .execute();
}

/**
 * Recounts a category's followers from the follow rows (index on categoryID, followed), so that
 * concurrent follows cannot make the counter drift.
 */
export async function refreshFollowerCount(db: Executor, categoryID: number): Promise<void> {
  await db
    .updateTable('categories')
    .set((eb) => ({
      countFollowers: eb
        .selectFrom('userCategories')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('userCategories.categoryID', '=', categoryID)
        .where('userCategories.followed', '=', true),
    }))
    .where('categoryID', '=', categoryID)
    .execute();
}
