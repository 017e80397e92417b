import {
  consolidatedPermissions,
  isStoredPermissionName,
  permissionDefinitions,
  type PermissionName,
} from '../../../common/src/permissions/names.ts';
import type { PermissionEntry, PermissionSet } from '../../../common/src/permissions/types.ts';

/** The user flags that change a permission set regardless of roles. */
export interface PermissionSubject {
  isAdmin: boolean;
  isSysAdmin: boolean;
  /** Banned (any non-zero ban) or deleted accounts get an empty set. */
  isBanned: boolean;
  isDeleted: boolean;
}

/** A granted row of `rolePermissions`, from any of the user's roles. */
export interface GrantedPermissionRow {
  resourceType: string;
  resourceID: number;
  permission: string;
}

/** A category that is a junction (permissionCategoryID = categoryID) or inherits from one. */
export interface CategoryPermissionLink {
  categoryID: number;
  permissionCategoryID: number;
}

/** Stored `resourceID` of global rows and of the default category rows. */
export const DEFAULT_RESOURCE_ID = 0;

/** `permissionCategoryID` of categories that use the default category rows. */
export const DEFAULT_PERMISSION_CATEGORY_ID = -1;

/** A set that grants nothing: guests without roles, banned and deleted users. */
export function emptyPermissionSet(): PermissionSet {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [{ type: 'global', id: null, permissions: {} }],
    junctions: { category: [] },
    junctionAliases: { category: {} },
  };
}

/** The set of the system user (jobs, `/calls/run`): spec 000 §6, `system.only` grants everything. */
export function systemPermissionSet(): PermissionSet {
  const set = emptyPermissionSet();
  set.permissions = [{ type: 'global', id: null, permissions: { 'system.only': true } }];
  return set;
}

function addConsolidated(permissions: PermissionEntry['permissions']): void {
  for (const [name, parts] of Object.entries(consolidatedPermissions)) {
    const held = parts.filter((part) => permissions[part] === true).length;
    // api-contract §3: true when all parts are held, false when none, null when partly.
    permissions[name] = held === parts.length ? true : held === 0 ? false : null;
  }
}

function scopeOf(name: PermissionName): string {
  return permissionDefinitions[name].scope;
}

/**
 * Builds a user's effective permission set (the body of `GET /users/{id}/permissions?expand=junctions`)
 * from the granted rows of all their roles: any role granting a name grants it. The global entry
 * holds the global rows plus the default category rows; each junction category gets its own entry.
 * Unknown names and names stored under the wrong scope are ignored.
 */
export function buildPermissionSet(
  subject: PermissionSubject,
  rows: readonly GrantedPermissionRow[],
  categories: readonly CategoryPermissionLink[],
): PermissionSet {
  if (subject.isBanned || subject.isDeleted) {
    return emptyPermissionSet();
  }
  const junctionIDs: number[] = [];
  const aliases: Record<string, number> = {};
  for (const category of categories) {
    if (category.permissionCategoryID === category.categoryID) {
      junctionIDs.push(category.categoryID);
    } else if (category.permissionCategoryID > 0) {
      aliases[String(category.categoryID)] = category.permissionCategoryID;
    }
  }
  junctionIDs.sort((a, b) => a - b);

  const globalPermissions: PermissionEntry['permissions'] = {};
  const categoryPermissions = new Map<number, PermissionEntry['permissions']>(
    junctionIDs.map((id) => [id, {}]),
  );
  const knowledgeBasePermissions = new Map<number, PermissionEntry['permissions']>();

  for (const row of rows) {
    if (!isStoredPermissionName(row.permission)) continue;
    const scope = scopeOf(row.permission);
    if (row.resourceType === 'global' && scope === 'global') {
      globalPermissions[row.permission] = true;
    } else if (row.resourceType === 'category' && scope === 'category') {
      const target =
        row.resourceID === DEFAULT_RESOURCE_ID
          ? globalPermissions
          : categoryPermissions.get(row.resourceID);
      if (target) target[row.permission] = true;
    } else if (row.resourceType === 'knowledgeBase' && scope === 'knowledgeBase') {
      const target = knowledgeBasePermissions.get(row.resourceID) ?? {};
      target[row.permission] = true;
      knowledgeBasePermissions.set(row.resourceID, target);
    }
  }

  addConsolidated(globalPermissions);
  const entries: PermissionEntry[] = [{ type: 'global', id: null, permissions: globalPermissions }];
  for (const id of junctionIDs) {
    const permissions = categoryPermissions.get(id) ?? {};
    addConsolidated(permissions);
    entries.push({ type: 'category', id, permissions });
  }
  for (const id of [...knowledgeBasePermissions.keys()].sort((a, b) => a - b)) {
    entries.push({
      type: 'knowledgeBase',
      id,
      permissions: knowledgeBasePermissions.get(id) ?? {},
    });
  }

  const isSysAdmin = subject.isSysAdmin;
  return {
    // Sysadmins rank above admins (api-contract §1.12), so they are admins too.
    isAdmin: subject.isAdmin || isSysAdmin,
    isSysAdmin,
    isSuperAdmin: false,
    permissions: entries,
    junctions: { category: junctionIDs },
    junctionAliases: { category: aliases },
  };
}

/** The set as sent without `expand=junctions` (api-contract §3). */
export function withoutJunctions(set: PermissionSet): PermissionSet {
  return {
    isAdmin: set.isAdmin,
    isSysAdmin: set.isSysAdmin,
    isSuperAdmin: set.isSuperAdmin,
    permissions: set.permissions,
  };
}
