import type {
  BookmarkedQuery,
  Discussion,
  DiscussionsQuery,
} from '../../../../common/src/api/discussions.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import { hidesActivityOf } from '../users/users.service.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { authorize } from '../../permissions/authorize.ts';
import { viewableScope } from '../categories/categories.policy.ts';
import {
  canKeepDiscussionState,
  canListOthersDiscussions,
  canViewDiscussion,
  isDiscussionStaff,
} from './discussions.policy.ts';
import { toDiscussionExpand } from './discussions.present.ts';
import {
  countDiscussions,
  findDiscussionPage,
  isCategoryOnlyFilter,
  type DiscussionFilter,
} from './discussions.list.repo.ts';
import {
  countAuthorDiscussions,
  findAuthorDiscussionIDs,
} from './discussions.author-count.repo.ts';
import { findBookmarkedPage } from './user-discussions.repo.ts';
import { viewableCategoryIDs } from './discussions.counts.ts';
import {
  findCategoryIDsOutsidePermissionCategories,
  findFollowedCategoryIDs,
  findSubtreeCategoryIDs,
} from './discussions.scope.repo.ts';
import { findDiscussionsByIDs, type DiscussionRow } from './discussions.repo.ts';
import { actorOf, requireCategory } from './discussions.guards.ts';
import { presentDiscussions } from './discussions.present-batch.ts';

const SLOT_DAYS = { d: 1, w: 7, m: 30, y: 365 } as const;

function intersect(current: number[] | undefined, next: readonly number[]): number[] {
  if (current === undefined) return [...new Set(next)];
  const keep = new Set(next);
  return current.filter((id) => keep.has(id));
}

/**
 * Where a list may look: `categoryIDs` (undefined = anywhere) minus `hiddenCategoryIDs`. Without a
 * category filter, the viewer's hidden categories are excluded rather than the visible ones listed,
 * so the page is still read in sort-index order (the hidden set is the small one).
 */
interface ListScope {
  categoryIDs: number[] | undefined;
  hiddenCategoryIDs: number[];
}

async function listScope(ctx: RequestContext, query: DiscussionsQuery): Promise<ListScope> {
  const scope = viewableScope(ctx.permissions);
  const hiddenCategoryIDs = scope.all
    ? []
    : await findCategoryIDsOutsidePermissionCategories(ctx.db, scope.permissionCategoryIDs);
  let categoryIDs: number[] | undefined;
  if (query.categoryID && query.categoryID.length > 0) {
    const requested: number[] = [];
    for (const categoryID of new Set(query.categoryID)) {
      const category = await requireCategory(ctx.db, categoryID);
      if (query.includeChildCategories) {
        requested.push(...(await findSubtreeCategoryIDs(ctx.db, category.treePath)));
      } else {
        authorize(canViewDiscussion(ctx.permissions, category), {
          permissions: 'discussions.view',
        });
        requested.push(categoryID);
      }
    }
    categoryIDs = intersect(categoryIDs, requested);
  }
  if (query.followed) {
    categoryIDs = intersect(categoryIDs, await findFollowedCategoryIDs(ctx.db, ctx.actor.userID));
  }
  if (categoryIDs !== undefined) {
    const hidden = new Set(hiddenCategoryIDs);
    return { categoryIDs: categoryIDs.filter((id) => !hidden.has(id)), hiddenCategoryIDs: [] };
  }
  return { categoryIDs, hiddenCategoryIDs };
}

/**
 * `GET /discussions` (api-contract §8): a numbered page of the discussions the viewer may see,
 * filtered and sorted in SQL; with `pinOrder=first`, page 1 starts with the announcements.
 * @throws AppError 404 for an unknown category; 403 for a category the viewer may not see, or
 * another user's bookmarks/participation without `community.moderate`.
 */
