import { has } from '../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import { DEFAULT_PERMISSION_CATEGORY_ID } from './build-permission-set.ts';

/**
 * The categories a category-scoped permission reaches, in the terms a repo filters on: either
 * every category, or the categories whose `permissionCategoryID` is in the list (-1 stands for all
 * categories that use the default rows). An empty list reaches nothing.
 */
export type CategoryScope = { all: true } | { all: false; permissionCategoryIDs: number[] };

/**
 * Where the set grants `name`, for scoping lists in SQL (CONVENTIONS §5), e.g.
 * `categoryIDsWith(ctx.permissions, 'discussions.view')`; repos then filter with
 * `categories.permissionCategoryID in (...)` unless `all`.
 */
export function categoryIDsWith(
  set: PermissionSet | null | undefined,
  name: PermissionName,
): CategoryScope {
  if (!set) return { all: false, permissionCategoryIDs: [] };
  // Sets are frozen and cached per user (loadPermissionSet), so a scope is worked out once per set
  // and name: a check of one category (canViewCategory) costs a lookup, not a pass over every
  // junction (which grew with the number of restricted categories: 9 % of a comment's CPU at L).
  let byName = scopes.get(set);
  if (byName === undefined) {
    byName = new Map();
    if (Object.isFrozen(set)) scopes.set(set, byName);
  }
  let scope = byName.get(name);
  if (scope === undefined) {
    scope = Object.freeze(computeScope(set, name));
    byName.set(name, scope);
  }
  return scope;
}

const scopes = new WeakMap<PermissionSet, Map<PermissionName, CategoryScope>>();

function computeScope(set: PermissionSet, name: PermissionName): CategoryScope {
  const junctionIDs =
    set.junctions?.category ??
    set.permissions
      .filter((entry) => entry.type === 'category' && entry.id !== null)
      .map((entry) => entry.id as number);
  const permissionCategoryIDs: number[] = [];
  if (has(set, name, { mode: 'global' })) {
    permissionCategoryIDs.push(DEFAULT_PERMISSION_CATEGORY_ID);
  }
  for (const junctionID of junctionIDs) {
    if (has(set, name, { mode: 'resource', resourceType: 'category', resourceID: junctionID })) {
      permissionCategoryIDs.push(junctionID);
    }
  }
  if (permissionCategoryIDs.length === junctionIDs.length + 1) {
    return { all: true };
  }
  return { all: false, permissionCategoryIDs: Object.freeze(permissionCategoryIDs) as number[] };
}

/** Whether a category (given its `permissionCategoryID`) is inside a scope. */
export function isInCategoryScope(scope: CategoryScope, permissionCategoryID: number): boolean {
  return scope.all || scope.permissionCategoryIDs.includes(permissionCategoryID);
}
