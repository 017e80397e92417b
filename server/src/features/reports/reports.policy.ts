import { has } from '../../../../common/src/permissions/has.ts';
import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { categoryIDsWith, type CategoryScope } from '../../permissions/category-scope.ts';
import { categoryResource, type CategoryPermissionTarget } from '../categories/categories.policy.ts';

/** The permissions a 403 of the moderators' calls names (api-contract §27.10). */
export const MODERATOR_PERMISSIONS: readonly PermissionName[] = ['posts.moderate', 'community.moderate'];

/** api-contract §27.2: reporters hold `flag.add` (global). */
export function canReport(set: PermissionSet, userID: number): boolean {
  return userID > 0 && has(set, 'flag.add');
}

/** api-contract §27.3: reasons are created, edited and deleted with `community.moderate`. */
export function canManageReasons(set: PermissionSet): boolean {
  return has(set, 'community.moderate');
}

/** api-contract §27.3: `PUT /report-reasons/sorts` needs `site.manage`. */
export function canSortReasons(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}

/** The categories whose reports the set moderates: all with `community.moderate`. */
export function moderatedScope(set: PermissionSet): CategoryScope {
  if (has(set, 'community.moderate')) return { all: true };
  return categoryIDsWith(set, 'posts.moderate');
}

/** api-contract §27.2: a moderator somewhere (`posts.moderate` in a category or `community.moderate`). */
export function isReportsModerator(set: PermissionSet): boolean {
  const scope = moderatedScope(set);
  return scope.all || scope.permissionCategoryIDs.length > 0;
}

/** api-contract §27.2: moderator of a record = `community.moderate`, or `posts.moderate` in its category. */
export function moderatesPlace(set: PermissionSet, category: CategoryPermissionTarget): boolean {
  return has(set, 'community.moderate') || has(set, 'posts.moderate', categoryResource(category));
}

/**
 * api-contract §27.3: a reason is open to a caller when it has no role list, the caller holds one
 * of its roles, or the caller holds `community.moderate`.
 */
export function canUseReason(
  set: PermissionSet,
  roleIDs: readonly number[],
  reason: { roleIDs: number[] | null },
): boolean {
  if (reason.roleIDs === null || has(set, 'community.moderate')) return true;
  return reason.roleIDs.some((roleID) => roleIDs.includes(roleID));
}

/** `includeDeleted` / `includeSystem` of the reason reads need a moderator (api-contract §27.3). */
export function canSeeHiddenReasons(set: PermissionSet): boolean {
  return isReportsModerator(set);
}

/** `countReports` on reasons: `community.moderate` viewers only. */
export function canSeeReasonCounts(set: PermissionSet): boolean {
  return has(set, 'community.moderate');
}
