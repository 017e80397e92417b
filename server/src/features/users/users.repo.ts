import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import { userNameKey } from './user-names.ts';

// The user fragment moved below the features (every feature's repo joins it); re-exported for this feature's own modules.
export {
  findUserFragmentRows,
  fragmentColumns,
  toUserFragmentRow,
  type UserFragmentRow,
} from '../../platform/db/user-fragment.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A `users` row as the users feature sees it: booleans converted, no password hash. */
export interface UserRow {
  userID: number;
  name: string;
  email: string | null;
  emailConfirmed: boolean;
  showEmail: boolean;
  photo: string | null;
  private: boolean;
  banned: number;
  deleted: boolean;
  isAdmin: boolean;
  isSysAdmin: boolean;
  title: string | null;
  /** Profile fields (migration 0022). */
  location: string | null;
  about: string | null;
  points: number;
  countDiscussions: number;
  countComments: number;
  countVisits: number;
  bypassSpam: boolean;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
  inviteUserID: number | null;
  dateInserted: string;
  dateLastActive: string | null;
  dateUpdated: string | null;
  /** Whether the account has a password (the hash itself is only read by the auth repo). */
  hasPassword: boolean;
}

/** A role held by a user. */
export interface UserRoleRow {
  userID: number;
  roleID: number;
  name: string;
  /** Roles marked personal info are shown only to `personalInfo.view` holders. */
  personalInfo: boolean;
}

export const userColumns = [
  'users.userID',
  'users.name',
  'users.email',
  'users.emailConfirmed',
  'users.showEmail',
  'users.photo',
  'users.private',
  'users.banned',
  'users.deleted',
  'users.isAdmin',
  'users.isSysAdmin',
  'users.title',
  'users.location',
  'users.about',
  'users.points',
  'users.countDiscussions',
  'users.countComments',
  'users.countVisits',
  'users.bypassSpam',
  'users.insertIPAddress',
  'users.lastIPAddress',
  'users.inviteUserID',
  'users.dateInserted',
  'users.dateLastActive',
  'users.dateUpdated',
] as const;

type Bool = boolean | number;

export function hasPasswordColumn(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.case().when('users.password', 'is not', null).then(1).else(0).end().as('hasPassword');
}

export function toUserRow(row: {
  userID: number;
  name: string;
  email: string | null;
  emailConfirmed: Bool;
  showEmail: Bool;
  photo: string | null;
  private: Bool;
  banned: number;
  deleted: Bool;
  isAdmin: Bool;
  isSysAdmin: Bool;
  title: string | null;
  location: string | null;
  about: string | null;
  points: number;
  countDiscussions: number;
  countComments: number;
  countVisits: number;
  bypassSpam: Bool;
  insertIPAddress: string | null;
  lastIPAddress: string | null;
  inviteUserID: number | null;
  dateInserted: string;
  dateLastActive: string | null;
  dateUpdated: string | null;
  hasPassword: number;
}): UserRow {
  return {
    ...row,
    emailConfirmed: toBool(row.emailConfirmed),
    showEmail: toBool(row.showEmail),
    private: toBool(row.private),
    deleted: toBool(row.deleted),
    isAdmin: toBool(row.isAdmin),
    isSysAdmin: toBool(row.isSysAdmin),
    bypassSpam: toBool(row.bypassSpam),
    hasPassword: Number(row.hasPassword) === 1,
  };
}

/** One user by ID, deleted accounts included (callers decide). */
export async function findUserByID(db: Executor, userID: number): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('users')
    .select(userColumns)
    .select(hasPasswordColumn)
    .where('users.userID', '=', userID)
    .executeTakeFirst();
  return row ? toUserRow(row) : undefined;
}

/** Several users by ID (deleted ones included), for lists; order is not kept. */
export async function findUsersByIDs(db: Executor, userIDs: readonly number[]): Promise<UserRow[]> {
  if (userIDs.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(userColumns)
    .select(hasPasswordColumn)
    .where('users.userID', 'in', [...new Set(userIDs)])
    .execute();
  return rows.map(toUserRow);
}

/** Whether a user exists and is not deleted. */
export async function liveUserExists(db: Executor, userID: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['userID', 'deleted'])
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row !== undefined && !toBool(row.deleted);
}

