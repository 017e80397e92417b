import { sql } from 'kysely';
import { toBool } from '../../platform/db/dialect.ts';
import type { Executor } from './categories.repo.ts';
import type { TreeFields, TreeNodeInput } from './categories.tree.ts';

// The tree fields of `categories` (paths, depths, permission categories) and their rebuild.

/**
 * Moves a subtree in the tree: every path starting with `oldPath` gets `newPath` instead, and
 * every depth changes by `depthDelta` (the subtree's root included).
 */
export async function rewriteSubtreePaths(
  db: Executor,
  oldPath: string,
  newPath: string,
  depthDelta: number,
): Promise<void> {
  await db
    .updateTable('categories')
    .set({
      treePath: sql<string>`cast(${newPath} as text) || substr(${sql.ref('treePath')}, cast(${oldPath.length + 1} as integer))`,
      depth: sql<number>`${sql.ref('depth')} + cast(${depthDelta} as integer)`,
    })
    .where('treePath', 'like', `${oldPath}%`)
    .execute();
}

/** A subtree's categories in tree order (its root first), with what permission inheritance needs. */
export async function findSubtreeNodes(
  db: Executor,
  treePath: string,
): Promise<
  {
    categoryID: number;
    parentCategoryID: number | null;
    customPermissions: boolean;
    permissionCategoryID: number;
  }[]
> {
  const rows = await db
    .selectFrom('categories')
    .select(['categoryID', 'parentCategoryID', 'customPermissions', 'permissionCategoryID'])
    .where('treePath', 'like', `${treePath}%`)
    .orderBy('treePath')
    .execute();
  return rows.map((row) => ({ ...row, customPermissions: toBool(row.customPermissions) }));
}

/** Sets the permission category of several categories. */
export async function setPermissionCategoryID(
  db: Executor,
  categoryIDs: readonly number[],
  permissionCategoryID: number,
): Promise<void> {
  if (categoryIDs.length === 0) return;
  await db
    .updateTable('categories')
    .set({ permissionCategoryID })
    .where('categoryID', 'in', [...categoryIDs])
    .execute();
}

/** Whether any category lacks its tree path (inserted without the categories feature). */
export async function hasCategoriesWithoutTreePath(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('treePath', '=', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every category's parent link, sort and custom-permissions flag (tree rebuild). */
export async function findAllTreeNodes(db: Executor): Promise<TreeNodeInput[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['categoryID', 'parentCategoryID', 'sort', 'customPermissions'])
    .execute();
  return rows.map((row) => ({ ...row, customPermissions: toBool(row.customPermissions) }));
}

/** Writes the derived tree fields of one category. */
export async function writeTreeFields(
  db: Executor,
  categoryID: number,
  fields: TreeFields,
): Promise<void> {
  await db.updateTable('categories').set(fields).where('categoryID', '=', categoryID).execute();
}
