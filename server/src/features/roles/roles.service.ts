import type {
  CreateRoleBody,
  PatchRoleBody,
  Role,
  RolePermissionEntry,
  RolePermissionsInput,
  RoleSummary,
} from '../../../../common/src/api/roles.ts';
import {
  isStoredPermissionName,
  permissionDefinitions,
} from '../../../../common/src/permissions/names.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { DEFAULT_RESOURCE_ID } from '../../permissions/build-permission-set.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  AppError,
  fieldError,
  notFound,
  validationError,
  type FieldError,
} from '../../platform/errors.ts';
import { canAssignRole, canManageRoles, canSeeRole } from './roles.policy.ts';
import { presentRole, presentRolePermissions, presentRoleSummary } from './roles.present.ts';
import {
  deleteRole as deleteRoleRow,
  deleteRolePermissions,
  findAllRoles,
  findExistingCategoryIDs,
  findJunctionCategoryIDs,
  findRoleByID,
  findRoleByName,
  findRolePermissionRows,
  insertRole,
  updateRole,
  writeRolePermissions,
  type RolePermissionRow,
  type RolePermissionWrite,
  type RoleRow,
} from './roles.repo.ts';

/** A role in a path: an ID or `$name:<name>`. */
export type RoleRef = number | string;

/** Which expansions a roles call asked for. */
export interface RoleExpand {
  permissions: boolean;
  assignable: boolean;
}

const NAME_IN_USE = 'The name you entered is already in use.';

/**
 * api-contract §16 "too many permission rows → 416": Vanilla's `RolesApiController::MAX_PERMISSIONS`.
 * A row there is a role's global row or one category's row; here, one (resourceType, resourceID)
 * pair among the role's stored grants.
 */
export const MAX_EXPANDED_PERMISSION_ROWS = 100;
const TOO_MANY_PERMISSIONS = 'There are too many permissions to display.';

function assertExpandable(rows: readonly RolePermissionRow[]): void {
  const resources = new Set(rows.map((row) => `${row.resourceType}:${String(row.resourceID)}`));
  if (resources.size > MAX_EXPANDED_PERMISSION_ROWS) throw new AppError(416, TOO_MANY_PERMISSIONS);
}

/** Reads the expansions of a parsed `expand` set (`all` names both). */
export function toRoleExpand(expand: ReadonlySet<string>): RoleExpand {
  return readExpand(expand, ['permissions', 'assignable']);
}

function requireSiteManage(ctx: RequestContext): void {
  authorize(canManageRoles(ctx.permissions), { permissions: 'site.manage' });
}

async function resolveRole(db: Db, ref: RoleRef): Promise<RoleRow> {
  const role =
    typeof ref === 'number'
      ? await findRoleByID(db, ref)
      : await findRoleByName(db, ref.replace(/^\$name:/, ''));
  if (!role) throw notFound('Role');
  return role;
}

function rowsByRole(rows: readonly RolePermissionRow[]): Map<number, RolePermissionRow[]> {
  const map = new Map<number, RolePermissionRow[]>();
  for (const row of rows) {
    const list = map.get(row.roleID) ?? [];
    list.push(row);
    map.set(row.roleID, list);
  }
  return map;
}

async function presentFullRoles(
  ctx: RequestContext,
  roles: readonly RoleRow[],
  expand: RoleExpand,
): Promise<Role[]> {
  const needRows = expand.permissions || expand.assignable;
  const rows = needRows
    ? rowsByRole(
        await findRolePermissionRows(
          ctx.db,
          roles.map((role) => role.roleID),
        ),
      )
    : new Map<number, RolePermissionRow[]>();
  const junctionIDs = expand.permissions ? await findJunctionCategoryIDs(ctx.db) : [];
  if (expand.permissions) for (const roleRows of rows.values()) assertExpandable(roleRows);
  return roles.map((role) => {
    const roleRows = rows.get(role.roleID) ?? [];
    return presentRole(role, {
      ...(expand.permissions ? { permissions: presentRolePermissions(roleRows, junctionIDs) } : {}),
      ...(expand.assignable ? { assignable: canAssignRole(ctx.permissions, roleRows) } : {}),
    });
  });
}