export async function listDiscussions(
  ctx: RequestContext,
  query: DiscussionsQuery,
): Promise<{ discussions: Discussion[]; paging: NumberedPaging }> {
  const actor = actorOf(ctx);
  for (const userID of [query.bookmarkUserID, query.participatedUserID]) {
    if (userID !== undefined)
      authorize(canListOthersDiscussions(actor, userID), { permissions: 'community.moderate' });
  }
  if (query.internalStatusID && query.internalStatusID.length > 0)
    authorize(isDiscussionStaff(actor), { permissions: 'staff.allow' });
  // spec 000 §6 (issue 15): a private profile's activity is not listed for other members.
  if (await hidesActivityOf(ctx, query.insertUserID ?? []))
    return { discussions: [], paging: { page: query.page, limit: query.limit, total: 0 } };

  const dateInserted: DateCondition[] = [...(query.dateInserted ?? [])];
  if (query.slotType !== undefined && query.slotType !== 'a') {
    const days = SLOT_DAYS[query.slotType];
    dateInserted.push({ op: '>=', value: new Date(Date.now() - days * 86_400_000).toISOString() });
  }
  const scope = await listScope(ctx, query);
  const filter: DiscussionFilter = {
    categoryIDs: scope.categoryIDs,
    excludedCategoryIDs: [...(query.excludedCategoryIDs ?? []), ...scope.hiddenCategoryIDs],
    discussionID: query.discussionID,
    dateInserted: dateInserted.length > 0 ? dateInserted : undefined,
    dateUpdated: query.dateUpdated,
    dateLastComment: query.dateLastComment,
    tagID: query.tagID,
    types: query.type,
    score: query.score,
    pinned: query.pinned,
    hasComments: query.hasComments,
    insertUserIDs: query.insertUserID,
    bookmarkUserID: query.bookmarkUserID,
    participatedUserID: query.participatedUserID,
    statusIDs: query.statusID,
    internalStatusIDs: query.internalStatusID,
    resolved: query.resolved,
  };
  // A profile's list (one author, nothing else narrowing it): redirects left out, the total from
  // the author's counter less their discussions in the viewer's hidden categories.
  const { insertUserIDs, ...others } = filter;
  const authorID =
    insertUserIDs?.length === 1 &&
    query.pinOrder !== 'first' &&
    scope.categoryIDs === undefined &&
    (query.excludedCategoryIDs ?? []).length === 0 &&
    isCategoryOnlyFilter(others)
      ? insertUserIDs[0]
      : undefined;
  if (authorID !== undefined) filter.excludeRedirects = true;
  const offset = (query.page - 1) * query.limit;
  let announcements: DiscussionRow[] = [];
  let regularFilter = filter;
  if (query.pinOrder === 'first' && query.pinned === undefined) {
    // api-contract §8: announcements lead page 1; the pager counts the other discussions.
    const block = {
      recentOnly: !query.categoryID || query.categoryID.length === 0,
      viewerID: ctx.actor.userID,
    };
    regularFilter = { ...filter, announcements: { mode: 'exclude', block } };
    if (query.page === 1) {
      announcements = await findDiscussionPage(
        ctx.db,
        { ...filter, announcements: { mode: 'only', block } },
        { sort: query.sort, limit: query.limit, offset: 0 },
      );
    }
  }
  const byDate = query.sort === '-dateInserted' || query.sort === 'dateInserted';
  const [rows, total] = await Promise.all([
    authorID !== undefined && byDate
      ? findAuthorPage(ctx, authorID, scope.hiddenCategoryIDs, {
          descending: query.sort === '-dateInserted',
          limit: query.limit,
          offset,
        })
      : findDiscussionPage(ctx.db, regularFilter, { sort: query.sort, limit: query.limit, offset }),
    authorID === undefined
      ? countDiscussions(ctx.db, regularFilter)
      : countAuthorDiscussions(ctx.db, authorID, scope.hiddenCategoryIDs),
  ]);
  const discussions = await presentDiscussions(ctx, [...announcements, ...rows], {
    expand: toDiscussionExpand(query.expand),
    excerptLength: query.excerptLength,
  });
  return { discussions, paging: { page: query.page, limit: query.limit, total } };
}

/** A profile's page: its IDs from the author index alone, then those rows by primary key. */
async function findAuthorPage(
  ctx: RequestContext,
  authorID: number,
  hiddenCategoryIDs: readonly number[],
  options: { descending: boolean; limit: number; offset: number },
): Promise<DiscussionRow[]> {
  const ids = await findAuthorDiscussionIDs(ctx.db, authorID, hiddenCategoryIDs, options);
  const byID = new Map(
    (await findDiscussionsByIDs(ctx.db, ids)).map((row) => [row.discussionID, row]),
  );
  return ids.map((id) => byID.get(id)).filter((row): row is DiscussionRow => row !== undefined);
}

/**
 * `GET /discussions/bookmarked` (api-contract §8): the viewer's bookmarks in viewable categories,
 * newest bookmark first.
 * @throws AppError 403 for guests.
 */
export async function listBookmarked(
  ctx: RequestContext,
  query: BookmarkedQuery,
): Promise<{ discussions: Discussion[]; paging: NumberedPaging }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  const categoryIDs = await viewableCategoryIDs(ctx);
  const { ids, total } = await findBookmarkedPage(ctx.db, ctx.actor.userID, categoryIDs, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const byID = new Map(
    (await findDiscussionsByIDs(ctx.db, ids)).map((row) => [row.discussionID, row]),
  );
  const rows = ids
    .map((id) => byID.get(id))
    .filter((row): row is DiscussionRow => row !== undefined);
  const discussions = await presentDiscussions(ctx, rows, {
    expand: toDiscussionExpand(query.expand),
  });
  return { discussions, paging: { page: query.page, limit: query.limit, total } };
}
