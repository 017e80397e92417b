import type { Db } from '../../platform/db/db.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

/** The IDs of the categories whose permission category is in the list. */
export async function findCategoryIDsByPermissionCategory(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<number[]> {
  if (permissionCategoryIDs.length === 0) return [];
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('permissionCategoryID', 'in', [...permissionCategoryIDs])
    .execute();
  return rows.map((row) => row.categoryID);
}

// Every member's list reads it (their hidden categories): built and compiled once per list length.
const selectCategoriesOutside = compiledStatement((db, parameters: { permissionCategoryIDs: number[] }) => {
  let query = db.selectFrom('categories').select('categoryID');
  if (parameters.permissionCategoryIDs.length > 0)
    query = query.where('permissionCategoryID', 'not in', parameters.permissionCategoryIDs);
  return query;
});

/** The IDs of the categories whose permission category is not in the list (the hidden ones). */
export async function findCategoryIDsOutsidePermissionCategories(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<number[]> {
  const rows = await selectCategoriesOutside(db, { permissionCategoryIDs: [...permissionCategoryIDs] });
  return rows.map((row) => row.categoryID);
}

/** The IDs of a category subtree (its tree path prefix), the category included. */
export async function findSubtreeCategoryIDs(db: Db, treePath: string): Promise<number[]> {
  // Paths hold digits only, so the prefix needs no LIKE escaping.
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('treePath', 'like', `${treePath}%`)
    .execute();
  return rows.map((row) => row.categoryID);
}

/** The categories a user follows. */
export async function findFollowedCategoryIDs(db: Db, userID: number): Promise<number[]> {
  if (userID <= 0) return [];
  const rows = await db
    .selectFrom('userCategories')
    .select('categoryID')
    .where('userID', '=', userID)
    .where('followed', '=', true)
    .execute();
  return rows.map((row) => row.categoryID);
}
