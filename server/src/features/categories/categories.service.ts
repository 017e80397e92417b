import {
  discussionTypes,
  type Category,
  type CategoryEdit,
  type CategoryListQuery,
  type CategoryRef,
  type CategoryRolePermissions,
  type CategorySearchQuery,
  type CategoryTreeNode,
  type CreateCategoryBody,
  type PatchCategoryBody,
} from '../../../../common/src/api/categories.ts';
import {
  isStoredPermissionName,
  permissionDefinitions,
} from '../../../../common/src/permissions/names.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { DEFAULT_PERMISSION_CATEGORY_ID } from '../../permissions/build-permission-set.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  AppError,
  fieldError,
  notFound,
  validationError,
  type FieldError,
} from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { writeRolePermissions } from '../roles/roles.repo.ts';
import { deleteCategoryContent, findLastPosts, moveCategoryContent } from './categories.content.ts';
import {
  canManageCategories,
  canManagePreferencesOf,
  canViewCategory,
  categoryPermissionsOf,
  postableScope,
  viewableScope,
} from './categories.policy.ts';
import {
  presentCategory,
  presentCategoryEdit,
  presentCategoryRolePermissions,
  presentCategoryTree,
  type CategoryPresentation,
} from './categories.present.ts';
import {
  adjustAllCounts,
  adjustChildCount,
  adjustOwnCounts,
  copyDefaultCategoryPermissions,
  countAllCategories,
  countCategories,
  deleteCategoryPermissions,
  deleteCategoryRow,
  encodeDiscussionTypes,
  findAllRoleIDs,
  findAllTreeNodes,
  findCategories,
  findCategoriesByName,
  findCategoryPostTypes,
  findCategoryByID,
  findCategoryByUrlcode,
  findCategoryLabels,
  findCategoryPermissionRows,
  findMaxChildSort,
  findSubtreeNodes,
  findUserCategories,
  hasCategoriesWithoutTreePath,
  hasChildCategories,
  insertCategory,
  isUniqueViolation,
  rewriteSubtreePaths,
  setPermissionCategoryID,
  updateCategory,
  userExists,
  writeTreeFields,
  type CategoryChanges,
  type CategoryFilter,
  type CategoryOrder,
  type CategoryRow,
  type UserCategoryRow,
} from './categories.repo.ts';
import { viewerTotalsOf, withViewerTotals } from './categories.visibility.ts';
import {
  ancestorIDs,
  computeTreeFields,
  pathCategoryIDs,
  pathSegment,
  subtreePermissionCategoryIDs,
} from './categories.tree.ts';

/** Which expansions a categories call asked for (`breadcrumbs` are always on for GET and lists). */
export interface CategoryExpand {
  lastPost: boolean;
  preferences: boolean;
  permissions: boolean;
}

/** A `GET /categories` answer: a tree, or a flat page with its numbered pager. */
export type CategoryListResult =
  | { format: 'tree'; categories: CategoryTreeNode[] }
  | { format: 'flat'; categories: Category[]; page: number; limit: number; total: number };

/** A `GET /categories/search` page (a "more" pager). */
export interface CategorySearchResult {
  categories: Category[];
  page: number;
  limit: number;
}

const URLCODE_IN_USE = 'The specified url code is already in use by another category.';
const PERMISSIONS_NEED_CUSTOM =
  'permissions can only be set on a category with custom permissions.';
const DEFAULT_TREE_DEPTH = 2;
const DEFAULT_LIST_LIMIT = 30;

/** Reads the expansions of a parsed `expand` set (`all` names every one). */
export function toCategoryExpand(expand: ReadonlySet<string>): CategoryExpand {
  const all = expand.has('all');
  return {
    lastPost: all || expand.has('lastPost'),
    preferences: all || expand.has('preferences'),
    permissions: all || expand.has('permissions'),
  };
}

/**
 * Recomputes every category's tree path, depth, permission category and child count from the
 * parent links. Runs when a category was inserted without the categories feature (setup, tests).
 */
