import { loadReportMeta } from '../reports/reports.meta.ts';
import type { PostFragment } from '../../../../common/src/api/categories.ts';
import {
  DEFAULT_EXCERPT_LENGTH,
  type Discussion,
  type DiscussionCategoryFragment,
} from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import { findCategoriesByIDsFor, type CategoryRow } from '../categories/categories.lookup.ts';
import { loadBreadcrumbs } from '../categories/categories.presentation.ts';
import { loadReactionSummaries } from '../reactions/reactions.service.ts';
import { loadDiscussionTags } from '../tags/tags.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import { isReportsModerator } from '../reports/reports.policy.ts';
import { canSeePending, discussionPermissionsOf, isDiscussionStaff } from './discussions.policy.ts';
import {
  lastUserIDOf,
  presentDiscussion,
  presentDiscussionLastPost,
  type DiscussionExpand,
} from './discussions.present.ts';
import { findDiscussionByID, type DiscussionRow } from './discussions.repo.ts';
import { findLastComments } from './discussions.comments.repo.ts';
import { findUserDiscussions } from './user-discussions.repo.ts';
import { actorOf, editWindowOf } from './discussions.guards.ts';

interface PresentOptions {
  expand: DiscussionExpand;
  excerptLength?: number | undefined;
}

function categoryFragmentOf(baseUrl: string, category: CategoryRow): DiscussionCategoryFragment {
  return {
    categoryID: category.categoryID,
    name: category.name,
    url: categoryUrl(baseUrl, category.urlcode),
    description: category.description,
    ...(category.allowedDiscussionTypes
      ? { allowedDiscussionTypes: category.allowedDiscussionTypes }
      : {}),
  };
}

/**
 * Presents discussions with everything they embed, batch-loaded (no N+1): users, the viewer's
 * state, tags, categories, breadcrumbs, reactions, last posts, permissions.
 */
export async function presentDiscussions(
  ctx: RequestContext,
  rows: readonly DiscussionRow[],
  options: PresentOptions,
): Promise<Discussion[]> {
  if (rows.length === 0) return [];
  const { expand } = options;
  const ids = rows.map((row) => row.discussionID);
  // Moderators see `moderationStatus` and `countReports` of the discussions they moderate.
  const moderatesSomewhere = isReportsModerator(ctx.permissions) || has(ctx.permissions, 'discussions.edit');
  const needCategories =
    expand.category || expand.breadcrumbs || expand.permissions || moderatesSomewhere;
  const lastCommentIDs = expand.lastPost
    ? rows.map((row) => row.lastCommentID).filter((id): id is number => id !== null)
    : [];
  const [viewerRows, tags, categories, reactions, lastComments, window] = await Promise.all([
    findUserDiscussions(ctx.db, ctx.actor.userID, ids),
    loadDiscussionTags(ctx.db, ids),
    needCategories
      ? findCategoriesByIDsFor(
          ctx,
          rows.map((row) => row.categoryID),
        )
      : new Map<number, CategoryRow>(),
    expand.reactions ? loadReactionSummaries(ctx, 'discussion', ids) : undefined,
    findLastComments(ctx.db, lastCommentIDs),
    editWindowOf(ctx),
  ]);
  const userIDs = new Set<number>();
  for (const row of rows) {
    if (expand.insertUser) userIDs.add(row.insertUserID);
    if (expand.lastUser) userIDs.add(lastUserIDOf(row));
    if (expand.lastPostInsertUser) userIDs.add(lastUserIDOf(row));
  }
  const users = await loadUserFragments(ctx, [...userIDs]);
  const breadcrumbs = expand.breadcrumbs
    ? await loadBreadcrumbs(ctx, categories.values())
    : new Map();
  const categoryFragments = new Map(
    [...categories.values()].map((category) => [
      category.categoryID,
      categoryFragmentOf(ctx.config.baseUrl, category),
    ]),
  );
  let lastPosts: Map<number, PostFragment> | undefined;
  if (expand.lastPost) {
    lastPosts = new Map();
    for (const row of rows) {
      const comment = row.lastCommentID === null ? undefined : lastComments.get(row.lastCommentID);
      lastPosts.set(
        row.discussionID,
        presentDiscussionLastPost(row, comment, {
          baseUrl: ctx.config.baseUrl,
          body: expand.lastPostBody,
          insertUser: expand.lastPostInsertUser ? users.get(lastUserIDOf(row)) : undefined,
        }),
      );
    }
  }
  const actor = actorOf(ctx);
  const moderates = (discussion: DiscussionRow): boolean => {
    const category = categories.get(discussion.categoryID);
    return category !== undefined && canSeePending(actor, category);
  };
  // api-contract §27.4: `reportMeta` of the discussions the viewer moderates.
  const reportMetas =
    expand.reportMeta && moderatesSomewhere
      ? await loadReportMeta(ctx, 'discussion', rows.filter(moderates).map((row) => row.discussionID))
      : undefined;
  return rows.map((row) =>
    presentDiscussion(row, {
      baseUrl: ctx.config.baseUrl,
      viewerID: ctx.actor.userID,
      expand,
      excerptLength: options.excerptLength ?? DEFAULT_EXCERPT_LENGTH,
      isStaff: isDiscussionStaff(actor),
      users,
      viewerRows,
      tags,
      categories: categoryFragments,
      breadcrumbs,
      reactions,
      lastPosts,
      permissionsOf: expand.permissions
        ? (discussion) => {
            const category = categories.get(discussion.categoryID);
            return discussionPermissionsOf(
              actor,
              discussion,
              category ?? { categoryID: discussion.categoryID, permissionCategoryID: -1 },
              window,
            );
          }
        : undefined,
      moderates: moderatesSomewhere ? moderates : undefined,
      reportMetas,
    }),
  );
}

/** One discussion by ID, presented (after a write); 404 when it is gone. */
export async function presentOne(
  ctx: RequestContext,
  discussionID: number,
  expand: DiscussionExpand,
): Promise<Discussion> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  const [discussion] = await presentDiscussions(ctx, [row], { expand });
  if (!discussion) throw notFound('Discussion', { discussionID });
  return discussion;
}
