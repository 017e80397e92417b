import {
  sql,
  type Compilable,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type {
  CommentDisplayType,
  CommentListSort,
  CommentModerationStatus,
  CommentThreadSort,
} from '../../../../common/src/api/comments.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import { dialectOf, toBool } from '../../platform/db/dialect.ts';
import { retryOnConcurrencyFailure, runTransaction } from '../../platform/db/transaction.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

type CommentExpressions = ExpressionBuilder<
  Database & { d: Database['discussions']; c: Database['categories'] },
  'comments' | 'd' | 'c'
>;

/** A `comments` row as the feature sees it. */
export interface CommentRow {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  countChildComments: number;
  scoreChildComments: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  score: number;
  countReports: number;
  moderationStatus: CommentModerationStatus;
  displayType: CommentDisplayType;
  /** Decoded `attributes` JSON object. */
  attributes: Record<string, unknown>;
}

const commentColumns = [
  'comments.commentID',
  'comments.discussionID',
  'comments.parentCommentID',
  'comments.depth',
  'comments.countChildComments',
  'comments.scoreChildComments',
  'comments.body',
  'comments.format',
  'comments.bodyHtml',
  'comments.bodyPlainText',
  'comments.insertUserID',
  'comments.updateUserID',
  'comments.dateInserted',
  'comments.dateUpdated',
  'comments.score',
  'comments.countReports',
  'comments.moderationStatus',
  'comments.displayType',
  'comments.attributes',
] as const;

// Unqualified: SQLite's RETURNING takes bare column names.
const insertedColumns = commentColumns.map(
  (column) => column.slice('comments.'.length) as keyof Database['comments'],
);

interface RawComment extends Omit<CommentRow, 'attributes' | 'moderationStatus' | 'displayType'> {
  moderationStatus: string;
  displayType: string;
  attributes: string;
}

function decodeAttributes(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function toModerationStatus(value: string): CommentModerationStatus {
  return value === 'pending' || value === 'rejected' ? value : 'accepted';
}

function toCommentRow(row: RawComment): CommentRow {
  return {
    ...row,
    moderationStatus: toModerationStatus(row.moderationStatus),
    displayType: row.displayType === 'tombstone' ? 'tombstone' : 'full',
    attributes: decodeAttributes(row.attributes),
  };
}

/** One comment by ID, whatever its status. */
export async function findCommentByID(
  db: Executor,
  commentID: number,
): Promise<CommentRow | undefined> {
  const row = await db
    .selectFrom('comments')
    .select(commentColumns)
    .where('comments.commentID', '=', commentID)
    .executeTakeFirst();
  return row ? toCommentRow(row) : undefined;
}

/** Several comments by ID in one query, keyed by ID. */
export async function findCommentsByIDs(
  db: Executor,
  commentIDs: readonly number[],
): Promise<Map<number, CommentRow>> {
  const ids = [...new Set(commentIDs)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(commentColumns)
    .where('comments.commentID', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.commentID, toCommentRow(row)]));
}

/** What the comment rules need of a comment's discussion and its category. */
export interface DiscussionContextRow {
  discussionID: number;
  name: string;
  categoryID: number;
  insertUserID: number;
  closed: boolean;
  moderationStatus: string;
  dateInserted: string;
  score: number;
  countComments: number;
  lastCommentID: number | null;
  permissionCategoryID: number;
  categoryName: string;
  categoryUrlcode: string;
  treePath: string;
}

/** Discussions with their category fields, keyed by discussion ID. */
export async function findDiscussionContexts(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<Map<number, DiscussionContextRow>> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussions as d')
    .innerJoin('categories as c', 'c.categoryID', 'd.categoryID')
    .select([
      'd.discussionID',
      'd.name',
      'd.categoryID',
      'd.insertUserID',
      'd.closed',
      'd.moderationStatus',
      'd.dateInserted',
      'd.score',
      'd.countComments',
      'd.lastCommentID',
      'c.permissionCategoryID',
      'c.name as categoryName',
      'c.urlcode as categoryUrlcode',
      'c.treePath',
    ])
    .where('d.discussionID', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.discussionID,
      { ...row, closed: toBool(row.closed), score: Number(row.score) },
    ]),
  );
}

