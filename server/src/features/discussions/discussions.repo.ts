import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { DiscussionSort } from '../../../../common/src/api/discussions.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { Db } from '../../platform/db/db.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

type DiscussionExpressions = ExpressionBuilder<Database, 'discussions'>;

/** A `discussions` row with booleans converted, `hot` a number and `attributes` decoded. */
export interface DiscussionRow {
  discussionID: number;
  type: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  lastCommentID: number | null;
  lastCommentUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  dateLastComment: string;
  countComments: number;
  countViews: number;
  countReports: number;
  score: number;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  statusID: number;
  internalStatusID: number;
  moderationStatus: string;
  attributes: Record<string, unknown>;
}

const discussionColumns = [
  'discussions.discussionID',
  'discussions.type',
  'discussions.categoryID',
  'discussions.name',
  'discussions.body',
  'discussions.format',
  'discussions.bodyHtml',
  'discussions.bodyPlainText',
  'discussions.insertUserID',
  'discussions.updateUserID',
  'discussions.lastCommentID',
  'discussions.lastCommentUserID',
  'discussions.dateInserted',
  'discussions.dateUpdated',
  'discussions.dateLastComment',
  'discussions.countComments',
  'discussions.countViews',
  'discussions.countReports',
  'discussions.score',
  'discussions.hot',
  'discussions.pinned',
  'discussions.pinLocation',
  'discussions.closed',
  'discussions.sink',
  'discussions.resolved',
  'discussions.resolvedUserID',
  'discussions.statusID',
  'discussions.internalStatusID',
  'discussions.moderationStatus',
  'discussions.attributes',
] as const;

function decodeAttributes(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

type RawDiscussion = Omit<
  DiscussionRow,
  'hot' | 'pinned' | 'closed' | 'sink' | 'resolved' | 'attributes'
> & {
  hot: number | string;
  pinned: boolean | number;
  closed: boolean | number;
  sink: boolean | number;
  resolved: boolean | number;
  attributes: string;
};

function toDiscussionRow(row: RawDiscussion): DiscussionRow {
  // Field by field rather than `...row`: spreading a driver's row (30 columns, every row of every
  // list) cost about twice as much as the query that read it.
  return {
    discussionID: row.discussionID,
    type: row.type,
    categoryID: row.categoryID,
    name: row.name,
    body: row.body,
    format: row.format,
    bodyHtml: row.bodyHtml,
    bodyPlainText: row.bodyPlainText,
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
    lastCommentID: row.lastCommentID,
    lastCommentUserID: row.lastCommentUserID,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
    dateLastComment: row.dateLastComment,
    countComments: row.countComments,
    countViews: row.countViews,
    countReports: row.countReports,
    score: row.score,
    hot: Number(row.hot),
    pinned: toBool(row.pinned),
    pinLocation: row.pinLocation,
    closed: toBool(row.closed),
    sink: toBool(row.sink),
    resolved: toBool(row.resolved),
    resolvedUserID: row.resolvedUserID,
    statusID: row.statusID,
    internalStatusID: row.internalStatusID,
    moderationStatus: row.moderationStatus,
    attributes: decodeAttributes(row.attributes),
  };
}

/** One discussion by ID, whatever its moderation status. */
export async function findDiscussionByID(
  db: Db,
  discussionID: number,
): Promise<DiscussionRow | undefined> {
  const row = await db
    .selectFrom('discussions')
    .select(discussionColumns)
    .where('discussions.discussionID', '=', discussionID)
    .executeTakeFirst();
  return row ? toDiscussionRow(row) : undefined;
}

/** Several discussions by ID (any order; missing IDs are absent). */
export async function findDiscussionsByIDs(
  db: Db,
  discussionIDs: readonly number[],
): Promise<DiscussionRow[]> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('discussions')
    .select(discussionColumns)
    .where('discussions.discussionID', 'in', ids)
    .execute();
  return rows.map(toDiscussionRow);
}

/** Which announcements a filter keeps (`pinOrder=first` lists them apart). */
export interface AnnouncementBlock {
  /** Only `pinLocation = 'recent'` announcements (lists not limited to categories). */
  recentOnly: boolean;
  /** Announcements this user dismissed are not in the block. */
  viewerID: number;
}

