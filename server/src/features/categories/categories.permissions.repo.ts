import { sql } from 'kysely';
import { toBool } from '../../platform/db/dialect.ts';
import type { Executor } from './categories.repo.ts';

// A category's own rows in `rolePermissions` (custom permissions) and the roles they name.

/**
 * Gives a category its own permission rows: a copy of every role's default category rows
 * (resourceID 0), as Vanilla does when custom permissions are turned on.
 */
export async function copyDefaultCategoryPermissions(
  db: Executor,
  categoryID: number,
): Promise<void> {
  await deleteCategoryPermissions(db, categoryID);
  await db
    .insertInto('rolePermissions')
    .columns(['roleID', 'resourceType', 'resourceID', 'permission', 'granted'])
    .expression((eb) =>
      eb
        .selectFrom('rolePermissions')
        .select([
          'rolePermissions.roleID',
          sql.lit('category').as('resourceType'),
          sql.lit(categoryID).as('resourceID'),
          'rolePermissions.permission',
          'rolePermissions.granted',
        ])
        .where('rolePermissions.resourceType', '=', 'category')
        .where('rolePermissions.resourceID', '=', 0),
    )
    .execute();
}

/** Removes a category's own permission rows (custom permissions turned off, or deleted). */
export async function deleteCategoryPermissions(db: Executor, categoryID: number): Promise<void> {
  await db
    .deleteFrom('rolePermissions')
    .where('resourceType', '=', 'category')
    .where('resourceID', '=', categoryID)
    .execute();
}

/** A category's own granted permission rows, by role. */
export async function findCategoryPermissionRows(
  db: Executor,
  categoryID: number,
): Promise<{ roleID: number; permission: string }[]> {
  const rows = await db
    .selectFrom('rolePermissions')
    .select(['roleID', 'permission', 'granted'])
    .where('resourceType', '=', 'category')
    .where('resourceID', '=', categoryID)
    .execute();
  return rows
    .filter((row) => toBool(row.granted))
    .map(({ roleID, permission }) => ({ roleID, permission }));
}

/** Every role ID, in display order. */
export async function findAllRoleIDs(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('roles')
    .select('roleID')
    .orderBy('sort')
    .orderBy('roleID')
    .execute();
  return rows.map((row) => row.roleID);
}
