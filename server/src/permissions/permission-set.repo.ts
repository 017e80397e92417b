import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { toBool } from '../platform/db/dialect.ts';
import type { Database } from '../platform/db/schema.ts';
import { nowIso } from '../platform/dates.ts';
import type {
  CategoryPermissionLink,
  GrantedPermissionRow,
  PermissionSubject,
} from './build-permission-set.ts';

/** Any Kysely handle on the schema: the database or an open transaction. */
type Executor = Kysely<Database>;

/** `config` row holding the roles/permissions version (a token, changed by every bump). */
export const PERMISSIONS_VERSION_KEY = 'internal.permissionsVersion';

/** Role type whose rows apply to guests (userID 0). */
const GUEST_ROLE_TYPE = 'guest';

/** The current roles/permissions version; '' before the first bump. */
export async function findPermissionsVersion(db: Executor): Promise<string> {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('configKey', '=', PERMISSIONS_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? '';
}

/** A user's permission-relevant flags and the roles/permissions version they were read with. */
export interface KnownPermissionSubject {
  subject: PermissionSubject;
  version: string;
}

/** The columns of `users` (and the version from `config`) that make a KnownPermissionSubject. */
export interface PermissionSubjectRow {
  banned: number;
  deleted: boolean | number;
  isAdmin: boolean | number;
  isSysAdmin: boolean | number;
  permissionsVersion: string | null;
}

/**
 * Selects what a permission set is built from, for a query that joins `users`: the token and
 * session lookups add it to their own statement, so a signed-in request reads its actor and its
 * permission subject in one round trip.
 */
export function permissionSubjectSelection(eb: ExpressionBuilder<Database, 'users'>) {
  return [
    'users.banned',
    'users.deleted',
    'users.isAdmin',
    'users.isSysAdmin',
    eb
      .selectFrom('config')
      .select('config.value')
      .where('config.configKey', '=', PERMISSIONS_VERSION_KEY)
      .as('permissionsVersion'),
  ] as const;
}

export function toKnownPermissionSubject(row: PermissionSubjectRow): KnownPermissionSubject {
  return {
    subject: {
      isAdmin: toBool(row.isAdmin),
      isSysAdmin: toBool(row.isSysAdmin),
      isBanned: row.banned !== 0,
      isDeleted: toBool(row.deleted),
    },
    version: row.permissionsVersion ?? '',
  };
}

/**
 * The user's permission-relevant flags and the permissions version, in one round trip;
 * undefined when the user does not exist.
 */
export async function findPermissionSubject(
  db: Executor,
  userID: number,
): Promise<KnownPermissionSubject | undefined> {
  const row = await db
    .selectFrom('users')
    .select(permissionSubjectSelection)
    .where('users.userID', '=', userID)
    .executeTakeFirst();
  return row ? toKnownPermissionSubject(row) : undefined;
}

/**
 * Granted permission rows of the user's roles; guests (userID 0) get the rows of the guest-type
 * roles. A denied row never revokes what another role grants.
 */
export async function findGrantedPermissionRows(
  db: Executor,
  userID: number,
): Promise<GrantedPermissionRow[]> {
  const rows =
    userID === 0
      ? await db
          .selectFrom('rolePermissions')
          .innerJoin('roles', 'roles.roleID', 'rolePermissions.roleID')
          .select([
            'rolePermissions.resourceType',
            'rolePermissions.resourceID',
            'rolePermissions.permission',
            'rolePermissions.granted',
          ])
          .where('roles.type', '=', GUEST_ROLE_TYPE)
          .execute()
      : await db
          .selectFrom('rolePermissions')
          .innerJoin('userRoles', 'userRoles.roleID', 'rolePermissions.roleID')
          .select([
            'rolePermissions.resourceType',
            'rolePermissions.resourceID',
            'rolePermissions.permission',
            'rolePermissions.granted',
          ])
          .where('userRoles.userID', '=', userID)
          .execute();
  return rows
    .filter((row) => toBool(row.granted))
    .map((row) => ({
      resourceType: row.resourceType,
      resourceID: row.resourceID,
      permission: row.permission,
    }));
}

/** Categories that are junctions or inherit from one (the others use the default rows). */
export async function findCategoryPermissionLinks(db: Executor): Promise<CategoryPermissionLink[]> {
  return db
    .selectFrom('categories')
    .select(['categoryID', 'permissionCategoryID'])
    .where('permissionCategoryID', '>', 0)
    .orderBy('categoryID')
    .execute();
}

/**
 * Changes the roles/permissions version so every process drops its cached sets. Call it in the
 * same transaction as any write to roles, rolePermissions, userRoles or a category's permissions.
 * A fresh random token (not a counter) cannot collide between concurrent bumps.
 */
export async function bumpPermissionsVersion(db: Executor): Promise<void> {
  const value = JSON.stringify(randomUUID());
  const dateUpdated = nowIso();
  await db
    .insertInto('config')
    .values({ configKey: PERMISSIONS_VERSION_KEY, value, dateUpdated })
    .onConflict((oc) => oc.column('configKey').doUpdateSet({ value, dateUpdated }))
    .execute();
}

/** A user's permission subject and role IDs, for building many users' sets at once. */
export interface PermissionSubjectWithRoles extends KnownPermissionSubject {
  userID: number;
  roleIDs: number[];
}

/**
 * The permission subjects and role IDs of several users in one statement (the notification
 * fan-out); users that do not exist are absent.
 */
export async function findPermissionSubjectsWithRoles(
  db: Executor,
  userIDs: readonly number[],
): Promise<PermissionSubjectWithRoles[]> {
  if (userIDs.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .leftJoin('userRoles', 'userRoles.userID', 'users.userID')
    .select((eb) => ['users.userID', 'userRoles.roleID', ...permissionSubjectSelection(eb)])
    .where('users.userID', 'in', [...new Set(userIDs)])
    .execute();
  const byUser = new Map<number, PermissionSubjectWithRoles>();
  for (const row of rows) {
    let entry = byUser.get(row.userID);
    if (!entry) {
      entry = { userID: row.userID, roleIDs: [], ...toKnownPermissionSubject(row) };
      byUser.set(row.userID, entry);
    }
    if (row.roleID !== null) entry.roleIDs.push(row.roleID);
  }
  return [...byUser.values()];
}

/** Granted permission rows of the given roles (what `findGrantedPermissionRows` reads per user). */
export async function findGrantedPermissionRowsOfRoles(
  db: Executor,
  roleIDs: readonly number[],
): Promise<(GrantedPermissionRow & { roleID: number })[]> {
  if (roleIDs.length === 0) return [];
  const rows = await db
    .selectFrom('rolePermissions')
    .select(['roleID', 'resourceType', 'resourceID', 'permission', 'granted'])
    .where('roleID', 'in', [...new Set(roleIDs)])
    .execute();
  return rows
    .filter((row) => toBool(row.granted))
    .map((row) => ({ roleID: row.roleID, resourceType: row.resourceType, resourceID: row.resourceID, permission: row.permission }));
}