/** The live (not deleted) user whose name matches case-insensitively. */
export async function findLiveUserIDByName(
  db: Executor,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where(lowerEquals('name', name))
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.userID;
}

/** The live (not deleted) user whose e-mail matches case-insensitively. */
export async function findLiveUserIDByEmail(
  db: Executor,
  email: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where(lowerEquals('email', email))
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.userID;
}

/** Values of a new user. */
export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  emailConfirmed: boolean;
  showEmail: boolean;
  bypassSpam: boolean;
  private: boolean;
  photo: string | null;
  insertIPAddress: string | null;
  dateInserted: string;
}

/** Inserts a user and returns its ID. */
export async function insertUser(db: Executor, user: NewUser): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      nameKey: userNameKey(user.name),
      email: user.email,
      password: user.passwordHash,
      emailConfirmed: user.emailConfirmed,
      showEmail: user.showEmail,
      bypassSpam: user.bypassSpam,
      private: user.private,
      photo: user.photo,
      insertIPAddress: user.insertIPAddress,
      lastIPAddress: user.insertIPAddress,
      dateInserted: user.dateInserted,
    })
    .returning('userID')
    .executeTakeFirstOrThrow();
  return row.userID;
}

/** Changes to a user; absent keys stay. */
export interface UserChanges {
  name?: string;
  email?: string;
  passwordHash?: string;
  emailConfirmed?: boolean;
  showEmail?: boolean;
  bypassSpam?: boolean;
  private?: boolean;
  photo?: string | null;
  banned?: number;
  title?: string | null;
  location?: string | null;
  about?: string | null;
  dateUpdated?: string;
}

/** Applies changes to a user row. */
export async function updateUser(
  db: Executor,
  userID: number,
  changes: UserChanges,
): Promise<void> {
  const { passwordHash, ...rest } = changes;
  const values = {
    ...rest,
    ...(passwordHash === undefined ? {} : { password: passwordHash }),
    ...(changes.name === undefined ? {} : { nameKey: userNameKey(changes.name) }),
  };
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('userID', '=', userID).execute();
}

/**
 * Marks a user deleted and scrubs what identifies them: the name becomes a placeholder that
 * no valid username can take, e-mail, password and photo are cleared, roles removed. The row
 * stays so kept content still points at it (presented as 'Deleted User').
 */
export async function markUserDeleted(db: Executor, userID: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: `Deleted User ${userID}`,
      // The name is free again for someone else.
      nameKey: null,
      email: null,
      password: null,
      photo: null,
      title: null,
      showEmail: false,
      private: true,
      deleted: true,
      insertIPAddress: null,
      lastIPAddress: null,
      dateUpdated: now,
    })
    .where('userID', '=', userID)
    .execute();
  await db.deleteFrom('userRoles').where('userID', '=', userID).execute();
  await db.deleteFrom('userTokens').where('userID', '=', userID).execute();
  await db
    .updateTable('accessTokens')
    .set({ dateRevoked: now })
    .where('userID', '=', userID)
    .where('dateRevoked', 'is', null)
    .execute();
}

/** Ends every session of a user except one (the session that changed the password). */
export async function deleteUserSessionsExcept(
  db: Executor,
  userID: number,
  keepSessionID: string | null,
): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('userID', '=', userID)
    .$if(keepSessionID !== null, (qb) => qb.where('sessionID', '<>', keepSessionID ?? ''))
    .execute();
}

/** How many live users hold an applicant-type role (`Applicants` of `/users/me-counts`). */
export async function countApplicants(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('userRoles', 'userRoles.userID', 'users.userID')
    .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
    .select((eb) => eb.fn.count<number>('users.userID').distinct().as('count'))
    .where('roles.type', '=', 'applicant')
    .where('users.deleted', '=', false)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