export async function rebuildCategoryTree(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const fields = computeTreeFields(await findAllTreeNodes(trx));
    for (const [categoryID, values] of fields) await writeTreeFields(trx, categoryID, values);
    await bumpPermissionsVersion(trx);
  });
}

/** Repairs the tree first when a category was inserted without its tree fields. */
export async function ensureCategoryTree(db: Db): Promise<void> {
  if (await hasCategoriesWithoutTreePath(db)) await rebuildCategoryTree(db);
}

/**
 * A category by ID or smart ID (`$urlcode:`, `$name:`; api-contract §1.3).
 * @throws AppError 404 "Category not found." / "Smart ID not found.", 409 for an ambiguous `$name:`.
 */
export async function resolveCategory(db: Db, ref: CategoryRef): Promise<CategoryRow> {
  if (typeof ref === 'number') {
    const category = await findCategoryByID(db, ref);
    if (!category) throw notFound('Category');
    return category;
  }
  if (ref.startsWith('$urlcode:')) {
    const category = await findCategoryByUrlcode(db, ref.slice('$urlcode:'.length));
    if (!category) throw notFound('Smart ID');
    return category;
  }
  const matches = await findCategoriesByName(db, ref.slice('$name:'.length), 2);
  const [first] = matches;
  if (!first) throw notFound('Smart ID');
  if (matches.length > 1) throw new AppError(409, 'More than one category matches the smart ID.');
  return first;
}

async function presentationFor(
  ctx: RequestContext,
  categories: readonly CategoryRow[],
  options: {
    expand: CategoryExpand;
    breadcrumbs: boolean;
    parent?: boolean;
    preferencesUserID?: number;
  },
): Promise<CategoryPresentation> {
  const ids = new Set(categories.map((category) => category.categoryID));
  const labelIDs = new Set<number>();
  for (const category of categories) {
    if (options.breadcrumbs) for (const id of ancestorIDs(category.treePath)) labelIDs.add(id);
    if (options.parent && category.parentCategoryID !== null)
      labelIDs.add(category.parentCategoryID);
  }
  const labels = new Map<number, { name: string; urlcode: string }>();
  for (const category of categories)
    labels.set(category.categoryID, { name: category.name, urlcode: category.urlcode });
  const missing = [...labelIDs].filter((id) => !ids.has(id));
  // A hidden ancestor's name is left out of breadcrumbs and `parent` (issue 11).
  for (const label of await findCategoryLabels(ctx.db, missing))
    if (canViewCategory(ctx.permissions, label)) labels.set(label.categoryID, label);

  const categoryIDs = [...ids];
  const viewerRows = await findUserCategories(ctx.db, ctx.actor.userID, categoryIDs);
  const byCategory = (rows: readonly UserCategoryRow[]) =>
    new Map(rows.map((row) => [row.categoryID, row]));
  const preferencesUserID = options.preferencesUserID ?? ctx.actor.userID;
  const preferenceRows = options.expand.preferences
    ? preferencesUserID === ctx.actor.userID
      ? byCategory(viewerRows)
      : byCategory(await findUserCategories(ctx.db, preferencesUserID, categoryIDs))
    : undefined;
  const settings = await getSettings(ctx.db);
  return {
    baseUrl: ctx.config.baseUrl,
    labels,
    viewerRows: byCategory(viewerRows),
    digestEnabled: settings['emails.digest'],
    breadcrumbs: options.breadcrumbs,
    parent: options.parent ?? false,
    preferenceRows,
    permissionsOf: options.expand.permissions
      ? (category) => categoryPermissionsOf(ctx.permissions, category)
      : undefined,
    lastPosts: options.expand.lastPost ? await findLastPosts(ctx.db, categories, ctx.config.baseUrl) : undefined,
  };
}

/**
 * The rows with the totals the viewer may see (issue 11: a hidden subcategory's counts are not in
 * its parents' totals, nor in their child counts; categories.visibility.ts).
 */