/** What a discussion list is filtered on, already authorized by the service; every condition applies. */
export interface DiscussionFilter {
  /** The categories the list may show; undefined = every category. */
  categoryIDs?: readonly number[] | undefined;
  excludedCategoryIDs?: readonly number[] | undefined;
  discussionID?: RangeFilter | undefined;
  dateInserted?: DateCondition[] | undefined;
  dateUpdated?: DateCondition[] | undefined;
  dateLastComment?: DateCondition[] | undefined;
  tagID?: RangeFilter | undefined;
  types?: readonly string[] | undefined;
  score?: RangeFilter | undefined;
  pinned?: boolean | undefined;
  hasComments?: boolean | undefined;
  insertUserIDs?: readonly number[] | undefined;
  bookmarkUserID?: number | undefined;
  participatedUserID?: number | undefined;
  statusIDs?: readonly number[] | undefined;
  internalStatusIDs?: readonly number[] | undefined;
  resolved?: boolean | undefined;
  /** `only`: the announcement block of `pinOrder=first`; `exclude`: everything but it. */
  announcements?: { mode: 'only' | 'exclude'; block: AnnouncementBlock } | undefined;
}

type NumericColumn = 'discussions.discussionID' | 'discussions.score';

function rangeConditions(
  eb: DiscussionExpressions,
  column: NumericColumn,
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

function announcementBlock(
  eb: DiscussionExpressions,
  block: AnnouncementBlock,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('discussions.pinned', '=', true)];
  if (block.recentOnly) conditions.push(eb('discussions.pinLocation', '=', 'recent'));
  if (block.viewerID > 0) {
    conditions.push(
      eb.not(
        eb.exists(
          eb
            .selectFrom('userDiscussions')
            .select('userDiscussions.discussionID')
            .whereRef('userDiscussions.discussionID', '=', 'discussions.discussionID')
            .where('userDiscussions.userID', '=', block.viewerID)
            .where('userDiscussions.dismissed', '=', true),
        ),
      ),
    );
  }
  return eb.and(conditions);
}

