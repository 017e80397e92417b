import {
  roleTypes,
  type Role,
  type RolePermissionEntry,
  type RoleSummary,
  type RoleType,
} from '../../../../common/src/api/roles.ts';
import { storedPermissionNames } from '../../../../common/src/permissions/names.ts';
import { DEFAULT_RESOURCE_ID } from '../../permissions/build-permission-set.ts';
import type { RolePermissionRow, RoleRow } from './roles.repo.ts';

function toRoleType(type: string | null): RoleType | null {
  return roleTypes.find((known) => known === type) ?? null;
}

function grantsOf(
  rows: readonly RolePermissionRow[],
  resourceType: string,
  resourceID: number,
  names: readonly string[],
): Record<string, boolean> {
  const granted = new Set(
    rows
      .filter(
        (row) => row.granted && row.resourceType === resourceType && row.resourceID === resourceID,
      )
      .map((row) => row.permission),
  );
  return Object.fromEntries(names.map((name) => [name, granted.has(name)]));
}

/**
 * A role's permission entries (api-contract §16): every stored name of the scope with true/false,
 * for the global rows, the default category rows (id 0) and each category with custom permissions.
 */
export function presentRolePermissions(
  rows: readonly RolePermissionRow[],
  junctionCategoryIDs: readonly number[],
): RolePermissionEntry[] {
  return [
    {
      type: 'global',
      permissions: grantsOf(rows, 'global', DEFAULT_RESOURCE_ID, storedPermissionNames.global),
    },
    ...[DEFAULT_RESOURCE_ID, ...junctionCategoryIDs].map((id) => ({
      type: 'category' as const,
      id,
      permissions: grantsOf(rows, 'category', id, storedPermissionNames.category),
    })),
  ];
}

/** A role as `site.manage` holders see it, with the requested expansions. */
export function presentRole(
  role: RoleRow,
  expansions: { permissions?: RolePermissionEntry[]; assignable?: boolean } = {},
): Role {
  return {
    roleID: role.roleID,
    name: role.name,
    description: role.description,
    type: toRoleType(role.type),
    deletable: role.deletable,
    canSession: role.canSession,
    personalInfo: role.personalInfo,
    ...(expansions.assignable === undefined ? {} : { assignable: expansions.assignable }),
    ...(expansions.permissions === undefined ? {} : { permissions: expansions.permissions }),
  };
}

/** The reduced role of api-contract §16 for viewers without `site.manage`. */
export function presentRoleSummary(
  role: RoleRow,
  expansions: { assignable?: boolean } = {},
): RoleSummary {
  return {
    roleID: role.roleID,
    name: role.name,
    description: role.description,
    ...(expansions.assignable === undefined ? {} : { assignable: expansions.assignable }),
  };
}
