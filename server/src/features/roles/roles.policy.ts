import { has } from '../../../../common/src/permissions/has.ts';
import {
  isStoredPermissionName,
  permissionDefinitions,
} from '../../../../common/src/permissions/names.ts';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import type { RolePermissionRow, RoleRow } from './roles.repo.ts';

/** api-contract §16: viewing full roles and every write need `site.manage`. */
export function canManageRoles(set: PermissionSet): boolean {
  return has(set, 'site.manage');
}

/** api-contract §16: roles marked personal info are hidden from viewers without `personalInfo.view`. */
export function canSeeRole(set: PermissionSet, role: RoleRow): boolean {
  return !role.personalInfo || has(set, ['personalInfo.view', 'site.manage']);
}

/**
 * Whether the viewer may give this role to a user: they need `users.edit`, and unless they hold
 * `site.manage` the role may not grant a global permission they lack (no escalation through roles).
 */
export function canAssignRole(
  set: PermissionSet,
  rolePermissions: readonly RolePermissionRow[],
): boolean {
  if (!has(set, 'users.edit')) return false;
  if (has(set, 'site.manage')) return true;
  return rolePermissions.every((row) => {
    if (!row.granted || row.resourceType !== 'global' || !isStoredPermissionName(row.permission))
      return true;
    if (permissionDefinitions[row.permission].scope !== 'global') return true;
    return has(set, row.permission, { mode: 'global' });
  });
}
