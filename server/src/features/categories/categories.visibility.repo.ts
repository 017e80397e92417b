import type { Db } from '../../platform/db/db.ts';

/** A category the viewer may not see, with what its parents' totals hold of it. */
export interface HiddenCategoryRow {
  categoryID: number;
  parentCategoryID: number | null;
  treePath: string;
  countDiscussions: number;
  countComments: number;
}

/**
 * The categories whose permission rows are not among `permissionCategoryIDs` (the viewer's
 * `discussions.view` scope, CONVENTIONS §5), with their own counts.
 */
export async function findHiddenCategories(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<HiddenCategoryRow[]> {
  let query = db
    .selectFrom('categories')
    .select(['categoryID', 'parentCategoryID', 'treePath', 'countDiscussions', 'countComments']);
  if (permissionCategoryIDs.length > 0)
    query = query.where('permissionCategoryID', 'not in', [...permissionCategoryIDs]);
  return query.execute();
}
