import { sql, type Expression, type SqlBool } from 'kysely';

/** The permission categories a viewer may act in (permissions/category-scope.ts' CategoryScope). */
type PermissionCategories = { all: true } | { all: false; permissionCategoryIDs: readonly number[] };

/**
 * A record's place (`column`, a category ID: reports, their counters and escalations keep their
 * post's category) inside a moderator's category scope, as a condition: true for the whole site,
 * false for no category, else the categories whose permission category is in the scope.
 */
export function placeInScope(
  column: 'reports.placeRecordID' | 'reportCounts.placeRecordID' | 'escalations.placeRecordID',
  scope: PermissionCategories,
): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`${sql.ref(column)} in (select "categoryID" from "categories" where "permissionCategoryID" in (${sql.join(scope.permissionCategoryIDs)}))`;
}
