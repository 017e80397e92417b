import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { CommentListSort } from '../../../../common/src/api/comments.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';
import type { Database } from '../../platform/db/schema.ts';
import { dialectOf, type DialectName } from '../../platform/db/dialect.ts';
import { commentColumns, toCommentRow, type CommentRow, type Executor } from './comments.repo.ts';

type CommentExpressions = ExpressionBuilder<
  Database & { d: Database['discussions']; c: Database['categories'] },
  'comments' | 'd' | 'c'
>;

/** What `GET /comments` filters on; every given condition applies. */
export interface CommentListFilter {
  /** Categories whose discussions the viewer may see. */
  viewScope: CategoryScope;
  discussionID?: number | undefined;
  commentID?: RangeFilter | undefined;
  categoryID?: RangeFilter | undefined;
  insertUserID?: number | undefined;
  insertUserRoleIDs?: readonly number[] | undefined;
  dateInserted?: readonly DateCondition[] | undefined;
  dateUpdated?: readonly DateCondition[] | undefined;
}

function scopeCondition(eb: CommentExpressions, scope: CategoryScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return eb('c.permissionCategoryID', 'in', scope.permissionCategoryIDs);
}

/**
 * An author's comments are read from comments_user_list. SQLite's statistics average the
 * comments per author (with one 100,000-comment member among few, ~50,000 each), so it started at
 * the visible categories and read every comment of every visible discussion to find a 10-comment
 * member's (7 requests/s); `unlikely()` tells it the author's rows are few (the index still serves).
 */
function authorCondition(
  eb: CommentExpressions,
  userID: number,
  dialect: DialectName,
): Expression<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`unlikely(${eb.ref('comments.insertUserID')} = ${userID})`
    : eb('comments.insertUserID', '=', userID);
}

function listConditions(
  eb: CommentExpressions,
  filter: CommentListFilter,
  dialect: DialectName,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [
    scopeCondition(eb, filter.viewScope),
    eb('comments.moderationStatus', '=', 'accepted'),
    eb('d.moderationStatus', '=', 'accepted'),
  ];
  if (filter.discussionID !== undefined)
    conditions.push(eb('comments.discussionID', '=', filter.discussionID));
  if (filter.commentID)
    conditions.push(...rangeConditions(eb, 'comments.commentID', filter.commentID));
  if (filter.categoryID) conditions.push(...rangeConditions(eb, 'd.categoryID', filter.categoryID));
  if (filter.insertUserID !== undefined)
    conditions.push(authorCondition(eb, filter.insertUserID, dialect));
  if (filter.insertUserRoleIDs && filter.insertUserRoleIDs.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('userRoles')
          .select('userRoles.userID')
          .whereRef('userRoles.userID', '=', 'comments.insertUserID')
          .where('userRoles.roleID', 'in', [...filter.insertUserRoleIDs]),
      ),
    );
  }
  for (const condition of filter.dateInserted ?? [])
    conditions.push(eb('comments.dateInserted', condition.op, condition.value));
  for (const condition of filter.dateUpdated ?? [])
    conditions.push(eb('comments.dateUpdated', condition.op, condition.value));
  return eb.and(conditions);
}

function listBase(db: Executor) {
  return db
    .selectFrom('comments')
    .innerJoin('discussions as d', 'd.discussionID', 'comments.discussionID')
    .innerJoin('categories as c', 'c.categoryID', 'd.categoryID');
}

/** A page of matching comments, ordered in SQL (ties broken by commentID). */
export async function findComments(
  db: Executor,
  filter: CommentListFilter,
  options: { sort: CommentListSort; limit: number; offset: number },
): Promise<CommentRow[]> {
  const descending = options.sort.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  let query = listBase(db)
    .select(commentColumns)
    .where((eb) => listConditions(eb, filter, dialectOf(db)));
  switch (options.sort) {
    case 'dateInserted':
    case '-dateInserted':
      query = query.orderBy('comments.dateInserted', direction);
      break;
    case 'dateUpdated':
    case '-dateUpdated':
      query = query.orderBy(
        sql`coalesce(${sql.ref('comments.dateUpdated')}, ${sql.ref('comments.dateInserted')})`,
        direction,
      );
      break;
    case 'score':
    case '-score':
    case 'experimentalTrending':
    case '-experimentalTrending':
      query = query.orderBy('comments.score', direction);
      break;
    case 'commentID':
    case '-commentID':
      break;
  }
  const rows = await query
    .orderBy('comments.commentID', direction)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map(toCommentRow);
}

/** api-contract §GET /comments: the numbered pager's total is "a capped count ≤ 10000". */
export const COMMENT_COUNT_CAP = 10_000;

/**
 * How many comments match (numbered pager), at most COMMENT_COUNT_CAP: the matching rows are read
 * up to the cap only, so a member with 100,000 comments does not cost 100,000 rows per page.
 */
export async function countComments(db: Executor, filter: CommentListFilter): Promise<number> {
  const row = await db
    .selectFrom(
      listBase(db)
        .select('comments.commentID')
        .where((eb) => listConditions(eb, filter, dialectOf(db)))
        .limit(COMMENT_COUNT_CAP)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
