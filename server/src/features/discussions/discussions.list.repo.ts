import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { DiscussionSort } from '../../../../common/src/api/discussions.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { Db } from '../../platform/db/db.ts';
import { dialectOf, type DialectName } from '../../platform/db/dialect.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';
import type { Database } from '../../platform/db/schema.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';
import { type DiscussionRow, discussionColumns, toDiscussionRow } from './discussions.repo.ts';

type DiscussionExpressions = ExpressionBuilder<Database, 'discussions'>;

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
  /** Leaves redirects out (an author's list: they point to the moved discussion, also listed). */
  excludeRedirects?: boolean | undefined;
  bookmarkUserID?: number | undefined;
  participatedUserID?: number | undefined;
  statusIDs?: readonly number[] | undefined;
  internalStatusIDs?: readonly number[] | undefined;
  resolved?: boolean | undefined;
  /** `only`: the announcement block of `pinOrder=first`; `exclude`: everything but it. */
  announcements?: { mode: 'only' | 'exclude'; block: AnnouncementBlock } | undefined;
}

function announcementBlock(
  eb: DiscussionExpressions,
  block: AnnouncementBlock,
  dialect: DialectName,
): Expression<SqlBool> {
  // SQLite's statistics see one value of `pinned` in a forum without announcements and scan
  // every visible discussion; `unlikely()` lets it read the few pinned rows by discussions_pinned
  // (6 ms → 0.03 ms at S). PostgreSQL's statistics already know pinned rows are rare.
  const pinned =
    dialect === 'sqlite'
      ? sql<SqlBool>`unlikely(${eb.ref('discussions.pinned')} = ${true})`
      : eb('discussions.pinned', '=', true);
  const conditions: Expression<SqlBool>[] = [pinned];
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
  dialect: DialectName,
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
  if (filter.excludeRedirects) where.push(eb('discussions.type', '<>', 'redirect'));
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
    // discussion): each half is served by its author index (discussions_user_list, comments_user_list).
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
    const block = announcementBlock(eb, filter.announcements.block, dialect);
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
  if (isCategoryOnlyFilter(filter)) {
    // The lists most pages show: compiled once per sort, paging and category list lengths.
    const parameters: CategoryPageParameters = { limit: options.limit, offset: options.offset };
    if (filter.categoryIDs !== undefined) parameters.categoryIDs = [...filter.categoryIDs];
    if (filter.excludedCategoryIDs && filter.excludedCategoryIDs.length > 0)
      parameters.excludedCategoryIDs = [...filter.excludedCategoryIDs];
    const shape = `${options.sort}|${options.offset > 0 ? 'offset' : ''}`;
    return (await selectCategoryPage(db, parameters, shape)).map(toDiscussionRow);
  }
  const rows = await pageQuery(db, filter, options).execute();
  return rows.map(toDiscussionRow);
}

function pageQuery(
  db: Db,
  filter: DiscussionFilter,
  options: { sort: DiscussionSort; limit: number; offset: number },
  hasOffset = options.offset > 0,
) {
  const descending = options.sort.startsWith('-');
  const key = (descending ? options.sort.slice(1) : options.sort) as keyof typeof sortColumns;
  const direction = descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('discussions')
    .select(discussionColumns)
    .where((eb) => filterConditions(eb, filter, dialectOf(db)))
    .orderBy(sortColumns[key], direction);
  if (key !== 'discussionID') query = query.orderBy('discussions.discussionID', direction);
  query = query.limit(options.limit);
  if (hasOffset) query = query.offset(options.offset);
  return query;
}

interface CategoryPageParameters {
  [name: string]: unknown;
  limit: number;
  offset: number;
  categoryIDs?: number[];
  excludedCategoryIDs?: number[];
}

const selectCategoryPage = compiledStatement((db, parameters: CategoryPageParameters, shape) => {
  const [sort, paging] = shape.split('|') as [DiscussionSort, string];
  const { limit, offset, ...filter } = parameters;
  // The shape says whether there is an offset (its value is a placeholder here).
  return pageQuery(db, filter, { sort, limit, offset }, paging === 'offset');
});

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

// The pager total of every category-only list: built and compiled once per list lengths.
const selectCategoryCountSum = compiledStatement(
  (db, parameters: { categoryIDs?: number[]; excludedCategoryIDs?: number[] }) => {
    let query = db
      .selectFrom('categories')
      .select((eb) =>
        eb.fn.coalesce(eb.fn.sum<number>('countDiscussions'), sql<number>`0`).as('total'),
      );
    if (parameters.categoryIDs !== undefined)
      query = query.where('categoryID', 'in', parameters.categoryIDs);
    if (parameters.excludedCategoryIDs !== undefined)
      query = query.where('categoryID', 'not in', parameters.excludedCategoryIDs);
    return query;
  },
);

/** The numbered pager's total of a category-only filter, from the category counters. */
export async function sumCategoryDiscussionCounts(
  db: Db,
  filter: Pick<DiscussionFilter, 'categoryIDs' | 'excludedCategoryIDs'>,
): Promise<number> {
  if (filter.categoryIDs !== undefined && filter.categoryIDs.length === 0) return 0;
  const parameters: { categoryIDs?: number[]; excludedCategoryIDs?: number[] } = {};
  if (filter.categoryIDs !== undefined) parameters.categoryIDs = [...filter.categoryIDs];
  if (filter.excludedCategoryIDs && filter.excludedCategoryIDs.length > 0)
    parameters.excludedCategoryIDs = [...filter.excludedCategoryIDs];
  const [row] = await selectCategoryCountSum(db, parameters);
  return Number(row?.total ?? 0);
}

/** How many discussions match (the numbered pager's total). */
export async function countDiscussions(db: Db, filter: DiscussionFilter): Promise<number> {
  if (isCategoryOnlyFilter(filter)) return sumCategoryDiscussionCounts(db, filter);
  const { announcements, ...rest } = filter;
  if (announcements?.mode === 'exclude' && isCategoryOnlyFilter(rest)) {
    // `pinOrder=first` (the list page): the counters' sum less the announcement block, a few
    // pinned rows (index discussions_pinned), instead of counting every visible discussion
    // (2.5–4 ms per page at S, growing with the forum).
    const [total, block] = await Promise.all([
      sumCategoryDiscussionCounts(db, rest),
      countMatching(db, { ...rest, announcements: { mode: 'only', block: announcements.block } }),
    ]);
    return Math.max(0, total - block);
  }
  return countMatching(db, filter);
}

async function countMatching(db: Db, filter: DiscussionFilter): Promise<number> {
  const row = await db
    .selectFrom('discussions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterConditions(eb, filter, dialectOf(db)))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
