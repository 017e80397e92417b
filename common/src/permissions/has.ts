import type { PermissionName } from './names.ts';
import type {
  PermissionEntry,
  PermissionEntryType,
  PermissionMode,
  PermissionResourceType,
  PermissionSet,
} from './types.ts';

/** Options of `has()`: the check mode and the resource checked against. */
export interface HasOptions {
  mode?: PermissionMode;
  resourceType?: PermissionEntryType;
  resourceID?: number | null;
}

/** A set's entries grouped for lookups: the global ones, by type, by type and ID (set order kept). */
interface EntryIndex {
  global: readonly PermissionEntry[];
  byType: ReadonlyMap<string, readonly PermissionEntry[]>;
  byResource: ReadonlyMap<string, readonly PermissionEntry[]>;
}

/**
 * Issue 18: a page asks `has()` hundreds of times of one set (every post's and category's
 * actions), and each call filtered every entry twice. The groups are built once per entries array
 * (a set whose `permissions` is replaced gets new groups; entries are never added to an array
 * after it is built).
 */
const indexes = new WeakMap<readonly PermissionEntry[], EntryIndex>();

function resourceKey(type: string, id: number | null): string {
  return `${type}:${String(id)}`;
}

function indexOf(set: PermissionSet): EntryIndex {
  let index = indexes.get(set.permissions);
  if (index === undefined) {
    const byType = new Map<string, PermissionEntry[]>();
    const byResource = new Map<string, PermissionEntry[]>();
    for (const entry of set.permissions) {
      const ofType = byType.get(entry.type);
      if (ofType === undefined) byType.set(entry.type, [entry]);
      else ofType.push(entry);
      const key = resourceKey(entry.type, entry.id);
      const ofResource = byResource.get(key);
      if (ofResource === undefined) byResource.set(key, [entry]);
      else ofResource.push(entry);
    }
    index = { global: byType.get('global') ?? [], byType, byResource };
    indexes.set(set.permissions, index);
  }
  return index;
}

/** The global entry of a set, if any. */
export function globalEntry(set: PermissionSet): PermissionEntry | undefined {
  return indexOf(set).global[0];
}

/** The junction whose rows apply to a resource: its alias target, else the resource itself. */
export function resolveJunctionID(
  set: PermissionSet,
  resourceType: PermissionResourceType,
  resourceID: number,
): number {
  return set.junctionAliases?.[resourceType]?.[String(resourceID)] ?? resourceID;
}

/**
 * Whether the (alias-resolved) resource carries its own permission rows. When the set was loaded
 * without `expand=junctions`, an entry for the resource is taken as proof, since only junctions
 * get entries.
 */
export function isJunction(
  set: PermissionSet,
  resourceType: PermissionResourceType,
  junctionID: number,
): boolean {
  const junctions = set.junctions?.[resourceType];
  if (junctions !== undefined) {
    return junctions.includes(junctionID);
  }
  return indexOf(set).byResource.has(resourceKey(resourceType, junctionID));
}

function entriesToCheck(
  set: PermissionSet,
  mode: PermissionMode,
  resourceType: PermissionResourceType | null,
  resourceID: number | null,
): readonly PermissionEntry[] {
  const index = indexOf(set);
  const global = index.global;
  // No resource type: the global entry is the resource (as in Vanilla), except that
  // globalOrResource then looks at every entry.
  if (resourceType === null) {
    return mode === 'globalOrResource' ? set.permissions : global;
  }
  const junctionID = resourceID === null ? null : resolveJunctionID(set, resourceType, resourceID);
  const resourceEntries = index.byResource.get(resourceKey(resourceType, junctionID)) ?? [];
  switch (mode) {
    case 'global':
      return global;
    case 'resource':
      return resourceEntries;
    case 'globalOrResource':
      if (junctionID === null) {
        return [...global, ...(index.byType.get(resourceType) ?? [])];
      }
      return [...global, ...resourceEntries];
    case 'resourceIfJunction':
      if (junctionID === null) {
        return global;
      }
      return isJunction(set, resourceType, junctionID) ? resourceEntries : global;
  }
}

/**
 * Whether the permission set grants any of `names` (spec 000 §6), the one check used by server and
 * web. False while the set is not loaded; `isAdmin` and a global `system.only` pass everything; only
 * `true` grants (a consolidated `null`, "partly", does not). Default mode: `resourceIfJunction` when
 * a resourceID is given, else `global`.
 *
 * Deliberate differences from Vanilla's client `hasPermission()`: the default without a resource is
 * `global` (CONVENTIONS §5), not `globalOrResource`; `globalOrResource` with a resource looks at the
 * global entry and that resource's (alias-resolved) entry, not at every entry; `system.only` grants
 * everything (spec 000 §6).
 */
export function has(
  set: PermissionSet | null | undefined,
  names: PermissionName | readonly PermissionName[],
  options: HasOptions = {},
): boolean {
  if (set === null || set === undefined) {
    return false;
  }
  // spec 000 §6: admin passes all; system/super admins rank above admins (api-contract §1.12).
  if (set.isAdmin || set.isSysAdmin || set.isSuperAdmin) {
    return true;
  }
  // spec 000 §6: system.only grants everything.
  if (globalEntry(set)?.permissions['system.only'] === true) {
    return true;
  }
  const wanted: readonly PermissionName[] = typeof names === 'string' ? [names] : names;
  if (wanted.length === 0) {
    return false;
  }
  const resourceType =
    options.resourceType === undefined || options.resourceType === 'global'
      ? null
      : options.resourceType;
  const resourceID = resourceType === null ? null : (options.resourceID ?? null);
  const mode = options.mode ?? (resourceID !== null ? 'resourceIfJunction' : 'global');
  return entriesToCheck(set, mode, resourceType, resourceID).some((entry) =>
    wanted.some((name) => entry.permissions[name] === true),
  );
}
