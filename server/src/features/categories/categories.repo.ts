import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import { escapeLike, lowerEquals, toBool } from '../../platform/db/dialect.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
export type Executor = Kysely<Database>;

export type CategoryExpressions = ExpressionBuilder<Database, 'categories'>;

/** A `categories` row with booleans converted and `allowedDiscussionTypes` decoded. */
export interface CategoryRow {
  categoryID: number;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean;
  permissionCategoryID: number;
  isArchived: boolean;
  featured: boolean;
  depth: number;
  sort: number;
  treePath: string;
  iconUrl: string | null;
  bannerUrl: string | null;
  /** Null: every type is allowed. */
  allowedDiscussionTypes: string[] | null;
  pointsCategoryID: number | null;
  countCategories: number;
  countDiscussions: number;
  countComments: number;
  countAllDiscussions: number;
  countAllComments: number;
  countFollowers: number;
  lastDiscussionID: number | null;
  lastCommentID: number | null;
  lastPostDate: string | null;
  dateInserted: string;
  dateUpdated: string | null;
}

/** Every column of a category row (shared by the categories repositories). */
export const categoryColumns = [
  'categories.categoryID',
  'categories.parentCategoryID',
  'categories.name',
  'categories.urlcode',
  'categories.description',
  'categories.displayAs',
  'categories.customPermissions',
  'categories.permissionCategoryID',
  'categories.isArchived',
  'categories.featured',
  'categories.depth',
  'categories.sort',
  'categories.treePath',
  'categories.iconUrl',
  'categories.bannerUrl',
  'categories.allowedDiscussionTypes',
  'categories.pointsCategoryID',
  'categories.countCategories',
  'categories.countDiscussions',
  'categories.countComments',
  'categories.countAllDiscussions',
  'categories.countAllComments',
  'categories.countFollowers',
  'categories.lastDiscussionID',
  'categories.lastCommentID',
  'categories.lastPostDate',
  'categories.dateInserted',
  'categories.dateUpdated',
] as const;

interface RawCategory {
  categoryID: number;
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean | number;
  permissionCategoryID: number;
  isArchived: boolean | number;
  featured: boolean | number;
  depth: number;
  sort: number;
  treePath: string;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  pointsCategoryID: number | null;
  countCategories: number;
  countDiscussions: number;
  countComments: number;
  countAllDiscussions: number;
  countAllComments: number;
  countFollowers: number;
  lastDiscussionID: number | null;
  lastCommentID: number | null;
  lastPostDate: string | null;
  dateInserted: string;
  dateUpdated: string | null;
}

function decodeTypes(value: string | null): string[] | null {
  if (value === null || value === '') return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed)
      ? parsed.filter((item): item is string => typeof item === 'string')
      : null;
  } catch {
    return null;
  }
}

/** A driver row as a `CategoryRow`. */
export function toCategoryRow(row: RawCategory): CategoryRow {
  // Field by field rather than `...row`: spreading a driver's row costs more than reading it, and
  // lists read every category.
  return {
    categoryID: row.categoryID,
    parentCategoryID: row.parentCategoryID,
    name: row.name,
    urlcode: row.urlcode,
    description: row.description,
    displayAs: row.displayAs,
    customPermissions: toBool(row.customPermissions),
    permissionCategoryID: row.permissionCategoryID,
    isArchived: toBool(row.isArchived),
    featured: toBool(row.featured),
    depth: row.depth,
    sort: row.sort,
    treePath: row.treePath,
    iconUrl: row.iconUrl,
    bannerUrl: row.bannerUrl,
    allowedDiscussionTypes: decodeTypes(row.allowedDiscussionTypes),
    pointsCategoryID: row.pointsCategoryID,
    countCategories: row.countCategories,
    countDiscussions: row.countDiscussions,
    countComments: row.countComments,
    countAllDiscussions: row.countAllDiscussions,
    countAllComments: row.countAllComments,
    countFollowers: row.countFollowers,
    lastDiscussionID: row.lastDiscussionID,
    lastCommentID: row.lastCommentID,
    lastPostDate: row.lastPostDate,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
  };
}