async function asViewerSees(
  ctx: RequestContext,
  rows: readonly CategoryRow[],
): Promise<CategoryRow[]> {
  return withViewerTotals(rows, await viewerTotalsOf(ctx, rows));
}

/** The display filter implied by a layout view type (api-contract §7), or null for none. */
function layoutDisplayFilter(
  layoutViewType: string | undefined,
): Pick<CategoryFilter, 'displayAs' | 'excludeDisplayAs'> | null {
  switch (layoutViewType ?? '') {
    case 'categoryList':
      return { excludeDisplayAs: ['heading'] };
    case 'nestedCategoryList':
      return { displayAs: ['categories', 'flat'] };
    case 'discussionCategoryPage':
      return { displayAs: ['discussions'] };
    default:
      return null;
  }
}

async function findListParent(
  ctx: RequestContext,
  query: CategoryListQuery,
): Promise<CategoryRow | null> {
  if (query.parentCategoryCode !== undefined) {
    const parent = await findCategoryByUrlcode(ctx.db, query.parentCategoryCode);
    if (!parent) throw notFound('Category');
    return parent;
  }
  if (
    query.parentCategoryID !== undefined &&
    query.parentCategoryID !== DEFAULT_PERMISSION_CATEGORY_ID
  ) {
    const parent = await findCategoryByID(ctx.db, query.parentCategoryID);
    if (!parent) throw notFound('Category');
    return parent;
  }
  return null;
}

/**
 * `GET /categories` (api-contract §7): the categories the viewer may view, as a tree (nested
 * `children` down to `maxDepth`) or a flat numbered page. Visibility is filtered in SQL.
 * @throws AppError 404 for an unknown parent or followed user; 403 for another user's follows
 * without `users.edit`.
 */
export async function listCategories(
  ctx: RequestContext,
  query: CategoryListQuery,
): Promise<CategoryListResult> {
  await ensureCategoryTree(ctx.db);
  const parent = await findListParent(ctx, query);
  const layoutFilter = layoutDisplayFilter(query.layoutViewType);

  // api-contract §7: outputFormat wins; a layout view type, a flat parent or any paging-like key means flat.
  const flatKeys = [
    query.categoryID,
    query.dirtyRecords,
    query.page,
    query.limit,
    query.followed,
    query.featured,
  ];
  const format: 'tree' | 'flat' = layoutFilter
    ? 'flat'
    : (query.outputFormat ??
      (parent?.displayAs === 'flat' || flatKeys.some((value) => value !== undefined)
        ? 'flat'
        : 'tree'));

  let followedBy: number | undefined;
  if (query.followedUserID !== undefined && query.followedUserID !== ctx.actor.userID) {
    authorize(canManagePreferencesOf(ctx.permissions, ctx.actor.userID, query.followedUserID), {
      permissions: 'users.edit',
    });
    if (!(await userExists(ctx.db, query.followedUserID))) throw notFound('User');
    followedBy = query.followedUserID;
  } else if (query.followedUserID !== undefined || query.followed === true) {
    followedBy = ctx.actor.userID;
  }

  const parentDepth = parent?.depth ?? 0;
  const maxDepth = format === 'tree' ? (query.maxDepth ?? DEFAULT_TREE_DEPTH) : query.maxDepth;
  const filter: CategoryFilter = {
    viewScope: viewableScope(ctx.permissions),
    ...(query.filterDiscussionsAdd === true
      ? {
          addScope: postableScope(ctx.permissions),
          isArchived: false,
          excludeDisplayAs: ['heading'],
        }
      : {}),
    subtreeOf: parent
      ? {
          categoryID: parent.categoryID,
          treePath: parent.treePath,
          includeSelf: query.includeParentCategory === true,
        }
      : undefined,
    maxDepth: maxDepth === undefined ? undefined : parentDepth + maxDepth,
    categoryIDs: query.categoryID,
    featured: query.featured === true ? true : undefined,
    followedBy,
    ...(layoutFilter ?? {}),
  };
  // Vanilla leaves archived categories in a followed list; elsewhere `archived` filters them.
  const archivedFilter = followedBy === undefined ? query.archived : undefined;
  const expand = toCategoryExpand(query.expand);
  const preferencesUserID = followedBy ?? ctx.actor.userID;

  if (format === 'tree') {
    const rows = await asViewerSees(ctx, await findCategories(ctx.db, filter, { order: 'tree' }));
    const presentation = await presentationFor(ctx, rows, {
      expand,
      breadcrumbs: true,
      preferencesUserID,
    });
    // Vanilla prunes archived categories with their whole subtree in a tree.
    const keep = (row: CategoryRow) =>
      archivedFilter === undefined || row.isArchived === archivedFilter;
    return { format, categories: presentCategoryTree(rows, presentation, keep) };
  }

  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const flatFilter: CategoryFilter = { ...filter, isArchived: filter.isArchived ?? archivedFilter };
  const order: CategoryOrder = query.sort ?? 'tree';
  const [storedRows, total] = await Promise.all([
    findCategories(ctx.db, flatFilter, {
      order,
      limit,
      offset: (page - 1) * limit,
      followerUserID: preferencesUserID,
    }),
    countCategories(ctx.db, flatFilter),
  ]);
  const rows = await asViewerSees(ctx, storedRows);
  const presentation = await presentationFor(ctx, rows, {
    expand,
    breadcrumbs: true,
    preferencesUserID,
  });
  return {
    format,
    categories: rows.map((row) => presentCategory(row, presentation)),
    page,
    limit,
    total,
  };
}

