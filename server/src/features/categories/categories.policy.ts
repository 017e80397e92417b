import { has, type HasOptions } from '../../../../common/src/permissions/has.ts';
import {
  permissionDefinitions,
  permissionNames,
  type PermissionName,
} from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  categoryIDsWith,
  isInCategoryScope,
  type CategoryScope,
} from '../../permissions/category-scope.ts';

/** What the policies need of a category: where its permission rows come from. */
export interface CategoryPermissionTarget {
  categoryID: number;
  permissionCategoryID: number;
}

/** Category-scoped names, consolidated ones included, as the `permissions` expansion lists them. */
const categoryPermissionNames: readonly PermissionName[] = permissionNames.filter(
  (name) => permissionDefinitions[name].scope === 'category',
);

/** api-contract §7: creating, editing and deleting categories need `site.manage`. */
export function canManageCategories(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}

/** The categories a set may view, for filtering lists in SQL (CONVENTIONS §5). */
export function viewableScope(set: PermissionSet): CategoryScope {
  return categoryIDsWith(set, 'discussions.view');
}

/** The categories a set may post discussions in (`filterDiscussionsAdd`). */
export function postableScope(set: PermissionSet): CategoryScope {
  return categoryIDsWith(set, 'discussions.add');
}

/**
 * api-contract §7: a category is visible with `discussions.view` where its permission rows come
 * from (its own, an ancestor's, or the defaults). Same rule as the lists' SQL filter.
 */
export function canViewCategory(set: PermissionSet, category: CategoryPermissionTarget): boolean {
  return isInCategoryScope(viewableScope(set), category.permissionCategoryID);
}

/** `has()` options for a category: its junction when it has one, else the defaults. */
export function categoryResource(category: CategoryPermissionTarget): HasOptions {
  return {
    resourceType: 'category',
    resourceID:
      category.permissionCategoryID > 0 ? category.permissionCategoryID : category.categoryID,
  };
}

/** The viewer's category-scoped permissions in a category (the `permissions` expansion). */
export function categoryPermissionsOf(
  set: PermissionSet,
  category: CategoryPermissionTarget,
): Record<string, boolean> {
  const options = categoryResource(category);
  return Object.fromEntries(categoryPermissionNames.map((name) => [name, has(set, name, options)]));
}

/** api-contract §7: following needs a signed-in user (and the category visible). */
export function canFollowCategories(set: PermissionSet): boolean {
  return has(set, 'session.valid');
}

/** The permission that lets the actor manage a user's category preferences: their own, or `users.edit`. */
export function preferencesPermission(actorUserID: number, targetUserID: number): PermissionName {
  return actorUserID === targetUserID ? 'session.valid' : 'users.edit';
}

/** api-contract §7: self needs `session.valid`; another user's preferences need `users.edit`. */
export function canManagePreferencesOf(
  set: PermissionSet,
  actorUserID: number,
  targetUserID: number,
): boolean {
  return has(set, preferencesPermission(actorUserID, targetUserID));
}

/** api-contract §7: e-mail preferences need the target user to hold `email.view`. */
export function canReceiveCategoryEmail(targetSet: PermissionSet): boolean {
  return has(targetSet, 'email.view');
}
