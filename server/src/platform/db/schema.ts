import type { Generated } from 'kysely';

/**
 * Booleans are `boolean` on PostgreSQL and `0 | 1` on SQLite; repos convert with `toBool()`.
 * Dates are ISO-8601 UTC strings on both (SQLite TEXT; PostgreSQL timestamptz parsed to ISO).
 */
export type DbBool = boolean | number;
export type DbDate = string;

export interface UsersTable {
  userID: Generated<number>;
  name: string;
  email: string | null;
  password: string | null;
  emailConfirmed: Generated<DbBool>;
  showEmail: Generated<DbBool>;
  photo: string | null;
  private: Generated<DbBool>;
  banned: Generated<number>;
  deleted: Generated<DbBool>;
  isAdmin: Generated<DbBool>;
  isSysAdmin: Generated<DbBool>;
  title: string | null;
  points: Generated<number>;
  countDiscussions: Generated<number>;
  countComments: Generated<number>;
  countVisits: Generated<number>;
  bypassSpam: Generated<DbBool>;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
  inviteUserID: number | null;
  dateInserted: DbDate;
  dateLastActive: DbDate | null;
  dateUpdated: DbDate | null;
}

export interface RolesTable {
  roleID: Generated<number>;
  name: string;
  description: string | null;
  type: string | null;
  deletable: Generated<DbBool>;
  canSession: Generated<DbBool>;
  personalInfo: Generated<DbBool>;
  sort: Generated<number>;
  dateInserted: DbDate;
}

export interface UserRolesTable {
  userID: number;
  roleID: number;
}

/**
 * One granted (or explicitly denied) permission of a role. `resourceType` is `global` (resourceID 0)
 * or `category`: resourceID 0 holds the default rows for categories without custom permissions,
 * any other resourceID is a category with custom permissions (a "junction").
 */
export interface RolePermissionsTable {
  roleID: number;
  resourceType: string;
  resourceID: number;
  permission: string;
  granted: DbBool;
}

export interface CategoriesTable {
  categoryID: Generated<number>;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: Generated<string>;
  displayAs: Generated<string>;
  customPermissions: Generated<DbBool>;
  /** The category whose permission rows apply: itself when customPermissions, else the nearest such ancestor, else -1 (defaults). */
  permissionCategoryID: Generated<number>;
  isArchived: Generated<DbBool>;
  depth: Generated<number>;
  sort: Generated<number>;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  countCategories: Generated<number>;
  countDiscussions: Generated<number>;
  countComments: Generated<number>;
  countAllDiscussions: Generated<number>;
  countAllComments: Generated<number>;
  countFollowers: Generated<number>;
  insertUserID: number | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
}

export interface SessionsTable {
  sessionID: string;
  userID: number;
  transientKey: string;
  persist: Generated<DbBool>;
  ipAddress: string | null;
  userAgent: string | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
  dateExpires: DbDate;
}

export interface AccessTokensTable {
  accessTokenID: Generated<number>;
  userID: number;
  name: string;
  tokenHash: string;
  dateInserted: DbDate;
  dateLastUsed: DbDate | null;
  dateExpires: DbDate;
  dateRevoked: DbDate | null;
}

/** Single-use codes sent by e-mail: e-mail confirmation and password reset. */
export interface UserTokensTable {
  tokenHash: string;
  userID: number;
  purpose: string;
  email: string | null;
  dateInserted: DbDate;
  dateExpires: DbDate;
  dateUsed: DbDate | null;
}

/** Rate-limit counters (sign-in throttle, flood control), shared by every process. */
export interface ThrottlesTable {
  throttleKey: string;
  count: number;
  windowStart: DbDate;
  lockedUntil: DbDate | null;
}

/** Site settings changed at run time (`/config`) and server secrets; values are JSON text. */
export interface ConfigTable {
  configKey: string;
  value: string;
  dateUpdated: DbDate;
}

export interface JobsTable {
  jobID: Generated<number>;
  name: string;
  payload: string;
  status: string;
  runAt: DbDate;
  attempts: Generated<number>;
  lockedUntil: DbDate | null;
  lastError: string | null;
  dateInserted: DbDate;
  dateUpdated: DbDate | null;
}

export interface MediaTable {
  mediaID: Generated<number>;
  insertUserID: number;
  path: string;
  name: string;
  type: string;
  size: number;
  width: number | null;
  height: number | null;
  foreignType: string | null;
  foreignID: string | null;
  dateInserted: DbDate;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  userRoles: UserRolesTable;
  rolePermissions: RolePermissionsTable;
  categories: CategoriesTable;
  sessions: SessionsTable;
  accessTokens: AccessTokensTable;
  userTokens: UserTokensTable;
  throttles: ThrottlesTable;
  config: ConfigTable;
  jobs: JobsTable;
  media: MediaTable;
}
