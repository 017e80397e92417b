import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
} from 'kysely';
import type {
  ByNamesOrder,
  ComparisonOperator,
  DateCondition,
  RangeFilter,
  UserSort,
} from '../../../../common/src/api/users.ts';
import type { Database } from '../../platform/db/schema.ts';
import { escapeLike, lowerEquals, lowerStartsWith, toBool } from '../../platform/db/dialect.ts';
import { userNameKey } from './user-names.ts';

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

/** What a UserFragment needs (api-contract §1.14). */
export interface UserFragmentRow {
  userID: number;
  name: string;
  photo: string | null;
  title: string | null;
  banned: number;
  private: boolean;
  deleted: boolean;
  dateLastActive: string | null;
}

/** A role held by a user. */
export interface UserRoleRow {
  userID: number;
  roleID: number;
  name: string;
  /** Roles marked personal info are shown only to `personalInfo.view` holders. */
  personalInfo: boolean;
}

const userColumns = [
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

/** The columns of a UserFragmentRow (also read by the token and session lookups for the actor). */
export const fragmentColumns = [
  'users.userID',
  'users.name',
  'users.photo',
  'users.title',
  'users.banned',
  'users.private',
  'users.deleted',
  'users.dateLastActive',
] as const;

type Bool = boolean | number;

function hasPasswordColumn(eb: ExpressionBuilder<Database, 'users'>) {
  return eb.case().when('users.password', 'is not', null).then(1).else(0).end().as('hasPassword');
}

function toUserRow(row: {
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

/**
 * Fragment rows of several users in one query (no N+1), keyed by userID. Missing IDs are absent;
 * deleted users are present with `deleted: true` (their presenter renders the placeholder).
 */
export async function findUserFragmentRows(
  db: Executor,
  userIDs: readonly number[],
): Promise<Map<number, UserFragmentRow>> {
  const ids = [...new Set(userIDs.filter((id) => id > 0))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(fragmentColumns)
    .where('users.userID', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.userID, toUserFragmentRow(row)]));
}

/** A row of fragmentColumns as a UserFragmentRow. */
export function toUserFragmentRow(row: {
  userID: number;
  name: string;
  photo: string | null;
  title: string | null;
  banned: number;
  private: Bool;
  deleted: Bool;
  dateLastActive: string | null;
}): UserFragmentRow {
  return {
    userID: row.userID,
    name: row.name,
    photo: row.photo,
    title: row.title,
    banned: row.banned,
    private: toBool(row.private),
    deleted: toBool(row.deleted),
    dateLastActive: row.dateLastActive,
  };
}

/** Roles of several users in one query, in role display order. */
export async function findRolesOfUsers(
  db: Executor,
  userIDs: readonly number[],
): Promise<Map<number, UserRoleRow[]>> {
  const result = new Map<number, UserRoleRow[]>();
  if (userIDs.length === 0) return result;
  const rows = await db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
    .select(['userRoles.userID', 'roles.roleID', 'roles.name', 'roles.personalInfo'])
    .where('userRoles.userID', 'in', [...new Set(userIDs)])
    .orderBy('roles.sort')
    .orderBy('roles.roleID')
    .execute();
  for (const row of rows) {
    const list = result.get(row.userID) ?? [];
    list.push({
      userID: row.userID,
      roleID: row.roleID,
      name: row.name,
      personalInfo: toBool(row.personalInfo),
    });
    result.set(row.userID, list);
  }
  return result;
}

/** Roles of the guest-type roles (what a guest "holds"). */
export async function findGuestRoles(db: Executor): Promise<UserRoleRow[]> {
  const rows = await db
    .selectFrom('roles')
    .select(['roleID', 'name', 'personalInfo'])
    .where('type', '=', 'guest')
    .orderBy('sort')
    .orderBy('roleID')
    .execute();
  return rows.map((row) => ({
    userID: 0,
    roleID: row.roleID,
    name: row.name,
    personalInfo: toBool(row.personalInfo),
  }));
}

/** Which of the given role IDs exist, with their names. */
export async function findRolesByIDs(
  db: Executor,
  roleIDs: readonly number[],
): Promise<{ roleID: number; name: string }[]> {
  if (roleIDs.length === 0) return [];
  return db
    .selectFrom('roles')
    .select(['roleID', 'name'])
    .where('roleID', 'in', [...new Set(roleIDs)])
    .orderBy('roleID')
    .execute();
}

/** The first role of a type (e.g. the default `member` role for new users). */
export async function findRoleIDByType(db: Executor, type: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('roles')
    .select('roleID')
    .where('type', '=', type)
    .orderBy('roleID')
    .executeTakeFirst();
  return row?.roleID;
}

/**
 * Which of a name and an e-mail are already used by another account (case-insensitive).
 * Deleted accounts keep no name or e-mail, so they never conflict.
 */
export async function findNameOrEmailConflicts(
  db: Executor,
  input: {
    name?: string | undefined;
    email?: string | undefined;
    exceptUserID?: number | undefined;
  },
): Promise<{ nameTaken: boolean; emailTaken: boolean }> {
  const { name, email, exceptUserID } = input;
  const taken = async (column: 'name' | 'email', value: string | undefined): Promise<boolean> => {
    if (value === undefined) return false;
    const row = await db
      .selectFrom('users')
      .select('userID')
      .where(lowerEquals(column, value))
      .$if(exceptUserID !== undefined, (qb) => qb.where('userID', '<>', exceptUserID ?? 0))
      .executeTakeFirst();
    return row !== undefined;
  };
  const [nameTaken, emailTaken] = await Promise.all([taken('name', name), taken('email', email)]);
  return { nameTaken, emailTaken };
}

/** Which unique index a failed insert or update violated: `name`, `email`, or null for another error. */
export function uniqueViolationOf(error: unknown): 'name' | 'email' | null {
  if (!(error instanceof Error)) return null;
  const details = error as Error & { code?: string; constraint?: string };
  const text = `${details.constraint ?? ''} ${details.message}`;
  const isUnique = details.code === '23505' || /UNIQUE constraint failed/i.test(details.message);
  if (!isUnique) return null;
  if (
    text.includes('users_name_lower') ||
    text.includes('users_name_key') ||
    /users\.name|lower\("?name"?\)/i.test(text)
  )
    return 'name';
  if (text.includes('users_email_lower') || /users\.email|lower\("?email"?\)/i.test(text))
    return 'email';
  return null;
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

/** Replaces a user's roles. */
export async function replaceUserRoles(
  db: Executor,
  userID: number,
  roleIDs: readonly number[],
): Promise<void> {
  await db.deleteFrom('userRoles').where('userID', '=', userID).execute();
  const unique = [...new Set(roleIDs)];
  if (unique.length === 0) return;
  await db
    .insertInto('userRoles')
    .values(unique.map((roleID) => ({ userID, roleID })))
    .execute();
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

// ---------------------------------------------------------------------------------------------
// Lists

/** Filters of `GET /users`, already authorized by the service. */
export interface UserListFilters {
  dateInserted?: DateCondition[] | undefined;
  dateUpdated?: DateCondition[] | undefined;
  dateLastActive?: DateCondition[] | undefined;
  roleIDs?: number[] | undefined;
  userID?: RangeFilter | undefined;
  /** Exact name, or a prefix when it ends with `*`. */
  name?: string | undefined;
  email?: string | undefined;
  /** Name prefix, or (when allowed) e-mail prefix or IP address. */
  query?: { text: string; includeEmail: boolean; includeIPAddress: boolean } | undefined;
  /** IP patterns; `*` is a wildcard. */
  ipAddresses?: string[] | undefined;
  emailConfirmed?: boolean | undefined;
  isBanned?: boolean | undefined;
}

type DateColumn = 'users.dateInserted' | 'users.dateUpdated' | 'users.dateLastActive';

function compare<C extends string>(
  eb: ExpressionBuilder<Database, 'users'>,
  column: C,
  op: ComparisonOperator,
  value: string | number,
) {
  return eb(sql.ref(column), op, value);
}

function applyListFilters(
  db: Executor,
  eb: ExpressionBuilder<Database, 'users'>,
  filters: UserListFilters,
): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [eb('users.deleted', '=', false)];
  const dateFilters: [DateColumn, DateCondition[] | undefined][] = [
    ['users.dateInserted', filters.dateInserted],
    ['users.dateUpdated', filters.dateUpdated],
    ['users.dateLastActive', filters.dateLastActive],
  ];
  for (const [column, conditions] of dateFilters) {
    for (const condition of conditions ?? [])
      where.push(compare(eb, column, condition.op, condition.value));
  }
  if (filters.roleIDs && filters.roleIDs.length > 0) {
    const roleIDs = filters.roleIDs;
    where.push(
      eb.exists(
        eb
          .selectFrom('userRoles')
          .select('userRoles.userID')
          .whereRef('userRoles.userID', '=', 'users.userID')
          .where('userRoles.roleID', 'in', roleIDs),
      ),
    );
  }
  if (filters.userID) {
    const range = filters.userID;
    if (range.kind === 'in') where.push(eb('users.userID', 'in', range.values));
    else
      for (const condition of range.conditions)
        where.push(compare(eb, 'users.userID', condition.op, condition.value));
  }
  if (filters.name !== undefined) {
    where.push(
      filters.name.endsWith('*')
        ? lowerStartsWith(db, 'users.name', filters.name.slice(0, -1))
        : lowerEquals('users.name', filters.name),
    );
  }
  if (filters.email !== undefined) where.push(lowerEquals('users.email', filters.email));
  if (filters.query) {
    const { text, includeEmail, includeIPAddress } = filters.query;
    const any: Expression<SqlBool>[] = [lowerStartsWith(db, 'users.name', text)];
    if (includeEmail) any.push(lowerStartsWith(db, 'users.email', text));
    if (includeIPAddress && /^[0-9a-f.:]+$/i.test(text)) {
      any.push(eb('users.insertIPAddress', '=', text), eb('users.lastIPAddress', '=', text));
    }
    where.push(eb.or(any));
  }
  if (filters.ipAddresses && filters.ipAddresses.length > 0) {
    const patterns = filters.ipAddresses.map((ip) => escapeLike(ip).replace(/\*/g, '%'));
    where.push(
      eb.or(
        patterns.flatMap((pattern) => [
          sql<SqlBool>`${sql.ref('users.insertIPAddress')} like ${pattern} escape '\\'`,
          sql<SqlBool>`${sql.ref('users.lastIPAddress')} like ${pattern} escape '\\'`,
        ]),
      ),
    );
  }
  if (filters.emailConfirmed !== undefined)
    where.push(eb('users.emailConfirmed', '=', filters.emailConfirmed));
  if (filters.isBanned !== undefined)
    where.push(filters.isBanned ? eb('users.banned', '<>', 0) : eb('users.banned', '=', 0));
  return eb.and(where);
}

/** One page of `GET /users`, sorted (ties broken by userID). */
export async function listUsers(
  db: Executor,
  filters: UserListFilters,
  sort: UserSort,
  page: { offset: number; limit: number },
): Promise<UserRow[]> {
  const descending = sort.startsWith('-');
  const field = (descending ? sort.slice(1) : sort) as Exclude<UserSort, `-${string}`>;
  const direction = descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('users')
    .select(userColumns)
    .select(hasPasswordColumn)
    .where((eb) => applyListFilters(db, eb, filters));
  switch (field) {
    case 'name':
      query = query.orderBy(sql`lower(${sql.ref('users.name')})`, direction);
      break;
    case 'countPosts':
      query = query.orderBy(
        sql`${sql.ref('users.countDiscussions')} + ${sql.ref('users.countComments')}`,
        direction,
      );
      break;
    case 'dateLastActive':
      // Never-active users last in both directions, the same on both databases.
      query = query
        .orderBy(sql`case when ${sql.ref('users.dateLastActive')} is null then 1 else 0 end`)
        .orderBy('users.dateLastActive', direction);
      break;
    case 'dateInserted':
    case 'points':
      query = query.orderBy(`users.${field}`, direction);
      break;
    case 'userID':
      break;
  }
  const rows = await query
    .orderBy('users.userID', direction)
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map(toUserRow);
}

/** How many users match the filters of `GET /users` (the numbered pager's total). */
export async function countListedUsers(db: Executor, filters: UserListFilters): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => applyListFilters(db, eb, filters))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * `GET /users/by-names`: live, non-private users whose name equals `name` or, with a trailing
 * `*`, starts with it (case-insensitive).
 */
export async function searchUsersByName(
  db: Executor,
  input: { name: string; order: ByNamesOrder; offset: number; limit: number },
): Promise<UserFragmentRow[]> {
  const isPrefix = input.name.endsWith('*');
  const text = isPrefix ? input.name.slice(0, -1) : input.name;
  let query = db
    .selectFrom('users')
    .select(fragmentColumns)
    .where('users.deleted', '=', false)
    .where('users.private', '=', false)
    .where(isPrefix ? lowerStartsWith(db, 'users.name', text) : lowerEquals('users.name', text));
  switch (input.order) {
    case 'countComments':
    case 'mention':
      // spec: the mention order is the site's default, countComments descending.
      query = query.orderBy('users.countComments', 'desc');
      break;
    case 'dateLastActive':
      query = query
        .orderBy(sql`case when ${sql.ref('users.dateLastActive')} is null then 1 else 0 end`)
        .orderBy('users.dateLastActive', 'desc');
      break;
    case 'name':
      break;
  }
  const rows = await query
    .orderBy(sql`lower(${sql.ref('users.name')})`)
    .orderBy('users.userID')
    .offset(input.offset)
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({
    ...row,
    private: toBool(row.private),
    deleted: toBool(row.deleted),
  }));
}
