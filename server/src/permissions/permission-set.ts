import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import type { Db } from '../platform/db/db.ts';
import {
  buildPermissionSet,
  emptyPermissionSet,
  type PermissionSubject,
} from './build-permission-set.ts';
import {
  findCategoryPermissionLinks,
  findGrantedPermissionRows,
  findGrantedPermissionRowsOfRoles,
  findPermissionSubject,
  findPermissionSubjectsWithRoles,
  findPermissionsVersion,
  type KnownPermissionSubject,
} from './permission-set.repo.ts';

interface CachedSet {
  version: string;
  subjectKey: string;
  set: PermissionSet;
}

/** Most users cached per database per process; the oldest entry goes first. */
const MAX_CACHED_USERS = 2000;

// Keyed by database handle so that several apps (tests) in one process never share entries.
const caches = new WeakMap<Db, Map<number, CachedSet>>();

const guestSubject: PermissionSubject = {
  isAdmin: false,
  isSysAdmin: false,
  isBanned: false,
  isDeleted: false,
};

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function cacheOf(db: Db): Map<number, CachedSet> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The effective permission set of a user (userID 0: guest), with junctions, exactly what
 * `GET /users/{id}/permissions?expand=junctions` returns. `known` is the user's subject when the
 * caller has just read it (the token and session lookups do, in their own statement). Banned,
 * deleted and unknown users get an
 * empty set. Sets are cached per process and reused while the roles/permissions version and the
 * user's admin flags are unchanged; the returned object is frozen.
 */
export async function loadPermissionSet(
  db: Db,
  userID: number,
  known?: KnownPermissionSubject,
): Promise<PermissionSet> {
  let subject: PermissionSubject;
  let version: string;
  if (userID === 0) {
    subject = guestSubject;
    version = await findPermissionsVersion(db);
  } else {
    const found = known ?? (await findPermissionSubject(db, userID));
    if (!found) return deepFreeze(emptyPermissionSet());
    ({ subject, version } = found);
  }
  if (subject.isBanned || subject.isDeleted) {
    return deepFreeze(emptyPermissionSet());
  }

  const cache = cacheOf(db);
  const subjectKey = `${String(subject.isAdmin)}:${String(subject.isSysAdmin)}`;
  const cached = cache.get(userID);
  if (cached && cached.version === version && cached.subjectKey === subjectKey) {
    return cached.set;
  }

  const [rows, categories] = await Promise.all([
    findGrantedPermissionRows(db, userID),
    findCategoryPermissionLinks(db),
  ]);
  const set = deepFreeze(buildPermissionSet(subject, rows, categories));
  cache.delete(userID);
  if (cache.size >= MAX_CACHED_USERS) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(userID, { version, subjectKey, set });
  return set;
}

// Sets by role set and admin flags (the fan-out's cache): every member with the same roles shares one.
const roleSetCaches = new WeakMap<Db, Map<string, CachedSet>>();

/** Most distinct role sets cached per database per process. */
const MAX_CACHED_ROLE_SETS = 200;

/**
 * The permission sets of many users at once (a notification page's recipients): one statement
 * reads their subjects and role IDs, and a set is built once per distinct role set and admin
 * flags, then shared (frozen) by every user who has them. The same set `loadPermissionSet` builds
 * for each user; users that do not exist get the empty set.
 */
export async function loadPermissionSetsOf(db: Db, userIDs: readonly number[]): Promise<Map<number, PermissionSet>> {
  const result = new Map<number, PermissionSet>();
  const empty = deepFreeze(emptyPermissionSet());
  const subjects = await findPermissionSubjectsWithRoles(db, userIDs.filter((id) => id > 0));
  let cache = roleSetCaches.get(db);
  if (!cache) {
    cache = new Map();
    roleSetCaches.set(db, cache);
  }
  const missing = new Map<string, { subject: PermissionSubject; version: string; roleIDs: number[]; userIDs: number[] }>();
  for (const { userID, subject, version, roleIDs } of subjects) {
    if (subject.isBanned || subject.isDeleted) continue;
    const key = `${String(subject.isAdmin)}:${String(subject.isSysAdmin)}:${[...new Set(roleIDs)].sort((a, b) => a - b).join(',')}`;
    const cached = cache.get(key);
    if (cached && cached.version === version) {
      result.set(userID, cached.set);
      continue;
    }
    const entry = missing.get(key) ?? { subject, version, roleIDs, userIDs: [] };
    entry.userIDs.push(userID);
    missing.set(key, entry);
  }
  if (missing.size > 0) {
    const [rows, categories] = await Promise.all([
      findGrantedPermissionRowsOfRoles(db, [...missing.values()].flatMap((entry) => entry.roleIDs)),
      findCategoryPermissionLinks(db),
    ]);
    for (const [key, { subject, version, roleIDs, userIDs: members }] of missing) {
      const roles = new Set(roleIDs);
      const set = deepFreeze(buildPermissionSet(subject, rows.filter((row) => roles.has(row.roleID)), categories));
      if (cache.size >= MAX_CACHED_ROLE_SETS) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      cache.set(key, { version, subjectKey: key, set });
      for (const userID of members) result.set(userID, set);
    }
  }
  for (const userID of userIDs) if (!result.has(userID)) result.set(userID, empty);
  return result;
}

/** Drops every cached set of a database (tests; writes should bump the version instead). */
export function clearPermissionCache(db: Db): void {
  caches.delete(db);
  roleSetCaches.delete(db);
}