/** JSON text of `allowedDiscussionTypes` as stored (null: every type). */
export function encodeDiscussionTypes(types: readonly string[] | null): string | null {
  return types === null ? null : JSON.stringify(types);
}

/** One category by ID. */
export async function findCategoryByID(
  db: Executor,
  categoryID: number,
): Promise<CategoryRow | undefined> {
  const row = await db
    .selectFrom('categories')
    .select(categoryColumns)
    .where('categories.categoryID', '=', categoryID)
    .executeTakeFirst();
  return row ? toCategoryRow(row) : undefined;
}

/** One category by URL code, case-insensitively (the code is unique that way). */
export async function findCategoryByUrlcode(
  db: Executor,
  urlcode: string,
): Promise<CategoryRow | undefined> {
  const row = await db
    .selectFrom('categories')
    .select(categoryColumns)
    .where(lowerEquals('categories.urlcode', urlcode))
    .executeTakeFirst();
  return row ? toCategoryRow(row) : undefined;
}

/** Categories whose name matches case-insensitively (names are not unique); at most `limit`. */
export async function findCategoriesByName(
  db: Executor,
  name: string,
  limit: number,
): Promise<CategoryRow[]> {
  const rows = await db
    .selectFrom('categories')
    .select(categoryColumns)
    .where(lowerEquals('categories.name', name))
    .orderBy('categories.categoryID')
    .limit(limit)
    .execute();
  return rows.map(toCategoryRow);
}

/** Name and URL code of categories (breadcrumbs, parents), in no particular order. */
export async function findCategoryLabels(
  db: Executor,
  categoryIDs: readonly number[],
): Promise<{ categoryID: number; name: string; urlcode: string; permissionCategoryID: number }[]> {
  if (categoryIDs.length === 0) return [];
  return db
    .selectFrom('categories')
    .select(['categoryID', 'name', 'urlcode', 'permissionCategoryID'])
    .where('categoryID', 'in', [...new Set(categoryIDs)])
    .execute();
}

/** What a category list is filtered on; every given condition applies. */
export interface CategoryFilter {
  /** Categories whose discussions the viewer may see. */
  viewScope: CategoryScope;
  /** Also categories the viewer may post in (`filterDiscussionsAdd`). */
  addScope?: CategoryScope | undefined;
  /** Only the subtree of a category (its tree path), with or without the category itself. */
  subtreeOf?: { categoryID: number; treePath: string; includeSelf: boolean } | undefined;
  maxDepth?: number | undefined;
  categoryIDs?: RangeFilter | undefined;
  isArchived?: boolean | undefined;
  featured?: boolean | undefined;
  displayAs?: readonly string[] | undefined;
  excludeDisplayAs?: readonly string[] | undefined;
  /** Only categories this user follows. */
  followedBy?: number | undefined;
  /** Name contains this text, case-insensitively. */
  nameContains?: string | undefined;
}

/** The SQL condition of a category scope (the permission categories a viewer may see or post in). */
export function scopeCondition(eb: CategoryExpressions, scope: CategoryScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return eb('categories.permissionCategoryID', 'in', scope.permissionCategoryIDs);
}

