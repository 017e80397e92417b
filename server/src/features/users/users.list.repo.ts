import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type {
  ByNamesOrder,
  ComparisonOperator,
  DateCondition,
  RangeFilter,
  UserSort,
} from '../../../../common/src/api/users.ts';
import type { Database } from '../../platform/db/schema.ts';
import { escapeLike, lowerEquals, lowerStartsWith, toBool } from '../../platform/db/dialect.ts';
import {
  fragmentColumns,
  hasPasswordColumn,
  toUserRow,
  userColumns,
  type UserFragmentRow,
  type UserRow,
} from './users.repo.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

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
