import type { RequestContext } from '../../http/context.ts';
import { viewableScope } from '../categories/categories.policy.ts';
import { findCategoryIDsByPermissionCategory } from './discussions.scope.repo.ts';
import { countBookmarked, countUnreadSinceViewed } from './user-discussions.repo.ts';

/** The categories whose discussions the viewer can see (undefined: every one). */
export async function viewableCategoryIDs(ctx: RequestContext): Promise<number[] | undefined> {
  const scope = viewableScope(ctx.permissions);
  return scope.all ? undefined : await findCategoryIDsByPermissionCategory(ctx.db, scope.permissionCategoryIDs);
}

/** The me-counts `Bookmarks` (api-contract §3): the viewer's bookmarks in categories they can view. */
export async function countBookmarksOf(ctx: RequestContext): Promise<number> {
  if (ctx.actor.userID === 0) return 0;
  return countBookmarked(ctx.db, ctx.actor.userID, await viewableCategoryIDs(ctx));
}

/**
 * The me-counts `UnreadDiscussions` (api-contract §3): discussions the viewer has read before that
 * have new comments since, in categories they can still view, muted ones left out.
 */
export async function countUnreadDiscussionsOf(ctx: RequestContext): Promise<number> {
  if (ctx.actor.userID === 0) return 0;
  return countUnreadSinceViewed(ctx.db, ctx.actor.userID, await viewableCategoryIDs(ctx));
}