function filterConditions(eb: CategoryExpressions, filter: CategoryFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [scopeCondition(eb, filter.viewScope)];
  if (filter.addScope) conditions.push(scopeCondition(eb, filter.addScope));
  if (filter.subtreeOf) {
    // Paths hold digits only, so the prefix needs no LIKE escaping.
    conditions.push(eb('categories.treePath', 'like', `${filter.subtreeOf.treePath}%`));
    if (!filter.subtreeOf.includeSelf)
      conditions.push(eb('categories.categoryID', '!=', filter.subtreeOf.categoryID));
  }
  if (filter.maxDepth !== undefined) conditions.push(eb('categories.depth', '<=', filter.maxDepth));
  if (filter.categoryIDs) conditions.push(...rangeConditions(eb, 'categories.categoryID', filter.categoryIDs));
  if (filter.isArchived !== undefined)
    conditions.push(eb('categories.isArchived', '=', filter.isArchived));
  if (filter.featured !== undefined)
    conditions.push(eb('categories.featured', '=', filter.featured));
  if (filter.displayAs) {
    conditions.push(
      filter.displayAs.length === 0
        ? sql<SqlBool>`1 = 0`
        : eb('categories.displayAs', 'in', [...filter.displayAs]),
    );
  }
  if (filter.excludeDisplayAs && filter.excludeDisplayAs.length > 0) {
    conditions.push(eb('categories.displayAs', 'not in', [...filter.excludeDisplayAs]));
  }
  if (filter.followedBy !== undefined) {
    conditions.push(
      eb(
        'categories.categoryID',
        'in',
        eb
          .selectFrom('userCategories')
          .select('userCategories.categoryID')
          .where('userCategories.userID', '=', filter.followedBy)
          .where('userCategories.followed', '=', true),
      ),
    );
  }
  if (filter.nameContains !== undefined && filter.nameContains !== '') {
    const pattern = `%${escapeLike(filter.nameContains.toLowerCase())}%`;
    conditions.push(sql<SqlBool>`lower(${sql.ref('categories.name')}) like ${pattern} escape '\\'`);
  }
  return eb.and(conditions);
}

/** Orders of category lists: tree position (default), or a field, `-` for descending. */
export type CategoryOrder =
  'tree' | 'categoryID' | '-categoryID' | 'name' | '-name' | 'dateFollowed' | '-dateFollowed';

/** Matching categories, ordered and paged in SQL. `followerUserID` is whose follow date `dateFollowed` sorts on. */
export async function findCategories(
  db: Executor,
  filter: CategoryFilter,
  options: { order: CategoryOrder; limit?: number; offset?: number; followerUserID?: number },
): Promise<CategoryRow[]> {
  let query = db
    .selectFrom('categories')
    .select(categoryColumns)
    .where((eb) => filterConditions(eb, filter));
  const descending = options.order.startsWith('-');
  const direction = descending ? 'desc' : 'asc';
  switch (options.order) {
    case 'tree':
      query = query.orderBy('categories.treePath');
      break;
    case 'categoryID':
    case '-categoryID':
      query = query.orderBy('categories.categoryID', direction);
      break;
    case 'name':
    case '-name':
      query = query
        .orderBy(sql`lower(${sql.ref('categories.name')})`, direction)
        .orderBy('categories.categoryID', direction);
      break;
    case 'dateFollowed':
    case '-dateFollowed': {
      const followed = sql`(select ${sql.ref('userCategories.dateFollowed')} from ${sql.table('userCategories')} where ${sql.ref('userCategories.categoryID')} = ${sql.ref('categories.categoryID')} and ${sql.ref('userCategories.userID')} = ${options.followerUserID ?? 0})`;
      // Unfollowed categories (no date) last on both databases.
      query = query
        .orderBy(sql`case when ${followed} is null then 1 else 0 end`)
        .orderBy(followed, direction)
        .orderBy('categories.treePath');
      break;
    }
  }
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined && options.offset > 0) query = query.offset(options.offset);
  const rows = await query.execute();
  return rows.map(toCategoryRow);
}

/**
 * The post types of the categories `findCategories(db, filter, { order: 'tree', limit })` would
 * answer, in the same order: two columns instead of whole rows (the new post menu).
 */
export async function findCategoryPostTypes(
  db: Executor,
  filter: CategoryFilter,
  limit: number,
): Promise<{ categoryID: number; allowedDiscussionTypes: string[] | null }[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['categories.categoryID', 'categories.allowedDiscussionTypes'])
    .where((eb) => filterConditions(eb, filter))
    .orderBy('categories.treePath')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    categoryID: row.categoryID,
    allowedDiscussionTypes: decodeTypes(row.allowedDiscussionTypes),
  }));
}

/** How many categories match (numbered pager). */
export async function countCategories(db: Executor, filter: CategoryFilter): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterConditions(eb, filter))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