function filterConditions(
  eb: DiscussionExpressions,
  filter: DiscussionFilter,
): Expression<SqlBool> {
  const where: Expression<SqlBool>[] = [eb('discussions.moderationStatus', '=', 'accepted')];
  if (filter.categoryIDs !== undefined) {
    where.push(
      filter.categoryIDs.length === 0
        ? sql<SqlBool>`1 = 0`
        : eb('discussions.categoryID', 'in', [...filter.categoryIDs]),
    );
  }
  if (filter.excludedCategoryIDs && filter.excludedCategoryIDs.length > 0)
    where.push(eb('discussions.categoryID', 'not in', [...filter.excludedCategoryIDs]));
  if (filter.discussionID)
    where.push(...rangeConditions(eb, 'discussions.discussionID', filter.discussionID));
  if (filter.score) where.push(...rangeConditions(eb, 'discussions.score', filter.score));
  const dates: [
    'discussions.dateInserted' | 'discussions.dateUpdated' | 'discussions.dateLastComment',
    DateCondition[] | undefined,
  ][] = [
    ['discussions.dateInserted', filter.dateInserted],
    ['discussions.dateUpdated', filter.dateUpdated],
    ['discussions.dateLastComment', filter.dateLastComment],
  ];
  for (const [column, conditions] of dates) {
    for (const condition of conditions ?? []) where.push(eb(column, condition.op, condition.value));
  }
  if (filter.tagID) {
    const tagRange = filter.tagID;
    where.push(
      eb(
        'discussions.discussionID',
        'in',
        eb
          .selectFrom('discussionTags')
          .select('discussionTags.discussionID')
          .where((inner) => {
            if (tagRange.kind === 'values') {
              return tagRange.values.length === 0
                ? sql<SqlBool>`1 = 0`
                : inner('discussionTags.tagID', 'in', tagRange.values);
            }
            const bounds: Expression<SqlBool>[] = [];
            if (tagRange.min)
              bounds.push(
                inner(
                  'discussionTags.tagID',
                  tagRange.min.inclusive ? '>=' : '>',
                  tagRange.min.value,
                ),
              );
            if (tagRange.max)
              bounds.push(
                inner(
                  'discussionTags.tagID',
                  tagRange.max.inclusive ? '<=' : '<',
                  tagRange.max.value,
                ),
              );
            return inner.and(bounds);
          }),
      ),
    );
  }
  if (filter.types && filter.types.length > 0)
    where.push(eb('discussions.type', 'in', [...filter.types]));
  if (filter.pinned !== undefined) where.push(eb('discussions.pinned', '=', filter.pinned));
  if (filter.hasComments !== undefined)
    where.push(eb('discussions.countComments', filter.hasComments ? '>' : '=', 0));
  if (filter.insertUserIDs && filter.insertUserIDs.length > 0)
    where.push(eb('discussions.insertUserID', 'in', [...filter.insertUserIDs]));
  if (filter.bookmarkUserID !== undefined) {
    where.push(
      eb(
        'discussions.discussionID',
        'in',
        eb
          .selectFrom('userDiscussions')
          .select('userDiscussions.discussionID')
          .where('userDiscussions.userID', '=', filter.bookmarkUserID)
          .where('userDiscussions.bookmarked', '=', true),
      ),
    );
  }
  if (filter.participatedUserID !== undefined) {
    // Participated: started the discussion or commented in it. One IN over a UNION (not
    // `insertUserID = ? OR discussionID IN (…)`, which PostgreSQL can only answer by reading every
    // discussion): each half is served by its author index (discussions_user, comments_user).
    const userID = filter.participatedUserID;
    where.push(
      eb(
        'discussions.discussionID',
        'in',
        eb
          .selectFrom('discussions as started')
          .select('started.discussionID')
          .where('started.insertUserID', '=', userID)
          .union(
            eb
              .selectFrom('comments')
              .select('comments.discussionID')
              .where('comments.insertUserID', '=', userID)
              .where('comments.moderationStatus', '=', 'accepted'),
          ),
      ),
    );
  }
  if (filter.statusIDs && filter.statusIDs.length > 0)
    where.push(eb('discussions.statusID', 'in', [...filter.statusIDs]));
  if (filter.internalStatusIDs && filter.internalStatusIDs.length > 0)
    where.push(eb('discussions.internalStatusID', 'in', [...filter.internalStatusIDs]));
  if (filter.resolved !== undefined) where.push(eb('discussions.resolved', '=', filter.resolved));
  if (filter.announcements) {
    const block = announcementBlock(eb, filter.announcements.block);
    where.push(filter.announcements.mode === 'only' ? block : eb.not(block));
  }
  return eb.and(where);
}

const sortColumns = {
  dateLastComment: 'discussions.dateLastComment',
  dateInserted: 'discussions.dateInserted',
  discussionID: 'discussions.discussionID',
  score: 'discussions.score',
  hot: 'discussions.hot',
} as const;

/**
 * One page of matching discussions in the given order, paged in SQL. Each sort has an index
 * `(column, discussionID)` (and `(categoryID, column, discussionID)`), so the page is read in
 * index order and the scan stops after `offset + limit` rows.
 */
export async function findDiscussionPage(
  db: Db,
  filter: DiscussionFilter,
  options: { sort: DiscussionSort; limit: number; offset: number },
): Promise<DiscussionRow[]> {
  const descending = options.sort.startsWith('-');
  const key = (descending ? options.sort.slice(1) : options.sort) as keyof typeof sortColumns;
  const direction = descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('discussions')
    .select(discussionColumns)
    .where((eb) => filterConditions(eb, filter))
    .orderBy(sortColumns[key], direction);
  if (key !== 'discussionID') query = query.orderBy('discussions.discussionID', direction);
  query = query.limit(options.limit);
  if (options.offset > 0) query = query.offset(options.offset);
  const rows = await query.execute();
  return rows.map(toDiscussionRow);
}

/** The filter keys that only narrow the categories (the stored category counters answer those). */
const categoryOnlyKeys = new Set<keyof DiscussionFilter>(['categoryIDs', 'excludedCategoryIDs']);

/**
 * Whether `filter` narrows by category only: then the total is the sum of the categories' stored
 * `countDiscussions` (accepted discussions, kept in the write's transaction), read from at most a
 * few hundred category rows instead of counting discussions, which grows with the forum.
 */
export function isCategoryOnlyFilter(filter: DiscussionFilter): boolean {
  return Object.entries(filter).every(
    ([key, value]) =>
      value === undefined ||
      (Array.isArray(value) && value.length === 0 && key !== 'categoryIDs') ||
      categoryOnlyKeys.has(key as keyof DiscussionFilter),
  );
}