/** A category the viewer may start a discussion in, with the post types it allows. */
export interface PostableCategory {
  categoryID: number;
  allowedDiscussionTypes: string[];
}

/**
 * The categories `GET /categories?filterDiscussionsAdd=true&outputFormat=flat&limit={limit}`
 * answers (the first `limit` in tree order), with only what the new post menu needs: no records
 * are presented (at most a few hundred of them on every page a member opens).
 */
export async function listPostableCategories(
  ctx: RequestContext,
  limit: number,
): Promise<PostableCategory[]> {
  await ensureCategoryTree(ctx.db);
  const rows = await findCategoryPostTypes(
    ctx.db,
    {
      viewScope: viewableScope(ctx.permissions),
      addScope: postableScope(ctx.permissions),
      isArchived: false,
      excludeDisplayAs: ['heading'],
    },
    limit,
  );
  return rows.map((row) => ({
    categoryID: row.categoryID,
    allowedDiscussionTypes: row.allowedDiscussionTypes ?? [...discussionTypes],
  }));
}

/**
 * `GET /categories/{id}` (api-contract §7): one category with its breadcrumbs.
 * @throws AppError 404 when it does not exist, 403 without `discussions.view` on it.
 */
export async function getCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  expand: CategoryExpand,
): Promise<Category> {
  await ensureCategoryTree(ctx.db);
  const stored = await resolveCategory(ctx.db, ref);
  authorize(canViewCategory(ctx.permissions, stored), { permissions: 'discussions.view' });
  const [category] = await asViewerSees(ctx, [stored]);
  return presentCategory(
    category ?? stored,
    await presentationFor(ctx, [category ?? stored], { expand, breadcrumbs: true }),
  );
}

/**
 * `GET /categories/search` (api-contract §7): visible categories whose name contains `query`
 * (empty: all), optionally within a parent's subtree; "more" pager.
 * @throws AppError 404 for an unknown parent.
 */
