import type { Db } from '../../platform/db/db.ts';
import { writeRolePermissions } from './roles.repo.ts';

// The roles feature's writes of permission rows on behalf of other features (a category's own
// permissions are rows of `rolePermissions` like any other grant).

/** One role's grants and refusals of category-scoped permissions. */
export interface RoleGrants {
  roleID: number;
  grants: readonly { permission: string; granted: boolean }[];
}

/** Writes roles' rows for one category: granted ones upserted, refused ones removed. */
export async function writeCategoryGrants(
  db: Db,
  categoryID: number,
  roles: readonly RoleGrants[],
): Promise<void> {
  for (const role of roles) {
    await writeRolePermissions(
      db,
      role.roleID,
      role.grants.map((grant) => ({ resourceType: 'category', resourceID: categoryID, ...grant })),
    );
  }
}
