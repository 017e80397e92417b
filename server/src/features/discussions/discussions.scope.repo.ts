import type { Db } from '../../platform/db/db.ts';

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

/** The IDs of the categories whose permission category is not in the list (the hidden ones). */
export async function findCategoryIDsOutsidePermissionCategories(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<number[]> {
  let query = db.selectFrom('categories').select('categoryID');
  if (permissionCategoryIDs.length > 0)
    query = query.where('permissionCategoryID', 'not in', [...permissionCategoryIDs]);
  const rows = await query.execute();
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
