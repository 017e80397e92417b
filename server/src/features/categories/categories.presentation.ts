import type { Breadcrumb } from '../../../../common/src/api/categories.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { getSettings } from '../config/config.service.ts';
import { findLastPosts } from '../discussions/discussions.category-content.ts';
import { canViewCategory, categoryPermissionsOf } from './categories.policy.ts';
import { buildBreadcrumbs, type CategoryPresentation } from './categories.present.ts';
import { findCategoryLabels, type CategoryRow } from './categories.repo.ts';
import { ancestorIDs } from './categories.tree.ts';
import { viewerTotalsOf, withViewerTotals } from './categories.visibility.ts';
import { findUserCategories, type UserCategoryRow } from './user-categories.repo.ts';

// What presenting categories needs beyond their rows: labels of ancestors and parents, the viewer's
// follow rows and preferences, permissions and last posts, loaded once for a whole list.

/** Which expansions a categories call asked for (`breadcrumbs` are always on for GET and lists). */
export interface CategoryExpand {
  lastPost: boolean;
  preferences: boolean;
  permissions: boolean;
}

/** Reads the expansions of a parsed `expand` set (`all` names every one). */
export function toCategoryExpand(expand: ReadonlySet<string>): CategoryExpand {
  return readExpand(expand, ['lastPost', 'preferences', 'permissions']);
}

/** Loads what presenting `categories` for the viewer needs (one batch per kind). */
export async function presentationFor(
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
    lastPosts: options.expand.lastPost
      ? await findLastPosts(ctx.db, categories, ctx.config.baseUrl)
      : undefined,
  };
}

/**
 * The rows with the totals the viewer may see (issue 11: a hidden subcategory's counts are not in
 * its parents' totals, nor in their child counts; categories.visibility.ts).
 */
export async function asViewerSees(
  ctx: RequestContext,
  rows: readonly CategoryRow[],
): Promise<CategoryRow[]> {
  return withViewerTotals(rows, await viewerTotalsOf(ctx, rows));
}

/**
 * Each category's breadcrumbs (`expand=breadcrumbs` of the posts in it), with one batch of
 * ancestor labels; a hidden ancestor's name is left out (issue 11).
 */
export async function loadBreadcrumbs(
  ctx: RequestContext,
  categories: Iterable<CategoryRow>,
): Promise<Map<number, Breadcrumb[]>> {
  const rows = [...categories];
  const labelIDs = new Set<number>();
  for (const category of rows) for (const id of ancestorIDs(category.treePath)) labelIDs.add(id);
  const labels = new Map(
    (await findCategoryLabels(ctx.db, [...labelIDs]))
      .filter((label) => canViewCategory(ctx.permissions, label))
      .map((label) => [label.categoryID, label]),
  );
  const result = new Map<number, Breadcrumb[]>();
  for (const category of rows)
    result.set(category.categoryID, buildBreadcrumbs(ctx.config.baseUrl, category, labels));
  return result;
}