export async function searchCategories(
  ctx: RequestContext,
  query: CategorySearchQuery,
): Promise<CategorySearchResult> {
  await ensureCategoryTree(ctx.db);
  let parent: CategoryRow | null = null;
  if (
    query.parentCategoryID !== undefined &&
    query.parentCategoryID !== DEFAULT_PERMISSION_CATEGORY_ID
  ) {
    parent = (await findCategoryByID(ctx.db, query.parentCategoryID)) ?? null;
    if (!parent) throw notFound('Category');
  }
  const layoutFilter = layoutDisplayFilter(query.layoutViewType);
  const filter: CategoryFilter = {
    viewScope: viewableScope(ctx.permissions),
    ...(layoutFilter ?? {}),
    ...(query.displayAs
      ? {
          displayAs: query.displayAs.filter(
            (value) => !layoutFilter?.displayAs || layoutFilter.displayAs.includes(value),
          ),
        }
      : {}),
    ...(query.filterDiscussionsAdd === true
      ? {
          addScope: postableScope(ctx.permissions),
          isArchived: false,
          excludeDisplayAs: ['heading'],
        }
      : {}),
    subtreeOf: parent
      ? { categoryID: parent.categoryID, treePath: parent.treePath, includeSelf: false }
      : undefined,
    nameContains: query.query.trim(),
  };
  const rows = await asViewerSees(
    ctx,
    await findCategories(ctx.db, filter, {
      order: 'name',
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
  );
  const all = query.expand.has('all');
  const presentation = await presentationFor(ctx, rows, {
    expand: { lastPost: false, preferences: false, permissions: false },
    breadcrumbs: all || query.expand.has('breadcrumbs'),
    parent: all || query.expand.has('parent'),
  });
  return {
    categories: rows.map((row) => presentCategory(row, presentation)),
    page: query.page,
    limit: query.limit,
  };
}

function requireSiteManage(ctx: RequestContext): void {
  authorize(canManageCategories(ctx.permissions), { permissions: 'site.manage' });
}

/**
 * The parent a category is created under or moved to; null for the top level (-1 or null).
 * @throws AppError 400 with the messages of api-contract §7.
 */
async function resolveNewParent(
  db: Db,
  parentCategoryID: number | null,
  moving: CategoryRow | null,
): Promise<CategoryRow | null> {
  if (parentCategoryID === null || parentCategoryID === DEFAULT_PERMISSION_CATEGORY_ID) return null;
  if (moving && parentCategoryID === moving.categoryID)
    throw new AppError(400, 'A category cannot be the parent of itself.');
  if (parentCategoryID < 1)
    throw new AppError(400, 'parentCategoryID must be -1 or greater than zero.');
  const parent = await findCategoryByID(db, parentCategoryID);
  if (!parent) throw new AppError(400, 'The new parent category could not be found.');
  if (moving && parent.treePath.startsWith(moving.treePath)) {
    throw new AppError(400, 'Cannot move a category under one of its own children.');
  }
  return parent;
}

async function assertUrlcodeFree(
  db: Db,
  urlcode: string,
  exceptCategoryID: number | null,
): Promise<void> {
  const existing = await findCategoryByUrlcode(db, urlcode);
  if (existing && existing.categoryID !== exceptCategoryID)
    throw fieldError('urlcode', URLCODE_IN_USE, 400);
}

interface RoleCategoryWrites {
  roleID: number;
  grants: { permission: string; granted: boolean }[];
}

/**
 * Validates `permissions` entries: known roles; names other than stored category-scoped ones are
 * dropped (unknown body fields are dropped, api-contract §1.1).
 * @throws AppError 422 naming the entry whose role does not exist.
 */
async function toRoleCategoryWrites(
  db: Db,
  entries: readonly CategoryRolePermissions[],
): Promise<RoleCategoryWrites[]> {
  const roleIDs = new Set(await findAllRoleIDs(db));
  const errors: FieldError[] = [];
  const writes: RoleCategoryWrites[] = [];
  entries.forEach((entry, index) => {
    if (!roleIDs.has(entry.roleID)) {
      errors.push({
        field: `permissions.${String(index)}.roleID`,
        code: 'invalid',
        message: 'Role not found.',
        status: 422,
      });
      return;
    }
    const grants = Object.entries(entry.permissions)
      .filter(
        ([name]) =>
          isStoredPermissionName(name) && permissionDefinitions[name].scope === 'category',
      )
      .map(([permission, granted]) => ({ permission, granted }));
    writes.push({ roleID: entry.roleID, grants });
  });
  if (errors.length > 0) throw validationError(errors);
  return writes;
}

async function applyRoleCategoryWrites(
  db: Db,
  categoryID: number,
  writes: readonly RoleCategoryWrites[],
): Promise<void> {
  for (const write of writes) {
    await writeRolePermissions(
      db,
      write.roleID,
      write.grants.map((grant) => ({ resourceType: 'category', resourceID: categoryID, ...grant })),
    );
  }
}

/** Gives every category of a subtree the permission category it inherits (spec: nearest custom ancestor). */
async function recomputeSubtreePermissions(
  db: Db,
  rootPath: string,
  inherited: number,
): Promise<void> {
  const nodes = await findSubtreeNodes(db, rootPath);
  const computed = subtreePermissionCategoryIDs(nodes, inherited);
  const changes = new Map<number, number[]>();
  for (const node of nodes) {
    const value = computed.get(node.categoryID) ?? inherited;
    if (value === node.permissionCategoryID) continue;
    changes.set(value, [...(changes.get(value) ?? []), node.categoryID]);
  }
  for (const [permissionCategoryID, categoryIDs] of changes)
    await setPermissionCategoryID(db, categoryIDs, permissionCategoryID);
}

async function presentOne(ctx: RequestContext, categoryID: number): Promise<Category> {
  const category = await findCategoryByID(ctx.db, categoryID);
  if (!category) throw notFound('Category');
  const presentation = await presentationFor(ctx, [category], {
    expand: { lastPost: false, preferences: false, permissions: false },
    breadcrumbs: true,
  });
  return presentCategory(category, presentation);
}

async function withUniqueUrlcode<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    // Two writers passed the urlcode check at once: the unique index decides.
    if (isUniqueViolation(error)) throw fieldError('urlcode', URLCODE_IN_USE, 400);
    throw error;
  }
}