/**
 * `GET /roles`: every role the viewer may see; full roles for `site.manage` holders, summaries
 * for the others (api-contract §16). No paging.
 * @throws AppError 416 when a role to expand has rows for more than 100 resources.
 */
export async function listRoles(
  ctx: RequestContext,
  expand: RoleExpand,
): Promise<(Role | RoleSummary)[]> {
  const roles = (await findAllRoles(ctx.db)).filter((role) => canSeeRole(ctx.permissions, role));
  if (canManageRoles(ctx.permissions)) {
    return presentFullRoles(ctx, roles, expand);
  }
  const rows = expand.assignable
    ? rowsByRole(
        await findRolePermissionRows(
          ctx.db,
          roles.map((role) => role.roleID),
        ),
      )
    : null;
  return roles.map((role) =>
    presentRoleSummary(
      role,
      rows ? { assignable: canAssignRole(ctx.permissions, rows.get(role.roleID) ?? []) } : {},
    ),
  );
}

/**
 * `GET /roles/{id}` (`site.manage`).
 * @throws AppError 403 without `site.manage`, 404 when the role does not exist, 416 when its
 * permissions are expanded and it has rows for more than 100 resources.
 */
export async function getRole(
  ctx: RequestContext,
  ref: RoleRef,
  expand: RoleExpand,
): Promise<Role> {
  requireSiteManage(ctx);
  const role = await resolveRole(ctx.db, ref);
  const [presented] = await presentFullRoles(ctx, [role], expand);
  if (!presented) throw notFound('Role');
  return presented;
}

/**
 * Turns request permission entries into rows, dropping unknown names and names of another scope
 * (unknown body fields are dropped, api-contract §1.1). Category IDs must be 0 (the default rows)
 * or a category with custom permissions.
 * @throws AppError 422 naming the entry whose category is missing or has no custom permissions.
 */
async function toPermissionWrites(
  db: Db,
  entries: RolePermissionsInput,
): Promise<RolePermissionWrite[]> {
  const categoryIDs = [
    ...new Set(
      entries
        .filter((entry) => entry.type === 'category' && (entry.id ?? 0) > 0)
        .map((entry) => entry.id ?? 0),
    ),
  ];
  const [existing, junctions] = await Promise.all([
    findExistingCategoryIDs(db, categoryIDs),
    findJunctionCategoryIDs(db),
  ]);
  const errors: FieldError[] = [];
  const writes: RolePermissionWrite[] = [];
  entries.forEach((entry, index) => {
    const resourceID =
      entry.type === 'global' ? DEFAULT_RESOURCE_ID : (entry.id ?? DEFAULT_RESOURCE_ID);
    if (entry.type === 'category' && resourceID !== DEFAULT_RESOURCE_ID) {
      const field = `permissions.${String(index)}.id`;
      if (!existing.includes(resourceID)) {
        errors.push({ field, code: 'invalid', message: 'Category not found.', status: 422 });
        return;
      }
      if (!junctions.includes(resourceID)) {
        errors.push({
          field,
          code: 'invalid',
          message: `Category ${String(resourceID)} does not have custom permissions.`,
          status: 422,
        });
        return;
      }
    }
    for (const [permission, granted] of Object.entries(entry.permissions)) {
      if (
        !isStoredPermissionName(permission) ||
        permissionDefinitions[permission].scope !== entry.type
      )
        continue;
      writes.push({ resourceType: entry.type, resourceID, permission, granted });
    }
  });
  if (errors.length > 0) throw validationError(errors);
  return writes;
}

async function assertNameFree(db: Db, name: string, exceptRoleID: number | null): Promise<void> {
  const existing = await findRoleByName(db, name);
  if (existing && existing.roleID !== exceptRoleID) throw fieldError('name', NAME_IN_USE, 400);
}

async function presentWithPermissions(db: Db, role: RoleRow): Promise<Role> {
  const [rows, junctionIDs] = await Promise.all([
    findRolePermissionRows(db, [role.roleID]),
    findJunctionCategoryIDs(db),
  ]);
  return presentRole(role, { permissions: presentRolePermissions(rows, junctionIDs) });
}