/** The numbered pager's total of a category-only filter, from the category counters. */
export async function sumCategoryDiscussionCounts(
  db: Db,
  filter: Pick<DiscussionFilter, 'categoryIDs' | 'excludedCategoryIDs'>,
): Promise<number> {
  if (filter.categoryIDs !== undefined && filter.categoryIDs.length === 0) return 0;
  let query = db
    .selectFrom('categories')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('countDiscussions'), sql<number>`0`).as('total'));
  if (filter.categoryIDs !== undefined) query = query.where('categoryID', 'in', [...filter.categoryIDs]);
  if (filter.excludedCategoryIDs && filter.excludedCategoryIDs.length > 0)
    query = query.where('categoryID', 'not in', [...filter.excludedCategoryIDs]);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** How many discussions match (the numbered pager's total). */
export async function countDiscussions(db: Db, filter: DiscussionFilter): Promise<number> {
  if (isCategoryOnlyFilter(filter)) return sumCategoryDiscussionCounts(db, filter);
  const row = await db
    .selectFrom('discussions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterConditions(eb, filter))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Values of a new discussion. */
export interface NewDiscussion {
  type: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  dateLastComment: string;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  moderationStatus: string;
  attributes?: string;
}

/** Inserts a discussion and returns its ID. */
export async function insertDiscussion(db: Db, discussion: NewDiscussion): Promise<number> {
  const row = await db
    .insertInto('discussions')
    .values(discussion)
    .returning('discussionID')
    .executeTakeFirstOrThrow();
  return row.discussionID;
}

/** Column changes of a discussion; absent keys stay. */
export type DiscussionChanges = Partial<{
  type: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateUpdated: string;
  dateLastComment: string;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  attributes: string;
}>;

/** Applies column changes to a discussion. */
export async function updateDiscussion(
  db: Db,
  discussionID: number,
  changes: DiscussionChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('discussions')
    .set(changes)
    .where('discussionID', '=', discussionID)
    .execute();
}

/** Adds one view to a discussion. */
// ---------------------------------------------------------------------------------------------
// Per-user state

/** A user's state for one discussion (booleans converted). */
export interface UserDiscussionRow {
  discussionID: number;
  bookmarked: boolean;
  muted: boolean;
  dismissed: boolean;
  participated: boolean;
  dateLastViewed: string | null;
  countCommentsRead: number;
}

/** A user's rows for several discussions (one query per list), keyed by discussionID. */
export async function findUserDiscussions(
  db: Db,
  userID: number,
  discussionIDs: readonly number[],
): Promise<Map<number, UserDiscussionRow>> {
  const ids = [...new Set(discussionIDs)];
  if (userID <= 0 || ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('userDiscussions')
    .select([
      'discussionID',
      'bookmarked',
      'muted',
      'dismissed',
      'participated',
      'dateLastViewed',
      'countCommentsRead',
    ])
    .where('userID', '=', userID)
    .where('discussionID', 'in', ids)
    .execute();
  return new Map(
    rows.map((row) => [
      row.discussionID,
      {
        ...row,
        bookmarked: toBool(row.bookmarked),
        muted: toBool(row.muted),
        dismissed: toBool(row.dismissed),
        participated: toBool(row.participated),
      },
    ]),
  );
}

/** Changes of a user's discussion state. */
export type UserDiscussionChanges = Partial<{
  bookmarked: boolean;
  dateBookmarked: string | null;
  muted: boolean;
  dismissed: boolean;
  participated: boolean;
  dateLastViewed: string;
}>;

/** Creates or updates a user's row for a discussion in one statement. */
export async function upsertUserDiscussion(
  db: Db,
  userID: number,
  discussionID: number,
  changes: UserDiscussionChanges,
): Promise<void> {
  await db
    .insertInto('userDiscussions')
    .values({ userID, discussionID, ...changes })
    .onConflict((oc) => oc.columns(['userID', 'discussionID']).doUpdateSet(changes))
    .execute();
}

/** Records a view: last viewed now, comments read at least `countCommentsSeen`. */
export async function recordUserView(
  db: Db,
  userID: number,
  discussionID: number,
  now: string,
  countCommentsSeen: number,
): Promise<void> {
  await db
    .insertInto('userDiscussions')
    .values({ userID, discussionID, dateLastViewed: now, countCommentsRead: countCommentsSeen })
    .onConflict((oc) =>
      oc.columns(['userID', 'discussionID']).doUpdateSet({
        dateLastViewed: now,
        countCommentsRead: sql<number>`case when ${sql.ref('userDiscussions.countCommentsRead')} > ${countCommentsSeen} then ${sql.ref('userDiscussions.countCommentsRead')} else ${countCommentsSeen} end`,
      }),
    )
    .execute();
}

/** The IDs of a user's bookmarked discussions that are in `categoryIDs`, newest bookmark first, paged. */
export async function findBookmarkedPage(
  db: Db,
  userID: number,
  categoryIDs: readonly number[] | undefined,
  options: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const base = db
    .selectFrom('userDiscussions')
    .innerJoin('discussions', 'discussions.discussionID', 'userDiscussions.discussionID')
    .where('userDiscussions.userID', '=', userID)
    .where('userDiscussions.bookmarked', '=', true)
    .where('discussions.moderationStatus', '=', 'accepted')
    .where((eb) =>
      categoryIDs === undefined
        ? sql<SqlBool>`1 = 1`
        : categoryIDs.length === 0
          ? sql<SqlBool>`1 = 0`
          : eb('discussions.categoryID', 'in', [...categoryIDs]),
    );
  let page = base
    .select('userDiscussions.discussionID')
    .orderBy('userDiscussions.dateBookmarked', 'desc')
    .orderBy('userDiscussions.discussionID', 'desc')
    .limit(options.limit);
  if (options.offset > 0) page = page.offset(options.offset);
  const [rows, count] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
  ]);
  return { ids: rows.map((row) => row.discussionID), total: Number(count?.count ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// Categories and users (counters kept by this feature)

/** The IDs of the categories whose permission category is in the list. */
export async function findCategoryIDsByPermissionCategory(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<number[]> {
  if (permissionCategoryIDs.length === 0) return [];
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('permissionCategoryID', 'in', [...permissionCategoryIDs])
    .execute();
  return rows.map((row) => row.categoryID);
}

/** The IDs of the categories whose permission category is not in the list (the hidden ones). */
export async function findCategoryIDsOutsidePermissionCategories(
  db: Db,
  permissionCategoryIDs: readonly number[],
): Promise<number[]> {
  let query = db.selectFrom('categories').select('categoryID');
  if (permissionCategoryIDs.length > 0)
    query = query.where('permissionCategoryID', 'not in', [...permissionCategoryIDs]);
  const rows = await query.execute();
  return rows.map((row) => row.categoryID);
}

/** The IDs of a category subtree (its tree path prefix), the category included. */
export async function findSubtreeCategoryIDs(db: Db, treePath: string): Promise<number[]> {
  // Paths hold digits only, so the prefix needs no LIKE escaping.
  const rows = await db
    .selectFrom('categories')
    .select('categoryID')
    .where('treePath', 'like', `${treePath}%`)
    .execute();
  return rows.map((row) => row.categoryID);
}

/** The categories a user follows. */
export async function findFollowedCategoryIDs(db: Db, userID: number): Promise<number[]> {
  if (userID <= 0) return [];
  const rows = await db
    .selectFrom('userCategories')
    .select('categoryID')
    .where('userID', '=', userID)
    .where('followed', '=', true)
    .execute();
  return rows.map((row) => row.categoryID);
}

/** Changes users' discussion counts. */
export async function adjustUserDiscussionCount(
  db: Db,
  userID: number,
  delta: number,
): Promise<void> {
  if (delta === 0 || userID <= 0) return;
  await db
    .updateTable('users')
    .set({
      countDiscussions: sql<number>`${sql.ref('countDiscussions')} + cast(${delta} as integer)`,
    })
    .where('userID', '=', userID)
    .execute();
}

/** Changes users' comment counts, by user. */
export async function adjustUserCommentCounts(
  db: Db,
  deltas: ReadonlyMap<number, number>,
): Promise<void> {
  for (const [userID, delta] of deltas) {
    if (delta === 0 || userID <= 0) continue;
    await db
      .updateTable('users')
      .set({ countComments: sql<number>`${sql.ref('countComments')} + cast(${delta} as integer)` })
      .where('userID', '=', userID)
      .execute();
  }
}

/** Whether a user exists and is not deleted. */
export async function liveUserExists(db: Db, userID: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['userID', 'deleted'])
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row !== undefined && !toBool(row.deleted);
}

/** The first site administrator (the author of system posts). */
export async function findSystemUserID(db: Db): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('userID')
    .where('isAdmin', '=', true)
    .where('deleted', '=', false)
    .orderBy('userID')
    .limit(1)
    .executeTakeFirst();
  return row?.userID;
}

// ---------------------------------------------------------------------------------------------
// Comments (moved and deleted with their discussion)

/** Accepted, shown comments of discussions, counted by author (the users' comment counters). */
export async function countCommentsByAuthor(
  db: Db,
  discussionIDs: readonly number[],
): Promise<Map<number, number>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['insertUserID', (eb) => eb.fn.countAll<number>().as('count')])
    .where('discussionID', 'in', [...discussionIDs])
    .where('moderationStatus', '=', 'accepted')
    .where('displayType', '=', 'full')
    .groupBy('insertUserID')
    .execute();
  return new Map(rows.map((row) => [row.insertUserID, Number(row.count)]));
}

/** Comments by ID, with what a discussion's `lastPost` shows. */
export async function findLastComments(
  db: Db,
  commentIDs: readonly number[],
): Promise<
  Map<number, { commentID: number; bodyHtml: string; insertUserID: number; dateInserted: string }>
> {
  if (commentIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['commentID', 'bodyHtml', 'insertUserID', 'dateInserted'])
    .where('commentID', 'in', [...new Set(commentIDs)])
    .execute();
  return new Map(rows.map((row) => [row.commentID, row]));
}

/** Comments by ID with what a split needs. */
export async function findCommentsForSplit(
  db: Db,
  commentIDs: readonly number[],
): Promise<{ commentID: number; discussionID: number; dateInserted: string }[]> {
  if (commentIDs.length === 0) return [];
  return db
    .selectFrom('comments')
    .select(['commentID', 'discussionID', 'dateInserted'])
    .where('commentID', 'in', [...new Set(commentIDs)])
    .execute();
}

/** Moves comments to another discussion. */
export async function moveCommentsByID(
  db: Db,
  commentIDs: readonly number[],
  discussionID: number,
): Promise<void> {
  if (commentIDs.length === 0) return;
  await db
    .updateTable('comments')
    .set({ discussionID })
    .where('commentID', 'in', [...commentIDs])
    .execute();
}

/** Moves every comment of some discussions to another one. */
export async function moveAllComments(
  db: Db,
  fromDiscussionIDs: readonly number[],
  discussionID: number,
): Promise<void> {
  if (fromDiscussionIDs.length === 0) return;
  await db
    .updateTable('comments')
    .set({ discussionID })
    .where('discussionID', 'in', [...fromDiscussionIDs])
    .execute();
}

/** Values of a comment made from a merged discussion's body. */
export interface NewMergedComment {
  discussionID: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
  updateUserID: number | null;
  score: number;
}

/** Inserts a top-level comment (a merged discussion's body) and returns its ID. */
export async function insertMergedComment(db: Db, comment: NewMergedComment): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({ ...comment, depth: 1, parentCommentID: null })
    .returning('commentID')
    .executeTakeFirstOrThrow();
  return row.commentID;
}

/**
 * Repairs the reply tree of a discussion after comments moved in or out: a reply whose parent is
 * elsewhere becomes top-level; depths and child counts are recomputed. Returns nothing.
 */
export async function repairCommentTree(db: Db, discussionID: number): Promise<void> {
  const rows = await db
    .selectFrom('comments')
    .select(['commentID', 'parentCommentID', 'depth', 'countChildComments'])
    .where('discussionID', '=', discussionID)
    .execute();
  const byID = new Map(rows.map((row) => [row.commentID, row]));
  const parentOf = new Map<number, number | null>();
  for (const row of rows) {
    parentOf.set(
      row.commentID,
      row.parentCommentID !== null && byID.has(row.parentCommentID) ? row.parentCommentID : null,
    );
  }
  const depthOf = new Map<number, number>();
  const depth = (commentID: number, guard: number): number => {
    const known = depthOf.get(commentID);
    if (known !== undefined) return known;
    const parent = parentOf.get(commentID) ?? null;
    const value = parent === null || guard > rows.length ? 1 : depth(parent, guard + 1) + 1;
    depthOf.set(commentID, value);
    return value;
  };
  const children = new Map<number, number>();
  for (const [commentID, parent] of parentOf) {
    if (parent !== null) children.set(parent, (children.get(parent) ?? 0) + 1);
    depth(commentID, 0);
  }
  for (const row of rows) {
    const parent = parentOf.get(row.commentID) ?? null;
    const newDepth = depthOf.get(row.commentID) ?? 1;
    const newChildren = children.get(row.commentID) ?? 0;
    if (
      parent === row.parentCommentID &&
      newDepth === row.depth &&
      newChildren === row.countChildComments
    )
      continue;
    await db
      .updateTable('comments')
      .set({ parentCommentID: parent, depth: newDepth, countChildComments: newChildren })
      .where('commentID', '=', row.commentID)
      .execute();
  }
}

/** What a discussion's comment counters are, computed from its comments. */
export interface CommentSummary {
  countComments: number;
  lastCommentID: number | null;
  lastCommentUserID: number | null;
  lastCommentDate: string | null;
}

/** Counts a discussion's accepted, shown comments and finds the newest (index comments_discussion). */
export async function summarizeComments(db: Db, discussionID: number): Promise<CommentSummary> {
  const [count, last] = await Promise.all([
    db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('discussionID', '=', discussionID)
      .where('moderationStatus', '=', 'accepted')
      .where('displayType', '=', 'full')
      .executeTakeFirst(),
    db
      .selectFrom('comments')
      .select(['commentID', 'insertUserID', 'dateInserted'])
      .where('discussionID', '=', discussionID)
      .where('moderationStatus', '=', 'accepted')
      .orderBy('dateInserted', 'desc')
      .orderBy('commentID', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    countComments: Number(count?.count ?? 0),
    lastCommentID: last?.commentID ?? null,
    lastCommentUserID: last?.insertUserID ?? null,
    lastCommentDate: last?.dateInserted ?? null,
  };
}

/** Writes a discussion's comment counters. */
export async function writeCommentCounters(
  db: Db,
  discussionID: number,
  values: {
    countComments: number;
    lastCommentID: number | null;
    lastCommentUserID: number | null;
    dateLastComment: string;
    hot: number;
  },
): Promise<void> {
  await db
    .updateTable('discussions')
    .set(values)
    .where('discussionID', '=', discussionID)
    .execute();
}

/**
 * Deletes discussions with everything hanging off them: comments, reactions and their counts,
 * per-user rows. Release their tags first (tags service), so the tags' counts stay right.
 */
export async function deleteDiscussionRows(
  db: Db,
  discussionIDs: readonly number[],
): Promise<void> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return;
  const commentIDs = db.selectFrom('comments').select('commentID').where('discussionID', 'in', ids);
  for (const table of ['reactions', 'reactionCounts'] as const) {
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'comment')
      .where('recordID', 'in', commentIDs)
      .execute();
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'discussion')
      .where('recordID', 'in', ids)
      .execute();
  }
  await db.deleteFrom('comments').where('discussionID', 'in', ids).execute();
  await db.deleteFrom('userDiscussions').where('discussionID', 'in', ids).execute();
  await db.deleteFrom('discussions').where('discussionID', 'in', ids).execute();
}

/** Deletes the reactions on discussions (a merged discussion's body becomes a comment). */
export async function deleteDiscussionReactions(
  db: Db,
  discussionIDs: readonly number[],
): Promise<void> {
  if (discussionIDs.length === 0) return;
  for (const table of ['reactions', 'reactionCounts'] as const) {
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'discussion')
      .where('recordID', 'in', [...discussionIDs])
      .execute();
  }
}

/** Tag IDs by URL code (case-insensitive); unknown codes are absent. */
export async function findTagIDsByUrlcode(
  db: Db,
  urlcodes: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const urlcode of new Set(urlcodes)) {
    const row = await db
      .selectFrom('tags')
      .select('tagID')
      .where(lowerEquals('tags.urlcode', urlcode))
      .executeTakeFirst();
    if (row) result.set(urlcode, row.tagID);
  }
  return result;
}