/**
 * `POST /categories` (`site.manage`). With `customPermissions` the category becomes a junction:
 * every role's default category rows are copied to it, then `permissions` entries apply.
 * @throws AppError 403; 400 for a bad parent or a taken urlcode; 422 for invalid fields.
 */
export async function createCategory(
  ctx: RequestContext,
  input: CreateCategoryBody,
): Promise<Category> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  const customPermissions = input.customPermissions ?? false;
  if (input.permissions && !customPermissions)
    throw fieldError('permissions', PERMISSIONS_NEED_CUSTOM, 422);
  const categoryID = await withUniqueUrlcode(() =>
    ctx.db.transaction().execute(async (trx) => {
      const parent = await resolveNewParent(trx, input.parentCategoryID ?? null, null);
      await assertUrlcodeFree(trx, input.urlcode, null);
      const writes = input.permissions ? await toRoleCategoryWrites(trx, input.permissions) : [];
      const sort = input.sort ?? (await findMaxChildSort(trx, parent?.categoryID ?? null)) + 1;
      const now = nowIso();
      const id = await insertCategory(trx, {
        parentCategoryID: parent?.categoryID ?? null,
        name: input.name,
        urlcode: input.urlcode,
        description: input.description ?? '',
        displayAs: input.displayAs ?? 'discussions',
        customPermissions,
        isArchived: input.isArchived ?? false,
        featured: input.featured ?? false,
        sort,
        depth: (parent?.depth ?? 0) + 1,
        iconUrl: input.iconUrl ?? null,
        bannerUrl: input.bannerUrl ?? null,
        allowedDiscussionTypes: encodeDiscussionTypes(input.allowedDiscussionTypes ?? null),
        pointsCategoryID: input.pointsCategoryID ?? null,
        insertUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
        dateInserted: now,
      });
      const permissionCategoryID = customPermissions
        ? id
        : (parent?.permissionCategoryID ?? DEFAULT_PERMISSION_CATEGORY_ID);
      await updateCategory(trx, id, {
        treePath: `${parent?.treePath ?? ''}${pathSegment(sort, id)}`,
        permissionCategoryID,
      });
      if (parent) await adjustChildCount(trx, parent.categoryID, 1);
      if (customPermissions) {
        await copyDefaultCategoryPermissions(trx, id);
        await applyRoleCategoryWrites(trx, id, writes);
      }
      // A junction, or a category inheriting from one, changes everyone's junctions or aliases.
      if (permissionCategoryID > 0) await bumpPermissionsVersion(trx);
      return id;
    }),
  );
  return presentOne(ctx, categoryID);
}