/** One discussion with its category fields. */
export async function findDiscussionContext(
  db: Executor,
  discussionID: number,
): Promise<DiscussionContextRow | undefined> {
  return (await findDiscussionContexts(db, [discussionID])).get(discussionID);
}

/** Values of a new comment. */
export interface NewComment {
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  moderationStatus: CommentModerationStatus;
}

/** Inserts a comment and returns it as stored (defaults included), in the same statement. */
export async function insertComment(db: Executor, comment: NewComment): Promise<CommentRow> {
  const row = await db
    .insertInto('comments')
    .values(comment)
    .returning(insertedColumns)
    .executeTakeFirstOrThrow();
  return toCommentRow(row);
}

/** Column changes of a comment; absent keys stay. */
export type CommentChanges = Partial<{
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateUpdated: string | null;
  displayType: CommentDisplayType;
}>;

export async function updateComment(
  db: Executor,
  commentID: number,
  changes: CommentChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('comments').set(changes).where('commentID', '=', commentID).execute();
}

/** Moves a comment (without replies) to another discussion as a top-level comment. */
export async function moveCommentRow(
  db: Executor,
  commentID: number,
  discussionID: number,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({ discussionID, parentCommentID: null, depth: 1 })
    .where('commentID', '=', commentID)
    .execute();
}

/** Deletes comment rows and the reactions on them (reaction rows have no foreign key). */
export async function deleteCommentRows(
  db: Executor,
  commentIDs: readonly number[],
): Promise<void> {
  if (commentIDs.length === 0) return;
  const ids = [...commentIDs];
  await db
    .deleteFrom('reactions')
    .where('recordType', '=', 'comment')
    .where('recordID', 'in', ids)
    .execute();
  await db
    .deleteFrom('reactionCounts')
    .where('recordType', '=', 'comment')
    .where('recordID', 'in', ids)
    .execute();
  await db.deleteFrom('comments').where('commentID', 'in', ids).execute();
}

/** Changes a comment's count of direct replies. */
export async function adjustChildCommentCount(
  db: Executor,
  commentID: number,
  delta: number,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({
      countChildComments: sql<number>`${sql.ref('countChildComments')} + cast(${delta} as integer)`,
    })
    .where('commentID', '=', commentID)
    .execute();
}

/** Changes a user's comment count. */
export async function adjustUserCommentCount(
  db: Executor,
  userID: number,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set({ countComments: sql<number>`${sql.ref('countComments')} + cast(${delta} as integer)` })
    .where('userID', '=', userID)
    .execute();
}

