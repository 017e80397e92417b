import {
  discussionTypes,
  type Category,
  type CategoryListQuery,
  type CategoryRef,
  type CategorySearchQuery,
  type CategoryTreeNode,
} from '../../../../common/src/api/categories.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { DEFAULT_PERMISSION_CATEGORY_ID } from '../../permissions/build-permission-set.ts';
import { notFound } from '../../platform/errors.ts';
import { isLiveUser } from '../users/users.service.ts';
import { ensureCategoryTreeFor, resolveCategory } from './categories.lookup.ts';
import {
  canManagePreferencesOf,
  canViewCategory,
  postableScope,
  viewableScope,
} from './categories.policy.ts';
import { presentCategory, presentCategoryTree } from './categories.present.ts';
import {
  asViewerSees,
  presentationFor,
  toCategoryExpand,
  type CategoryExpand,
} from './categories.presentation.ts';
import {
  countCategories,
  findCategories,
  findCategoryByID,
  findCategoryByUrlcode,
  findCategoryPostTypes,
  type CategoryFilter,
  type CategoryOrder,
  type CategoryRow,
} from './categories.repo.ts';

// The calls that read categories: lists (tree or flat), one category, search, the new post menu.
// Writes are in categories.write.service.ts; presentation batches in categories.presentation.ts.

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

const DEFAULT_TREE_DEPTH = 2;
const DEFAULT_LIST_LIMIT = 30;

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
  await ensureCategoryTreeFor(ctx);
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
    if (!(await isLiveUser(ctx.db, query.followedUserID))) throw notFound('User');
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
  await ensureCategoryTreeFor(ctx);
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
  await ensureCategoryTreeFor(ctx);
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
  await ensureCategoryTreeFor(ctx);
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
  const expand = readExpand(query.expand, ['breadcrumbs', 'parent']);
  const presentation = await presentationFor(ctx, rows, {
    expand: { lastPost: false, preferences: false, permissions: false },
    breadcrumbs: expand.breadcrumbs,
    parent: expand.parent,
  });
  return {
    categories: rows.map((row) => presentCategory(row, presentation)),
    page: query.page,
    limit: query.limit,
  };
}
