import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import { escapeLike, lowerEquals, toBool } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';
import { categoriesDb, type CategoriesDatabase } from './categories.schema.ts';
import type { TreeFields, TreeNodeInput } from './categories.tree.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

type CategoryExpressions = ExpressionBuilder<CategoriesDatabase, 'categories'>;

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

const categoryColumns = [
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

function toCategoryRow(row: RawCategory): CategoryRow {
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
  const row = await categoriesDb(db)
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
  const row = await categoriesDb(db)
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
  const rows = await categoriesDb(db)
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
  return categoriesDb(db)
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

function scopeCondition(eb: CategoryExpressions, scope: CategoryScope): Expression<SqlBool> {
  if (scope.all) return sql<SqlBool>`1 = 1`;
  if (scope.permissionCategoryIDs.length === 0) return sql<SqlBool>`1 = 0`;
  return eb('categories.permissionCategoryID', 'in', scope.permissionCategoryIDs);
}

function rangeConditions(eb: CategoryExpressions, range: RangeFilter): Expression<SqlBool>[] {
  if (range.kind === 'values') {
    return range.values.length === 0
      ? [sql<SqlBool>`1 = 0`]
      : [eb('categories.categoryID', 'in', range.values)];
  }
  const conditions: Expression<SqlBool>[] = [];
  if (range.min)
    conditions.push(eb('categories.categoryID', range.min.inclusive ? '>=' : '>', range.min.value));
  if (range.max)
    conditions.push(eb('categories.categoryID', range.max.inclusive ? '<=' : '<', range.max.value));
  return conditions;
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
  if (filter.categoryIDs) conditions.push(...rangeConditions(eb, filter.categoryIDs));
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
  let query = categoriesDb(db)
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
  const rows = await categoriesDb(db)
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
  const row = await categoriesDb(db)
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterConditions(eb, filter))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many categories exist at all. */
export async function countAllCategories(db: Executor): Promise<number> {
  const row = await categoriesDb(db)
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The highest sort among a parent's children (null: top level); -1 when it has none. */
export async function findMaxChildSort(
  db: Executor,
  parentCategoryID: number | null,
): Promise<number> {
  const row = await categoriesDb(db)
    .selectFrom('categories')
    .select((eb) => eb.fn.max('categories.sort').as('sort'))
    .where((eb) =>
      parentCategoryID === null
        ? eb('categories.parentCategoryID', 'is', null)
        : eb('categories.parentCategoryID', '=', parentCategoryID),
    )
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? -1 : Number(row.sort);
}

/** Values of a new category; the tree fields are set right after (they need its ID). */
export interface NewCategory {
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean;
  isArchived: boolean;
  featured: boolean;
  sort: number;
  depth: number;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  pointsCategoryID: number | null;
  insertUserID: number | null;
  dateInserted: string;
}

/** Inserts a category and returns its ID. */
export async function insertCategory(db: Executor, category: NewCategory): Promise<number> {
  const row = await categoriesDb(db)
    .insertInto('categories')
    .values({ ...category, treePath: '' })
    .returning('categoryID')
    .executeTakeFirstOrThrow();
  return row.categoryID;
}

/** Column changes of a category; absent keys stay. */
export type CategoryChanges = Partial<{
  parentCategoryID: number | null;
  name: string;
  urlcode: string;
  description: string;
  displayAs: string;
  customPermissions: boolean;
  permissionCategoryID: number;
  isArchived: boolean;
  featured: boolean;
  sort: number;
  treePath: string;
  iconUrl: string | null;
  bannerUrl: string | null;
  allowedDiscussionTypes: string | null;
  pointsCategoryID: number | null;
  updateUserID: number | null;
  dateUpdated: string;
}>;

/** Applies column changes to a category. */
export async function updateCategory(
  db: Executor,
  categoryID: number,
  changes: CategoryChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await categoriesDb(db)
    .updateTable('categories')
    .set(changes)
    .where('categoryID', '=', categoryID)
    .execute();
}

/**
 * Moves a subtree in the tree: every path starting with `oldPath` gets `newPath` instead, and
 * every depth changes by `depthDelta` (the subtree's root included).
 */
export async function rewriteSubtreePaths(
  db: Executor,
  oldPath: string,
  newPath: string,
  depthDelta: number,
): Promise<void> {
  await categoriesDb(db)
    .updateTable('categories')
    .set({
      treePath: sql<string>`cast(${newPath} as text) || substr(${sql.ref('treePath')}, cast(${oldPath.length + 1} as integer))`,
      depth: sql<number>`${sql.ref('depth')} + cast(${depthDelta} as integer)`,
    })
    .where('treePath', 'like', `${oldPath}%`)
    .execute();
}

/** A subtree's categories in tree order (its root first), with what permission inheritance needs. */
export async function findSubtreeNodes(
  db: Executor,
  treePath: string,
): Promise<
  {
    categoryID: number;
    parentCategoryID: number | null;
    customPermissions: boolean;
    permissionCategoryID: number;
  }[]
> {
  const rows = await categoriesDb(db)
    .selectFrom('categories')
    .select(['categoryID', 'parentCategoryID', 'customPermissions', 'permissionCategoryID'])
    .where('treePath', 'like', `${treePath}%`)
    .orderBy('treePath')
    .execute();
  return rows.map((row) => ({ ...row, customPermissions: toBool(row.customPermissions) }));
}

/** Sets the permission category of several categories. */
export async function setPermissionCategoryID(
  db: Executor,
  categoryIDs: readonly number[],
  permissionCategoryID: number,
): Promise<void> {
  if (categoryIDs.length === 0) return;
  await categoriesDb(db)
    .updateTable('categories')
    .set({ permissionCategoryID })
    .where('categoryID', 'in', [...categoryIDs])
    .execute();
}

/** Changes a category's count of child categories. */
export async function adjustChildCount(
  db: Executor,
  categoryID: number,
  delta: number,
): Promise<void> {
  await categoriesDb(db)
    .updateTable('categories')
    .set({
      countCategories: sql<number>`${sql.ref('countCategories')} + cast(${delta} as integer)`,
    })
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Changes the own counts of one category (content moved in or out). */
export async function adjustOwnCounts(
  db: Executor,
  categoryID: number,
  discussions: number,
  comments: number,
): Promise<void> {
  if (discussions === 0 && comments === 0) return;
  await categoriesDb(db)
    .updateTable('categories')
    .set({
      countDiscussions: sql<number>`${sql.ref('countDiscussions')} + cast(${discussions} as integer)`,
      countComments: sql<number>`${sql.ref('countComments')} + cast(${comments} as integer)`,
    })
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Changes the including-descendants counts of several categories (ancestors of moved content). */
export async function adjustAllCounts(
  db: Executor,
  categoryIDs: readonly number[],
  discussions: number,
  comments: number,
): Promise<void> {
  if (categoryIDs.length === 0 || (discussions === 0 && comments === 0)) return;
  await categoriesDb(db)
    .updateTable('categories')
    .set({
      countAllDiscussions: sql<number>`${sql.ref('countAllDiscussions')} + cast(${discussions} as integer)`,
      countAllComments: sql<number>`${sql.ref('countAllComments')} + cast(${comments} as integer)`,
    })
    .where('categoryID', 'in', [...categoryIDs])
    .execute();
}

/**
 * Recounts a category's followers from the follow rows (index on categoryID, followed), so that
 * concurrent follows cannot make the counter drift.
 */
export async function refreshFollowerCount(db: Executor, categoryID: number): Promise<void> {
  await categoriesDb(db)
    .updateTable('categories')
    .set((eb) => ({
      countFollowers: eb
        .selectFrom('userCategories')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('userCategories.categoryID', '=', categoryID)
        .where('userCategories.followed', '=', true),
    }))
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Whether a category has child categories. */
export async function hasChildCategories(db: Executor, categoryID: number): Promise<boolean> {
  const row = await categoriesDb(db)
    .selectFrom('categories')
    .select('categoryID')
    .where('parentCategoryID', '=', categoryID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a category with its follow rows and its own permission rows. */
export async function deleteCategoryRow(db: Executor, categoryID: number): Promise<void> {
  const cdb = categoriesDb(db);
  await cdb.deleteFrom('userCategories').where('categoryID', '=', categoryID).execute();
  await deleteCategoryPermissions(db, categoryID);
  await cdb.deleteFrom('categories').where('categoryID', '=', categoryID).execute();
}

/**
 * Gives a category its own permission rows: a copy of every role's default category rows
 * (resourceID 0), as Vanilla does when custom permissions are turned on.
 */
export async function copyDefaultCategoryPermissions(
  db: Executor,
  categoryID: number,
): Promise<void> {
  await deleteCategoryPermissions(db, categoryID);
  await db
    .insertInto('rolePermissions')
    .columns(['roleID', 'resourceType', 'resourceID', 'permission', 'granted'])
    .expression((eb) =>
      eb
        .selectFrom('rolePermissions')
        .select([
          'rolePermissions.roleID',
          sql.lit('category').as('resourceType'),
          sql.lit(categoryID).as('resourceID'),
          'rolePermissions.permission',
          'rolePermissions.granted',
        ])
        .where('rolePermissions.resourceType', '=', 'category')
        .where('rolePermissions.resourceID', '=', 0),
    )
    .execute();
}

/** Removes a category's own permission rows (custom permissions turned off, or deleted). */
export async function deleteCategoryPermissions(db: Executor, categoryID: number): Promise<void> {
  await db
    .deleteFrom('rolePermissions')
    .where('resourceType', '=', 'category')
    .where('resourceID', '=', categoryID)
    .execute();
}

/** A category's own granted permission rows, by role. */
export async function findCategoryPermissionRows(
  db: Executor,
  categoryID: number,
): Promise<{ roleID: number; permission: string }[]> {
  const rows = await db
    .selectFrom('rolePermissions')
    .select(['roleID', 'permission', 'granted'])
    .where('resourceType', '=', 'category')
    .where('resourceID', '=', categoryID)
    .execute();
  return rows
    .filter((row) => toBool(row.granted))
    .map(({ roleID, permission }) => ({ roleID, permission }));
}

/** Every role ID, in display order. */
export async function findAllRoleIDs(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('roles')
    .select('roleID')
    .orderBy('sort')
    .orderBy('roleID')
    .execute();
  return rows.map((row) => row.roleID);
}

/** Whether a user exists and is not deleted. */
export async function userExists(db: Executor, userID: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select(['userID', 'deleted'])
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row !== undefined && !toBool(row.deleted);
}

/** Whether any category lacks its tree path (inserted without the categories feature). */
export async function hasCategoriesWithoutTreePath(db: Executor): Promise<boolean> {
  const row = await categoriesDb(db)
    .selectFrom('categories')
    .select('categoryID')
    .where('treePath', '=', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every category's parent link, sort and custom-permissions flag (tree rebuild). */
export async function findAllTreeNodes(db: Executor): Promise<TreeNodeInput[]> {
  const rows = await categoriesDb(db)
    .selectFrom('categories')
    .select(['categoryID', 'parentCategoryID', 'sort', 'customPermissions'])
    .execute();
  return rows.map((row) => ({ ...row, customPermissions: toBool(row.customPermissions) }));
}

/** Writes the derived tree fields of one category. */
export async function writeTreeFields(
  db: Executor,
  categoryID: number,
  fields: TreeFields,
): Promise<void> {
  await categoriesDb(db)
    .updateTable('categories')
    .set(fields)
    .where('categoryID', '=', categoryID)
    .execute();
}

/** A user's follow state and preferences for one category (preferences decoded). */
export interface UserCategoryRow {
  userID: number;
  categoryID: number;
  followed: boolean;
  dateFollowed: string | null;
  preferences: Record<string, boolean>;
}

function decodePreferences(value: string): Record<string, boolean> {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

function toUserCategoryRow(row: {
  userID: number;
  categoryID: number;
  followed: boolean | number;
  dateFollowed: string | null;
  preferences: string;
}): UserCategoryRow {
  return {
    ...row,
    followed: toBool(row.followed),
    preferences: decodePreferences(row.preferences),
  };
}

/** A user's rows for several categories (one query for a whole list). */
export async function findUserCategories(
  db: Executor,
  userID: number,
  categoryIDs: readonly number[],
): Promise<UserCategoryRow[]> {
  if (categoryIDs.length === 0 || userID <= 0) return [];
  const rows = await categoriesDb(db)
    .selectFrom('userCategories')
    .select(['userID', 'categoryID', 'followed', 'dateFollowed', 'preferences'])
    .where('userID', '=', userID)
    .where('categoryID', 'in', [...new Set(categoryIDs)])
    .execute();
  return rows.map(toUserCategoryRow);
}

/** Inserts or replaces a user's row for a category. */
export async function upsertUserCategory(db: Executor, row: UserCategoryRow): Promise<void> {
  const values = {
    userID: row.userID,
    categoryID: row.categoryID,
    followed: row.followed,
    dateFollowed: row.dateFollowed,
    preferences: JSON.stringify(row.preferences),
  };
  await categoriesDb(db)
    .insertInto('userCategories')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['userID', 'categoryID']).doUpdateSet({
        followed: values.followed,
        dateFollowed: values.dateFollowed,
        preferences: values.preferences,
      }),
    )
    .execute();
}

/** The categories a user follows that are in a scope, in tree order, with the user's row. */
export async function findFollowedCategories(
  db: Executor,
  userID: number,
  scope: CategoryScope,
): Promise<{ category: CategoryRow; userCategory: UserCategoryRow }[]> {
  const rows = await categoriesDb(db)
    .selectFrom('categories')
    .innerJoin('userCategories', 'userCategories.categoryID', 'categories.categoryID')
    .select([
      ...categoryColumns,
      'userCategories.userID',
      'userCategories.followed',
      'userCategories.dateFollowed',
      'userCategories.preferences',
    ])
    .where('userCategories.userID', '=', userID)
    .where('userCategories.followed', '=', true)
    .where((eb) => scopeCondition(eb, scope))
    .orderBy('categories.treePath')
    .execute();
  return rows.map(({ userID: rowUserID, followed, dateFollowed, preferences, ...category }) => ({
    category: toCategoryRow(category),
    userCategory: toUserCategoryRow({
      userID: rowUserID,
      categoryID: category.categoryID,
      followed,
      dateFollowed,
      preferences,
    }),
  }));
}

/** Whether an error is a unique-index violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  // PostgreSQL: SQLSTATE 23505; SQLite: SQLITE_CONSTRAINT_UNIQUE (2067).
  return code === '23505' || errcode === 2067 || error.message.includes('UNIQUE constraint failed');
}
