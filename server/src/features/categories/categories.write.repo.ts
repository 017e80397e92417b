import { deleteCategoryPermissions } from './categories.permissions.repo.ts';
import type { Executor } from './categories.repo.ts';

// Writes of the `categories` table (create, change, delete) and the reads they check first.

/** How many categories exist at all. */
export async function countAllCategories(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The highest sort among a parent's children (null: top level); -1 when it has none. */
export async function findMaxChildSort(
  db: Executor,
  parentCategoryID: number | null,
): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('categories.sort').as('sort'))
    .where((eb) =>
      parentCategoryID === null
        ? eb('categories.parentCategoryID', 'is', null)
        : eb('categories.parentCategoryID', '=', parentCategoryID),
    )
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? -1 : Number(row.sort);
}

/** Values of a new category; the tree fields are set right after (they need its ID). */
export interface NewCategory {
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean;
  isArchived: boolean;
  featured: boolean;
  sort: number;
  depth: number;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  pointsCategoryID: number | null;
  insertUserID: number | null;
  dateInserted: string;
}

/** Inserts a category and returns its ID. */
export async function insertCategory(db: Executor, category: NewCategory): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ ...category, treePath: '' })
    .returning('categoryID')
    .executeTakeFirstOrThrow();
  return row.categoryID;
}

/** Column changes of a category; absent keys stay. */
export type CategoryChanges = Partial<{
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean;
  permissionCategoryID: number;
  isArchived: boolean;
  featured: boolean;
  sort: number;
  treePath: string;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  pointsCategoryID: number | null;
  updateUserID: number | null;
  dateUpdated: string;
}>;

/** Applies column changes to a category. */
export async function updateCategory(
  db: Executor,
  categoryID: number,
  changes: CategoryChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('categories').set(changes).where('categoryID', '=', categoryID).execute();
}

/** Whether a category has child categories. */
export async function hasChildCategories(db: Executor, categoryID: number): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('parentCategoryID', '=', categoryID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a category with its follow rows and its own permission rows. */
export async function deleteCategoryRow(db: Executor, categoryID: number): Promise<void> {
  await db.deleteFrom('userCategories').where('categoryID', '=', categoryID).execute();
  await deleteCategoryPermissions(db, categoryID);
  await db.deleteFrom('categories').where('categoryID', '=', categoryID).execute();
}
