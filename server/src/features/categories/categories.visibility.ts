import type { RequestContext } from '../../http/context.ts';
import { viewableScope } from './categories.policy.ts';
import type { CategoryRow } from './categories.repo.ts';
import { findHiddenCategories, type HiddenCategoryRow } from './categories.visibility.repo.ts';

/**
 * Issue 11: nothing about categories the viewer may not see shows, not even in the totals of the
 * categories above them. Categories store `countAll*` over their whole subtree and their child
 * count; for a viewer who cannot see part of a subtree these are worked out again by subtracting
 * the stored own counts of the hidden categories below (one query of the hidden categories, no
 * content read). A category's `lastPost` is its own newest post (discussions.counters.ts), so it
 * is never in a subcategory.
 */

/** What a viewer sees of a category's totals, where it differs from the stored row. */
export interface ViewerTotals {
  countCategories: number;
  countAllDiscussions: number;
  countAllComments: number;
}

/** Read once per request: a page asks for them from several widgets. */
const hiddenByRequest = new WeakMap<RequestContext, Promise<HiddenCategoryRow[]>>();

/** The categories the viewer may not see (none when they may see every category). */
export async function hiddenCategoriesOf(ctx: RequestContext): Promise<HiddenCategoryRow[]> {
  const scope = viewableScope(ctx.permissions);
  if (scope.all) return [];
  let hidden = hiddenByRequest.get(ctx);
  if (hidden === undefined) {
    hidden = findHiddenCategories(ctx.db, scope.permissionCategoryIDs);
    hiddenByRequest.set(ctx, hidden);
  }
  return hidden;
}

/** The IDs of the categories the viewer may not see. */
export async function hiddenCategoryIDsOf(ctx: RequestContext): Promise<number[]> {
  return (await hiddenCategoriesOf(ctx)).map((category) => category.categoryID);
}

/**
 * The viewer's totals of the given (visible) categories that have hidden categories below them,
 * by category ID; categories whose stored totals are the viewer's are absent.
 */
export async function viewerTotalsOf(
  ctx: RequestContext,
  categories: readonly CategoryRow[],
): Promise<Map<number, ViewerTotals>> {
  const result = new Map<number, ViewerTotals>();
  if (categories.length === 0) return result;
  const hidden = await hiddenCategoriesOf(ctx);
  if (hidden.length === 0) return result;
  for (const category of categories) {
    if (category.treePath === '') continue;
    const below = hidden.filter(
      (row) => row.categoryID !== category.categoryID && row.treePath.startsWith(category.treePath),
    );
    if (below.length === 0) continue;
    result.set(category.categoryID, {
      countCategories:
        category.countCategories -
        below.filter((row) => row.parentCategoryID === category.categoryID).length,
      countAllDiscussions:
        category.countAllDiscussions - below.reduce((sum, row) => sum + row.countDiscussions, 0),
      countAllComments:
        category.countAllComments - below.reduce((sum, row) => sum + row.countComments, 0),
    });
  }
  return result;
}

/** The rows as the viewer sees them (for presenting their counts). */
export function withViewerTotals(
  categories: readonly CategoryRow[],
  totals: ReadonlyMap<number, ViewerTotals>,
): CategoryRow[] {
  if (totals.size === 0) return [...categories];
  return categories.map((category) => {
    const viewer = totals.get(category.categoryID);
    return viewer === undefined ? category : { ...category, ...viewer };
  });
}
