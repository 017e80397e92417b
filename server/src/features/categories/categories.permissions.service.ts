import type { CategoryRolePermissions } from '../../../../common/src/api/categories.ts';
import {
  isStoredPermissionName,
  permissionDefinitions,
} from '../../../../common/src/permissions/names.ts';
import type { Db } from '../../platform/db/db.ts';
import { validationError, type FieldError } from '../../platform/errors.ts';
import { writeCategoryGrants } from '../roles/roles.grants.ts';
import { findAllRoleIDs } from './categories.permissions.repo.ts';
import { subtreePermissionCategoryIDs } from './categories.tree.ts';
import { findSubtreeNodes, setPermissionCategoryID } from './categories.tree.repo.ts';

// A category's custom permissions: the role entries of a create or patch body, and the permission
// category every category of a subtree inherits.

export interface RoleCategoryWrites {
  roleID: number;
  grants: { permission: string; granted: boolean }[];
}

/**
 * Validates `permissions` entries: known roles; names other than stored category-scoped ones are
 * dropped (unknown body fields are dropped, api-contract §1.1).
 * @throws AppError 422 naming the entry whose role does not exist.
 */
export async function toRoleCategoryWrites(
  db: Db,
  entries: readonly CategoryRolePermissions[],
): Promise<RoleCategoryWrites[]> {
  const roleIDs = new Set(await findAllRoleIDs(db));
  const errors: FieldError[] = [];
  const writes: RoleCategoryWrites[] = [];
  entries.forEach((entry, index) => {
    if (!roleIDs.has(entry.roleID)) {
      errors.push({
        field: `permissions.${String(index)}.roleID`,
        code: 'invalid',
        message: 'Role not found.',
        status: 422,
      });
      return;
    }
    const grants = Object.entries(entry.permissions)
      .filter(
        ([name]) =>
          isStoredPermissionName(name) && permissionDefinitions[name].scope === 'category',
      )
      .map(([permission, granted]) => ({ permission, granted }));
    writes.push({ roleID: entry.roleID, grants });
  });
  if (errors.length > 0) throw validationError(errors);
  return writes;
}

/** Writes the validated entries as the category's own permission rows. */
export async function applyRoleCategoryWrites(
  db: Db,
  categoryID: number,
  writes: readonly RoleCategoryWrites[],
): Promise<void> {
  await writeCategoryGrants(db, categoryID, writes);
}

/** Gives every category of a subtree the permission category it inherits (spec: nearest custom ancestor). */
export async function recomputeSubtreePermissions(
  db: Db,
  rootPath: string,
  inherited: number,
): Promise<void> {
  const nodes = await findSubtreeNodes(db, rootPath);
  const computed = subtreePermissionCategoryIDs(nodes, inherited);
  const changes = new Map<number, number[]>();
  for (const node of nodes) {
    const value = computed.get(node.categoryID) ?? inherited;
    if (value === node.permissionCategoryID) continue;
    changes.set(value, [...(changes.get(value) ?? []), node.categoryID]);
  }
  for (const [permissionCategoryID, categoryIDs] of changes)
    await setPermissionCategoryID(db, categoryIDs, permissionCategoryID);
}