/** The newest visible (accepted, not tombstoned) comment of a discussion. */
export async function findLatestComment(
  db: Executor,
  discussionID: number,
): Promise<{ commentID: number; insertUserID: number; dateInserted: string } | undefined> {
  return db
    .selectFrom('comments')
    .select(['commentID', 'insertUserID', 'dateInserted'])
    .where('discussionID', '=', discussionID)
    .where('moderationStatus', '=', 'accepted')
    .where('displayType', '=', 'full')
    .orderBy('dateInserted', 'desc')
    .orderBy('commentID', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A change of a discussion's comment counters (contract §8); `last` replaces the last comment. */
export interface DiscussionCommentCounters {
  countCommentsDelta: number;
  last?: {
    lastCommentID: number | null;
    lastCommentUserID: number | null;
    dateLastComment: string;
    hot: number;
  };
}

export async function updateDiscussionCommentCounters(
  db: Executor,
  discussionID: number,
  counters: DiscussionCommentCounters,
): Promise<void> {
  await db
    .updateTable('discussions')
    .set({
      countComments: sql<number>`${sql.ref('countComments')} + cast(${counters.countCommentsDelta} as integer)`,
      ...(counters.last ?? {}),
    })
    .where('discussionID', '=', discussionID)
    .execute();
}

/**
 * Counts a new comment in its discussion and returns the discussion's new comment count and
 * category (read under the row lock this takes). The last
 * comment moves to this one only when it is newer than the stored one, so
 * concurrent writers that commit out of order cannot leave an older comment as the last.
 */
export async function countNewDiscussionComment(
  db: Executor,
  comment: { discussionID: number; commentID: number; insertUserID: number; dateInserted: string },
  hot: number,
): Promise<DiscussionCommentCount | undefined> {
  const row = await db
    .updateTable('discussions')
    .set(newCommentCounters(comment, sql<number>`${comment.commentID}`, hot))
    .where('discussionID', '=', comment.discussionID)
    .returning(['countComments', 'categoryID'])
    .executeTakeFirst();
  return row ? { countComments: Number(row.countComments), categoryID: row.categoryID } : undefined;
}

/** A discussion's comment count and category as its counter update left them. */
export interface DiscussionCommentCount {
  countComments: number;
  categoryID: number;
}

/** The `discussions` columns a new comment changes; `commentID` is its ID as an SQL expression. */
function newCommentCounters(
  comment: { insertUserID: number; dateInserted: string },
  commentID: Expression<number>,
  hot: number,
) {
  const isNewer = sql<boolean>`coalesce(${sql.ref('lastCommentID')}, 0) < ${commentID}`;
  const isLater = sql<boolean>`${sql.ref('dateLastComment')} <= ${comment.dateInserted}`;
  return {
    countComments: sql<number>`${sql.ref('countComments')} + 1`,
    lastCommentID: sql<number>`case when ${isNewer} then cast(${commentID} as integer) else ${sql.ref('lastCommentID')} end`,
    lastCommentUserID: sql<number>`case when ${isNewer} then cast(${comment.insertUserID} as integer) else ${sql.ref('lastCommentUserID')} end`,
    dateLastComment: sql<string>`case when ${isLater} then ${comment.dateInserted} else ${sql.ref('dateLastComment')} end`,
    hot: sql<number>`case when ${isLater} then ${hot} else ${sql.ref('hot')} end`,
  };
}

/** The statements a new top-level comment runs after its discussion counted it (createCountedComment). */
export interface NewCommentCounters {
  /** The author's comment count (undefined: nothing to change). */
  author: Compilable<unknown> | undefined;
  /** The author's read position, given the discussion's new comment count (or an expression of it). */
  participation: (countCommentsRead: number | Expression<number>) => Compilable<unknown>;
  /**
   * The categories' counts and last post, for the discussion's category as it was read; it runs
   * only while the discussion is still in that category (`expectedCategoryID`).
   */
  categories: UpdateQueryBuilder<Database, 'categories', 'categories', UpdateResult> | undefined;
  expectedCategoryID: number;
}

/**
 * Creates a top-level comment and counts it everywhere: the comment row, its discussion's count,
 * last comment and hot score, then the counters `countersFor` builds for the new comment's ID (a
 * number, or on PostgreSQL an expression of the statement): author, read position, categories, in the lock
 * order of comments.service.ts. On PostgreSQL it is one statement (data-modifying WITH), one
 * round trip and atomic without BEGIN/COMMIT; a deadlock or serialization failure runs it again.
 * SQLite runs the same statements in a transaction. `counted` is the discussion's count and
 * category after the update (undefined when the discussion is gone); when its category is not
 * `expectedCategoryID` (moved meanwhile) the categories were not changed: the caller counts the
 * comment in the discussion's current categories.
 */
export async function createCountedComment(
  db: Executor,
  comment: NewComment,
  hot: number,
  countersFor: (commentID: number | Expression<number>) => NewCommentCounters,
): Promise<{ comment: CommentRow; counted: DiscussionCommentCount | undefined }> {
  if (dialectOf(db) !== 'postgres') {
    return runTransaction(db, async (trx) => {
      const inserted = await insertComment(trx, comment);
      const counted = await countNewDiscussionComment(trx, inserted, hot);
      const counters = countersFor(inserted.commentID);
      if (counted) {
        if (counters.author) await trx.executeQuery(counters.author.compile());
        await trx.executeQuery(counters.participation(counted.countComments).compile());
        if (counters.categories && counted.categoryID === counters.expectedCategoryID)
          await trx.executeQuery(counters.categories.compile());
      }
      return { comment: inserted, counted };
    });
  }
  const insert = db.insertInto('comments').values(comment).returning(insertedColumns);
  const newID = sql<number>`(select ${sql.ref('commentID')} from ${sql.table('inserted')})`;
  const counters = countersFor(newID);
  const discussion = db
    .updateTable('discussions')
    .set(newCommentCounters(comment, newID, hot))
    .where('discussionID', '=', comment.discussionID)
    .returning(['countComments as countedComments', 'categoryID as countedCategoryID']);
  const parts = [sql`${sql.table('inserted')} as (${insert})`, sql`${sql.table('counted')} as (${discussion})`];
  if (counters.author) parts.push(sql`${sql.table('author')} as (${counters.author})`);
  parts.push(
    sql`${sql.table('participation')} as (${counters.participation(
      sql<number>`(select ${sql.ref('countedComments')} from ${sql.table('counted')})`,
    )})`,
  );
  if (counters.categories) {
    const sameCategory = sql<boolean>`exists (select 1 from ${sql.table('counted')} where ${sql.ref('countedCategoryID')} = ${counters.expectedCategoryID})`;
    parts.push(sql`${sql.table('categories')} as (${counters.categories.where(sameCategory)})`);
  }
  const statement = sql<RawComment & { countedComments: number | null; countedCategoryID: number | null }>`with ${sql.join(parts)} select ${sql.table('inserted')}.*, ${sql.ref('counted.countedComments')}, ${sql.ref('counted.countedCategoryID')} from ${sql.table('inserted')} left join ${sql.table('counted')} on true`;
  // One statement: PostgreSQL rolls all of it back on a deadlock, so it may simply run again.
  const row = await retryOnConcurrencyFailure(async () => (await statement.execute(db)).rows[0]);
  if (!row) throw new Error('The comment insert returned no row.');
  const { countedComments, countedCategoryID, ...inserted } = row;
  return {
    comment: toCommentRow(inserted),
    counted:
      countedCategoryID === null || countedComments === null
        ? undefined
        : { countComments: Number(countedComments), categoryID: countedCategoryID },
  };
}

/**
 * The statement that marks that a user took part in a discussion and has read it up to
 * `countCommentsRead` comments (a user has read their own comment), keeping a higher read position.
 */
export function participationUpsert(
  db: Executor,
  userID: number,
  discussionID: number,
  countCommentsRead: number | Expression<number>,
  now: string,
) {
  return db
    .insertInto('userDiscussions')
    .values({
      userID,
      discussionID,
      participated: true,
      dateLastViewed: now,
      countCommentsRead,
    })
    .onConflict((oc) =>
      oc.columns(['userID', 'discussionID']).doUpdateSet({
        participated: true,
        dateLastViewed: now,
        countCommentsRead: sql<number>`case when ${sql.ref('userDiscussions.countCommentsRead')} > ${countCommentsRead} then ${sql.ref('userDiscussions.countCommentsRead')} else ${countCommentsRead} end`,
      }),
    );
}

/** The dates of a user's latest `count` comments, newest first (flood control). */
export async function findRecentCommentDates(
  db: Executor,
  userID: number,
  count: number,
): Promise<string[]> {
  // Only dates come back, so ties need no order: the (insertUserID, dateInserted) index answers
  // it in order, without a sort.
  const rows = await db
    .selectFrom('comments')
    .select('dateInserted')
    .where('insertUserID', '=', userID)
    .orderBy('dateInserted', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => row.dateInserted);
}

/** Whether a user row exists and is not deleted. */
export async function liveUserExists(db: Executor, userID: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where('userID', '=', userID)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Lists

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

function rangeConditions(
  eb: CommentExpressions,
  column: 'comments.commentID' | 'd.categoryID',
  range: RangeFilter,
): Expression<SqlBool>[] {
  if (range.kind === 'values') {
    return range.values.length === 0 ? [sql<SqlBool>`1 = 0`] : [eb(column, 'in', range.values)];
  }
  const conditions: Expression<SqlBool>[] = [];
  if (range.min) conditions.push(eb(column, range.min.inclusive ? '>=' : '>', range.min.value));
  if (range.max) conditions.push(eb(column, range.max.inclusive ? '<=' : '<', range.max.value));
  return conditions;
}

function scopeCondition(eb: CommentExpressions, scope: CategoryScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return eb('c.permissionCategoryID', 'in', scope.permissionCategoryIDs);
}

function listConditions(eb: CommentExpressions, filter: CommentListFilter): Expression<SqlBool> {
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
    conditions.push(eb('comments.insertUserID', '=', filter.insertUserID));
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
    .where((eb) => listConditions(eb, filter));
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

/** How many comments match (numbered pager). */
export async function countComments(db: Executor, filter: CommentListFilter): Promise<number> {
  const row = await listBase(db)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => listConditions(eb, filter))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Threads

/** The fields a thread's structure is built from. */
export interface ThreadNodeRow {
  commentID: number;
  parentCommentID: number | null;
  depth: number;
  insertUserID: number;
  dateInserted: string;
  score: number;
}

const threadColumns = [
  'comments.commentID',
  'comments.parentCommentID',
  'comments.depth',
  'comments.insertUserID',
  'comments.dateInserted',
  'comments.score',
] as const;

/** Order of thread siblings; ties by commentID in the same direction. */
function threadOrder(sort: CommentThreadSort): {
  column: 'comments.dateInserted' | 'comments.score';
  direction: 'asc' | 'desc';
} {
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  return {
    column:
      sort === 'dateInserted' || sort === '-dateInserted'
        ? 'comments.dateInserted'
        : 'comments.score',
    direction,
  };
}

/** A page of the items directly under a parent (null: top level) of a discussion. */
export async function findThreadPage(
  db: Executor,
  discussionID: number,
  parentCommentID: number | null,
  options: { sort: CommentThreadSort; limit: number; offset: number },
): Promise<ThreadNodeRow[]> {
  const { column, direction } = threadOrder(options.sort);
  return db
    .selectFrom('comments')
    .select(threadColumns)
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where((eb) =>
      parentCommentID === null
        ? eb('comments.parentCommentID', 'is', null)
        : eb('comments.parentCommentID', '=', parentCommentID),
    )
    .orderBy(column, direction)
    .orderBy('comments.commentID', direction)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** How many items sit directly under a parent (null: top level) of a discussion. */
export async function countThreadItems(
  db: Executor,
  discussionID: number,
  parentCommentID: number | null,
): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where((eb) =>
      parentCommentID === null
        ? eb('comments.parentCommentID', 'is', null)
        : eb('comments.parentCommentID', '=', parentCommentID),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Every accepted reply of the given comments, ordered as thread siblings. */
export async function findThreadChildren(
  db: Executor,
  parentCommentIDs: readonly number[],
  sort: CommentThreadSort,
): Promise<ThreadNodeRow[]> {
  if (parentCommentIDs.length === 0) return [];
  const { column, direction } = threadOrder(sort);
  return db
    .selectFrom('comments')
    .select(threadColumns)
    .where('comments.parentCommentID', 'in', [...new Set(parentCommentIDs)])
    .where('comments.moderationStatus', '=', 'accepted')
    .orderBy(column, direction)
    .orderBy('comments.commentID', direction)
    .execute();
}

/**
 * How many top-level items of a discussion come before `item` in the default order
 * (`dateInserted`, then commentID): its position for the page route.
 */
export async function countTopLevelBefore(
  db: Executor,
  discussionID: number,
  item: { commentID: number; dateInserted: string },
): Promise<number> {
  const row = await db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('comments.discussionID', '=', discussionID)
    .where('comments.moderationStatus', '=', 'accepted')
    .where('comments.parentCommentID', 'is', null)
    .where((eb) =>
      eb.or([
        eb('comments.dateInserted', '<', item.dateInserted),
        eb.and([
          eb('comments.dateInserted', '=', item.dateInserted),
          eb('comments.commentID', '<', item.commentID),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** All comment IDs under the given comments (any status), deepest last. */
export async function findDescendantIDs(
  db: Executor,
  commentIDs: readonly number[],
): Promise<number[]> {
  const found: number[] = [];
  let level = [...commentIDs];
  while (level.length > 0) {
    const rows = await db
      .selectFrom('comments')
      .select('commentID')
      .where('parentCommentID', 'in', level)
      .execute();
    level = rows.map((row) => row.commentID);
    found.push(...level);
  }
  return found;
}