/**
 * `POST /roles` (`site.manage`): creates a role with optional permissions.
 * @throws AppError 403, 400 when the name is taken, 422 on a bad category entry.
 */
export async function createRole(ctx: RequestContext, input: CreateRoleBody): Promise<Role> {
  requireSiteManage(ctx);
  const role = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name, null);
    const writes = input.permissions ? await toPermissionWrites(trx, input.permissions) : [];
    const roleID = await insertRole(trx, {
      name: input.name,
      description: input.description ?? null,
      type: input.type ?? null,
      deletable: input.deletable ?? true,
      canSession: input.canSession ?? true,
      personalInfo: input.personalInfo ?? false,
      dateInserted: nowIso(ctx.clock),
    });
    await writeRolePermissions(trx, roleID, writes);
    await bumpPermissionsVersion(trx);
    const created = await findRoleByID(trx, roleID);
    if (!created) throw new AppError(500, 'Something went wrong.');
    return created;
  });
  return presentWithPermissions(ctx.db, role);
}

/**
 * `PATCH /roles/{id}` (`site.manage`): changes the given fields; `permissions` entries are merged.
 * @throws AppError 403, 404, 400 when the name is taken, 422 on a bad category entry.
 */
export async function patchRole(
  ctx: RequestContext,
  ref: RoleRef,
  input: PatchRoleBody,
): Promise<Role> {
  requireSiteManage(ctx);
  const role = await ctx.db.transaction().execute(async (trx) => {
    const existing = await resolveRole(trx, ref);
    if (input.name !== undefined) await assertNameFree(trx, input.name, existing.roleID);
    const writes = input.permissions ? await toPermissionWrites(trx, input.permissions) : [];
    await updateRole(trx, existing.roleID, {
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.type === undefined ? {} : { type: input.type }),
      ...(input.deletable === undefined ? {} : { deletable: input.deletable }),
      ...(input.canSession === undefined ? {} : { canSession: input.canSession }),
      ...(input.personalInfo === undefined ? {} : { personalInfo: input.personalInfo }),
    });
    await writeRolePermissions(trx, existing.roleID, writes);
    await bumpPermissionsVersion(trx);
    return (await findRoleByID(trx, existing.roleID)) ?? existing;
  });
  return presentWithPermissions(ctx.db, role);
}

/**
 * `DELETE /roles/{id}` (`site.manage`): removes the role, its permission rows and memberships.
 * @throws AppError 403, 404, 400 when the role is not deletable.
 */
export async function deleteRole(ctx: RequestContext, ref: RoleRef): Promise<void> {
  requireSiteManage(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const role = await resolveRole(trx, ref);
    if (!role.deletable) throw new AppError(400, 'This role cannot be deleted.');
    await deleteRoleRow(trx, role.roleID);
    await bumpPermissionsVersion(trx);
  });
}

/**
 * `PUT /roles/{id}/permissions` (replace: rows not given are removed) and
 * `PATCH /roles/{id}/permissions` (merge: only the given names change), `site.manage`.
 * @throws AppError 403, 404, 422 on a bad category entry.
 */
export async function setRolePermissions(
  ctx: RequestContext,
  ref: RoleRef,
  entries: RolePermissionsInput,
  mode: 'replace' | 'merge',
): Promise<RolePermissionEntry[]> {
  requireSiteManage(ctx);
  const roleID = await ctx.db.transaction().execute(async (trx) => {
    const role = await resolveRole(trx, ref);
    const writes = await toPermissionWrites(trx, entries);
    if (mode === 'replace') await deleteRolePermissions(trx, role.roleID);
    await writeRolePermissions(trx, role.roleID, writes);
    await bumpPermissionsVersion(trx);
    return role.roleID;
  });
  const [rows, junctionIDs] = await Promise.all([
    findRolePermissionRows(ctx.db, [roleID]),
    findJunctionCategoryIDs(ctx.db),
  ]);
  return presentRolePermissions(rows, junctionIDs);
}

/** The stored permission rows of several roles in one query (for other features' rules about roles). */
export async function findPermissionRowsOfRoles(
  db: Db,
  roleIDs: readonly number[],
): Promise<RolePermissionRow[]> {
  return findRolePermissionRows(db, roleIDs);
}