/**
 * `PATCH /categories/{id}` (`site.manage`): changes the given fields. A new parent or sort moves the
 * subtree (paths, depths, counters); custom permissions turned on copy the default rows, turned off
 * delete the category's rows; the subtree's permission categories follow.
 * @throws AppError 403, 404; 400 for a bad parent or a taken urlcode; 422 for invalid fields.
 */
export async function patchCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  input: PatchCategoryBody,
): Promise<Category> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  const categoryID = await withUniqueUrlcode(() =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await resolveCategory(trx, ref);
      const customPermissions = input.customPermissions ?? existing.customPermissions;
      if (input.permissions && !customPermissions)
        throw fieldError('permissions', PERMISSIONS_NEED_CUSTOM, 422);
      const parent =
        input.parentCategoryID !== undefined
          ? await resolveNewParent(trx, input.parentCategoryID, existing)
          : existing.parentCategoryID === null
            ? null
            : ((await findCategoryByID(trx, existing.parentCategoryID)) ?? null);
      if (input.urlcode !== undefined)
        await assertUrlcodeFree(trx, input.urlcode, existing.categoryID);
      const writes = input.permissions ? await toRoleCategoryWrites(trx, input.permissions) : [];

      const parentChanged = (parent?.categoryID ?? null) !== existing.parentCategoryID;
      const sort =
        input.sort ??
        (parentChanged
          ? (await findMaxChildSort(trx, parent?.categoryID ?? null)) + 1
          : existing.sort);
      const changes: CategoryChanges = {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.urlcode === undefined ? {} : { urlcode: input.urlcode }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.displayAs === undefined ? {} : { displayAs: input.displayAs }),
        ...(input.featured === undefined ? {} : { featured: input.featured }),
        ...(input.isArchived === undefined ? {} : { isArchived: input.isArchived }),
        ...(input.iconUrl === undefined ? {} : { iconUrl: input.iconUrl }),
        ...(input.bannerUrl === undefined ? {} : { bannerUrl: input.bannerUrl }),
        ...(input.pointsCategoryID === undefined
          ? {}
          : { pointsCategoryID: input.pointsCategoryID }),
        ...(input.allowedDiscussionTypes === undefined
          ? {}
          : { allowedDiscussionTypes: encodeDiscussionTypes(input.allowedDiscussionTypes) }),
        ...(parentChanged ? { parentCategoryID: parent?.categoryID ?? null } : {}),
        sort,
        customPermissions,
        updateUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
        dateUpdated: nowIso(),
      };
      await updateCategory(trx, existing.categoryID, changes);

      const newPath = `${parent?.treePath ?? ''}${pathSegment(sort, existing.categoryID)}`;
      if (newPath !== existing.treePath) {
        await rewriteSubtreePaths(
          trx,
          existing.treePath,
          newPath,
          (parent?.depth ?? 0) + 1 - existing.depth,
        );
      }
      if (parentChanged) {
        if (existing.parentCategoryID !== null)
          await adjustChildCount(trx, existing.parentCategoryID, -1);
        if (parent) await adjustChildCount(trx, parent.categoryID, 1);
        // The subtree's content leaves its old ancestors and counts for its new ones.
        await adjustAllCounts(
          trx,
          ancestorIDs(existing.treePath),
          -existing.countAllDiscussions,
          -existing.countAllComments,
        );
        await adjustAllCounts(
          trx,
          pathCategoryIDs(parent?.treePath ?? ''),
          existing.countAllDiscussions,
          existing.countAllComments,
        );
      }

      const customChanged = customPermissions !== existing.customPermissions;
      if (customChanged && customPermissions)
        await copyDefaultCategoryPermissions(trx, existing.categoryID);
      if (customChanged && !customPermissions)
        await deleteCategoryPermissions(trx, existing.categoryID);
      if (customPermissions) await applyRoleCategoryWrites(trx, existing.categoryID, writes);
      if (parentChanged || customChanged) {
        await recomputeSubtreePermissions(
          trx,
          newPath,
          parent?.permissionCategoryID ?? DEFAULT_PERMISSION_CATEGORY_ID,
        );
      }
      if (parentChanged || customChanged || writes.length > 0) await bumpPermissionsVersion(trx);
      return existing.categoryID;
    }),
  );
  return presentOne(ctx, categoryID);
}

