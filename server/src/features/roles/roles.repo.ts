import type { Kysely } from 'kysely';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A `roles` row with booleans converted. */
export interface RoleRow {
  roleID: number;
  name: string;
  description: string | null;
  type: string | null;
  deletable: boolean;
  canSession: boolean;
  personalInfo: boolean;
  sort: number;
}

/** A `rolePermissions` row with its boolean converted. */
export interface RolePermissionRow {
  roleID: number;
  resourceType: string;
  resourceID: number;
  permission: string;
  granted: boolean;
}

/** Values of a new role. */
export interface NewRole {
  name: string;
  description: string | null;
  type: string | null;
  deletable: boolean;
  canSession: boolean;
  personalInfo: boolean;
  dateInserted: string;
}

/** Changes to a role; absent keys stay. */
export type RoleChanges = Partial<Omit<NewRole, 'dateInserted'>>;

/** A permission row to write for a role. */
export interface RolePermissionWrite {
  resourceType: string;
  resourceID: number;
  permission: string;
  granted: boolean;
}

const roleColumns = [
  'roleID',
  'name',
  'description',
  'type',
  'deletable',
  'canSession',
  'personalInfo',
  'sort',
] as const;

function toRoleRow(row: {
  roleID: number;
  name: string;
  description: string | null;
  type: string | null;
  deletable: boolean | number;
  canSession: boolean | number;
  personalInfo: boolean | number;
  sort: number;
}): RoleRow {
  return {
    roleID: row.roleID,
    name: row.name,
    description: row.description,
    type: row.type,
    deletable: toBool(row.deletable),
    canSession: toBool(row.canSession),
    personalInfo: toBool(row.personalInfo),
    sort: row.sort,
  };
}

/** Every role, in display order (the roles list is small and never paged). */
export async function findAllRoles(db: Executor): Promise<RoleRow[]> {
  const rows = await db
    .selectFrom('roles')
    .select(roleColumns)
    .orderBy('sort')
    .orderBy('roleID')
    .execute();
  return rows.map(toRoleRow);
}

/** One role by ID. */
export async function findRoleByID(db: Executor, roleID: number): Promise<RoleRow | undefined> {
  const row = await db
    .selectFrom('roles')
    .select(roleColumns)
    .where('roleID', '=', roleID)
    .executeTakeFirst();
  return row ? toRoleRow(row) : undefined;
}

/** Roles whose name matches case-insensitively (at most one: the name index is unique). */
export async function findRoleByName(db: Executor, name: string): Promise<RoleRow | undefined> {
  const row = await db
    .selectFrom('roles')
    .select(roleColumns)
    .where(lowerEquals('name', name))
    .executeTakeFirst();
  return row ? toRoleRow(row) : undefined;
}

/** The first role of a type, if any. */
export async function findRoleByType(db: Executor, type: string): Promise<RoleRow | undefined> {
  const row = await db
    .selectFrom('roles')
    .select(roleColumns)
    .where('type', '=', type)
    .orderBy('roleID')
    .executeTakeFirst();
  return row ? toRoleRow(row) : undefined;
}

/** Inserts a role after the existing ones and returns its ID. */
export async function insertRole(db: Executor, role: NewRole): Promise<number> {
  const last = await db
    .selectFrom('roles')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .executeTakeFirst();
  const row = await db
    .insertInto('roles')
    .values({ ...role, sort: Number(last?.sort ?? 0) + 1 })
    .returning('roleID')
    .executeTakeFirstOrThrow();
  return row.roleID;
}

/** Applies changes to a role. */
export async function updateRole(
  db: Executor,
  roleID: number,
  changes: RoleChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('roles').set(changes).where('roleID', '=', roleID).execute();
}

/** Deletes a role with its permission rows and memberships. */
export async function deleteRole(db: Executor, roleID: number): Promise<void> {
  await db.deleteFrom('rolePermissions').where('roleID', '=', roleID).execute();
  await db.deleteFrom('userRoles').where('roleID', '=', roleID).execute();
  await db.deleteFrom('roles').where('roleID', '=', roleID).execute();
}

/** Permission rows of several roles at once (for `expand=permissions` without N+1 queries). */
export async function findRolePermissionRows(
  db: Executor,
  roleIDs: readonly number[],
): Promise<RolePermissionRow[]> {
  if (roleIDs.length === 0) return [];
  const rows = await db
    .selectFrom('rolePermissions')
    .select(['roleID', 'resourceType', 'resourceID', 'permission', 'granted'])
    .where('roleID', 'in', [...roleIDs])
    .execute();
  return rows.map((row) => ({ ...row, granted: toBool(row.granted) }));
}

/** Removes every permission row of a role (`PUT /roles/{id}/permissions`). */
export async function deleteRolePermissions(db: Executor, roleID: number): Promise<void> {
  await db.deleteFrom('rolePermissions').where('roleID', '=', roleID).execute();
}

/** Writes permission rows of a role: granted rows are upserted, refused ones removed. */
export async function writeRolePermissions(
  db: Executor,
  roleID: number,
  rows: readonly RolePermissionWrite[],
): Promise<void> {
  const granted = rows.filter((row) => row.granted);
  const refused = rows.filter((row) => !row.granted);
  for (const row of refused) {
    await db
      .deleteFrom('rolePermissions')
      .where('roleID', '=', roleID)
      .where('resourceType', '=', row.resourceType)
      .where('resourceID', '=', row.resourceID)
      .where('permission', '=', row.permission)
      .execute();
  }
  if (granted.length === 0) return;
  await db
    .insertInto('rolePermissions')
    .values(
      granted.map((row) => ({
        roleID,
        resourceType: row.resourceType,
        resourceID: row.resourceID,
        permission: row.permission,
        granted: true,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['roleID', 'resourceType', 'resourceID', 'permission'])
        .doUpdateSet({ granted: true }),
    )
    .execute();
}

/** IDs of categories with custom permissions (junctions: permissionCategoryID = categoryID). */
export async function findJunctionCategoryIDs(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .whereRef('permissionCategoryID', '=', 'categoryID')
    .orderBy('categoryID')
    .execute();
  return rows.map((row) => row.categoryID);
}

/** Which of the given category IDs exist. */
export async function findExistingCategoryIDs(
  db: Executor,
  categoryIDs: readonly number[],
): Promise<number[]> {
  if (categoryIDs.length === 0) return [];
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('categoryID', 'in', [...categoryIDs])
    .execute();
  return rows.map((row) => row.categoryID);
}