/**
 * `DELETE /categories/{id}` (`site.manage`): deletes a category without children; its content is
 * moved to `newCategoryID` when given, else deleted (see categories.content.ts).
 * @throws AppError 403, 404; 400 for the last category or a bad `newCategoryID`; 409 with children.
 */
export async function deleteCategory(
  ctx: RequestContext,
  ref: CategoryRef,
  options: { newCategoryID?: number | undefined },
): Promise<void> {
  requireSiteManage(ctx);
  await ensureCategoryTree(ctx.db);
  await ctx.db.transaction().execute(async (trx) => {
    const category = await resolveCategory(trx, ref);
    if ((await countAllCategories(trx)) <= 1)
      throw new AppError(400, 'The specified category cannot be deleted.');
    if (await hasChildCategories(trx, category.categoryID))
      throw new AppError(409, 'Cannot delete categories with children.');
    if (options.newCategoryID !== undefined) {
      if (options.newCategoryID === category.categoryID) {
        throw fieldError(
          'newCategoryID',
          'The new category cannot be the category being deleted.',
          400,
        );
      }
      const target = await findCategoryByID(trx, options.newCategoryID);
      if (!target) throw fieldError('newCategoryID', 'The new category could not be found.', 400);
      await moveCategoryContent(trx, category.categoryID, target.categoryID);
      await adjustOwnCounts(
        trx,
        target.categoryID,
        category.countDiscussions,
        category.countComments,
      );
      await adjustAllCounts(
        trx,
        pathCategoryIDs(target.treePath),
        category.countDiscussions,
        category.countComments,
      );
    } else {
      await deleteCategoryContent(trx, category.categoryID);
    }
    await adjustAllCounts(
      trx,
      ancestorIDs(category.treePath),
      -category.countDiscussions,
      -category.countComments,
    );
    if (category.parentCategoryID !== null)
      await adjustChildCount(trx, category.parentCategoryID, -1);
    await deleteCategoryRow(trx, category.categoryID);
    if (category.permissionCategoryID > 0) await bumpPermissionsVersion(trx);
  });
}

/**
 * `GET /categories/{id}/edit` (`site.manage`): the editable fields; with custom permissions, every
 * role's category permissions.
 * @throws AppError 403, 404.
 */
export async function getCategoryEdit(
  ctx: RequestContext,
  ref: CategoryRef,
): Promise<CategoryEdit> {
  requireSiteManage(ctx);
  const category = await resolveCategory(ctx.db, ref);
  if (!category.customPermissions) return presentCategoryEdit(category, null);
  const [roleIDs, rows] = await Promise.all([
    findAllRoleIDs(ctx.db),
    findCategoryPermissionRows(ctx.db, category.categoryID),
  ]);
  return presentCategoryEdit(category, presentCategoryRolePermissions(roleIDs, rows));
}
