import type { Breadcrumb, PostFragment } from '../../../../common/src/api/categories.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import {
  DEFAULT_EXCERPT_LENGTH,
  DISCUSSION_PENDING_MESSAGE,
  type BookmarkedQuery,
  type CreateDiscussionBody,
  type Discussion,
  type DiscussionCategoryFragment,
  type DiscussionEdit,
  type DiscussionQuote,
  type DiscussionTagsBody,
  type DiscussionsQuery,
  type PatchDiscussionBody,
  type PostableDiscussionType,
} from '../../../../common/src/api/discussions.ts';
import { USER_TAG_TYPE, type TagFragment } from '../../../../common/src/api/tags.ts';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody, type RenderedContent } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { declareGuestChange, type GuestCacheChange } from '../../platform/guest-cache.ts';
import { consumeThrottle, peekThrottle } from '../../platform/throttle.ts';
import { viewableScope } from '../categories/categories.policy.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import {
  findCategories,
  findCategoryByID,
  findCategoryLabels,
  type CategoryRow,
} from '../categories/categories.repo.ts';
import { ancestorIDs, pathCategoryIDs } from '../categories/categories.tree.ts';
import { getSettings } from '../config/config.service.ts';
import { loadReactionSummaries } from '../reactions/reactions.service.ts';
import {
  loadDiscussionTags,
  releaseDiscussionTags,
  setDiscussionTags,
} from '../tags/tags.service.ts';
import { loadUserFragments } from '../users/users.service.ts';
import {
  adjustCategoryCounters,
  categoryCountersUpdate,
  lockCategoryRows,
  refreshCategoryLastPost,
  userCountersUpdate,
} from './discussions.counters.ts';
import { computeHot } from './discussions.hot.ts';
import {
  canAddDiscussion,
  canAnnounceDiscussion,
  canBumpDiscussion,
  canChangeAuthor,
  canCloseDiscussion,
  canDeleteDiscussion,
  canKeepDiscussionState,
  canListOthersDiscussions,
  canManageDiscussion,
  canResolveDiscussion,
  canSeePending,
  canSinkDiscussion,
  canTagDiscussion,
  canViewDiscussion,
  decideEditDiscussion,
  discussionPermissionsOf,
  isDiscussionModerator,
  type DiscussionActor,
  type EditWindow,
} from './discussions.policy.ts';
import {
  lastUserIDOf,
  presentDiscussion,
  presentDiscussionEdit,
  presentDiscussionLastPost,
  presentDiscussionQuote,
  toDiscussionExpand,
  type DiscussionExpand,
} from './discussions.present.ts';
import {
  adjustUserCommentCounts,
  adjustUserDiscussionCount,
  countCommentsByAuthor,
  countDiscussions,
  deleteDiscussionRows,
  findBookmarkedPage,
  findCategoryIDsByPermissionCategory,
  findCategoryIDsOutsidePermissionCategories,
  findDiscussionByID,
  findDiscussionPage,
  findDiscussionsByIDs,
  findFollowedCategoryIDs,
  findLastComments,
  findSubtreeCategoryIDs,
  findTagIDsByUrlcode,
  findUserDiscussions,
  insertDiscussion,
  liveUserExists,
  recordUserView,
  updateDiscussion,
  upsertUserDiscussion,
  type DiscussionChanges,
  type DiscussionFilter,
  type DiscussionRow,
} from './discussions.repo.ts';
import { countDiscussionView } from './discussions.views.ts';

// ---------------------------------------------------------------------------------------------
// Shared helpers (also used by the bulk actions)

/** The policies' view of the request's actor. */
export function actorOf(ctx: RequestContext): DiscussionActor {
  return { set: ctx.permissions, userID: ctx.actor.userID };
}

/** The author's edit window now (`ui.editContentTimeout`). */
export async function editWindowOf(db: Db): Promise<EditWindow> {
  const settings = await getSettings(db);
  return { timeoutSeconds: settings['ui.editContentTimeout'], now: Date.now() };
}

/** A category by ID; 404 "Category not found." otherwise. */
export async function requireCategory(db: Db, categoryID: number): Promise<CategoryRow> {
  const category = await findCategoryByID(db, categoryID);
  if (!category) throw notFound('Category', { categoryID });
  return category;
}

/**
 * A discussion the actor may see, with its category.
 * @throws AppError 404 "Discussion not found." (also for pending discussions of non-moderators);
 * 403 without `discussions.view` in its category.
 */
export async function requireViewableDiscussion(
  ctx: RequestContext,
  db: Db,
  discussionID: number,
): Promise<{ row: DiscussionRow; category: CategoryRow }> {
  const row = await findDiscussionByID(db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  const category = await requireCategory(db, row.categoryID);
  if (row.moderationStatus !== 'accepted' && !canSeePending(actorOf(ctx), category))
    throw notFound('Discussion', { discussionID });
  authorize(canViewDiscussion(ctx.permissions, category), { permissions: 'discussions.view' });
  return { row, category };
}

/** api-contract §8: headings and nested-only categories take no posts. */
export function assertPostableCategory(category: CategoryRow): void {
  const displayAs = category.displayAs.toLowerCase();
  if (displayAs === 'heading' || displayAs === 'categories') {
    const label = `${displayAs.charAt(0).toUpperCase()}${displayAs.slice(1)}`;
    throw new AppError(
      403,
      `You are not allowed to post in categories with a display type of ${label}.`,
    );
  }
}

/** The category's allowed types (null: all) must include the post's type. */
function assertTypeAllowed(category: CategoryRow, type: string): void {
  if (category.allowedDiscussionTypes === null) return;
  if (!category.allowedDiscussionTypes.includes(type))
    throw fieldError(
      'categoryID',
      `Posts of type "${type}" are not allowed in this category.`,
      400,
    );
}

/**
 * What guests see change when a discussion changes (the guest cache): its pages, and the pages,
 * totals and last posts of its category and their ancestors (both ends of a move).
 */
export function changedFor(
  discussionID: number,
  ...categories: (Pick<CategoryRow, 'categoryID' | 'treePath'> | undefined)[]
): GuestCacheChange {
  const categoryIDs: number[] = [];
  for (const category of categories) {
    if (category) categoryIDs.push(category.categoryID, ...pathCategoryIDs(category.treePath));
  }
  return { discussionIDs: [discussionID], categoryIDs };
}

/** Only accepted discussions count in categories and users (premoderated ones wait). */
export function isCounted(row: { moderationStatus: string }): boolean {
  return row.moderationStatus === 'accepted';
}

/**
 * Changes a category's own counts and the including-descendants counts of it and its ancestors,
 * in one statement that locks them in ascending ID (discussions.counters.ts).
 */
export async function adjustCategoryCounts(
  db: Db,
  category: CategoryRow,
  discussions: number,
  comments: number,
): Promise<void> {
  await adjustCategoryCounters(db, {
    categoryID: category.categoryID,
    chainIDs: pathCategoryIDs(category.treePath),
    discussions,
    comments,
  });
}

/** Users' discussion counts skip redirects: they are pointers, not posts. */
function countsForAuthor(row: { type: string; moderationStatus: string }): boolean {
  return isCounted(row) && row.type !== 'redirect';
}

/**
 * Deletes a discussion with its comments in the caller's transaction, keeping every counter right:
 * the category's (and ancestors') discussion and comment counts, its last post, the author's and
 * the commenters' counts, the tags' counts.
 */
export async function deleteDiscussionWithCounters(
  trx: Db,
  row: DiscussionRow,
  category: CategoryRow,
): Promise<void> {
  const commenters = isCounted(row)
    ? await countCommentsByAuthor(trx, [row.discussionID])
    : new Map<number, number>();
  // Rows first, then users, then categories (the lock order of comments.service.ts).
  await releaseDiscussionTags(trx, [row.discussionID]);
  await deleteDiscussionRows(trx, [row.discussionID]);
  if (isCounted(row)) {
    if (countsForAuthor(row)) await adjustUserDiscussionCount(trx, row.insertUserID, -1);
    await adjustUserCommentCounts(
      trx,
      new Map([...commenters].sort(([a], [b]) => a - b).map(([userID, count]) => [userID, -count])),
    );
    await adjustCategoryCounts(trx, category, -1, -row.countComments);
  }
  await refreshCategoryLastPost(trx, category.categoryID);
}

/**
 * Moves a discussion to another category in the caller's transaction: both categories' counts
 * (and their ancestors'), last posts.
 */
export async function moveDiscussionWithCounters(
  trx: Db,
  row: DiscussionRow,
  from: CategoryRow,
  to: CategoryRow,
): Promise<void> {
  await updateDiscussion(trx, row.discussionID, { categoryID: to.categoryID });
  // Both subtrees' rows together, in ascending ID (discussions.counters.ts).
  await lockCategoryRows(trx, [...pathCategoryIDs(from.treePath), ...pathCategoryIDs(to.treePath)]);
  if (isCounted(row)) {
    await adjustCategoryCounts(trx, from, -1, -row.countComments);
    await adjustCategoryCounts(trx, to, 1, row.countComments);
  }
  await refreshCategoryLastPost(trx, from.categoryID);
  await refreshCategoryLastPost(trx, to.categoryID);
}

/** Renders a body, or says which field is wrong (api-contract §1.8: 1..8000 plain characters). */
export async function renderDiscussionBody(
  ctx: RequestContext,
  body: string,
  format: ContentFormat,
): Promise<RenderedContent> {
  return renderBody({ db: ctx.db, config: ctx.config }, { body, format });
}

// ---------------------------------------------------------------------------------------------
// Presenting

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

async function loadCategoryRows(
  db: Db,
  categoryIDs: readonly number[],
): Promise<Map<number, CategoryRow>> {
  const ids = [...new Set(categoryIDs)];
  if (ids.length === 0) return new Map();
  const rows = await findCategories(
    db,
    { viewScope: { all: true }, categoryIDs: { kind: 'values', values: ids } },
    { order: 'categoryID' },
  );
  return new Map(rows.map((row) => [row.categoryID, row]));
}

async function breadcrumbsOf(
  ctx: RequestContext,
  categories: ReadonlyMap<number, CategoryRow>,
): Promise<Map<number, Breadcrumb[]>> {
  const baseUrl = ctx.config.baseUrl;
  const labelIDs = new Set<number>();
  for (const category of categories.values())
    for (const id of ancestorIDs(category.treePath)) labelIDs.add(id);
  const labels = new Map(
    // A hidden ancestor's name is left out of the breadcrumbs (issue 11).
    (await findCategoryLabels(ctx.db, [...labelIDs]))
      .filter((label) => canViewDiscussion(ctx.permissions, label))
      .map((label) => [label.categoryID, label]),
  );
  const result = new Map<number, Breadcrumb[]>();
  for (const category of categories.values()) {
    const crumbs: Breadcrumb[] = [{ name: 'Home', url: `${baseUrl}/` }];
    for (const id of ancestorIDs(category.treePath)) {
      const label = labels.get(id);
      if (label) crumbs.push({ name: label.name, url: categoryUrl(baseUrl, label.urlcode) });
    }
    crumbs.push({ name: category.name, url: categoryUrl(baseUrl, category.urlcode) });
    result.set(category.categoryID, crumbs);
  }
  return result;
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
  const needCategories = expand.category || expand.breadcrumbs || expand.permissions;
  const lastCommentIDs = expand.lastPost
    ? rows.map((row) => row.lastCommentID).filter((id): id is number => id !== null)
    : [];
  const [viewerRows, tags, categories, reactions, lastComments, window] = await Promise.all([
    findUserDiscussions(ctx.db, ctx.actor.userID, ids),
    loadDiscussionTags(ctx.db, ids),
    needCategories
      ? loadCategoryRows(
          ctx.db,
          rows.map((row) => row.categoryID),
        )
      : new Map<number, CategoryRow>(),
    expand.reactions ? loadReactionSummaries(ctx, 'discussion', ids) : undefined,
    findLastComments(ctx.db, lastCommentIDs),
    editWindowOf(ctx.db),
  ]);
  const userIDs = new Set<number>();
  for (const row of rows) {
    if (expand.insertUser) userIDs.add(row.insertUserID);
    if (expand.lastUser) userIDs.add(lastUserIDOf(row));
    if (expand.lastPostInsertUser) userIDs.add(lastUserIDOf(row));
  }
  const users = await loadUserFragments(ctx, [...userIDs]);
  const breadcrumbs = expand.breadcrumbs ? await breadcrumbsOf(ctx, categories) : new Map();
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
  return rows.map((row) =>
    presentDiscussion(row, {
      baseUrl: ctx.config.baseUrl,
      viewerID: ctx.actor.userID,
      expand,
      excerptLength: options.excerptLength ?? DEFAULT_EXCERPT_LENGTH,
      isStaff: has(ctx.permissions, 'staff.allow'),
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
    }),
  );
}

async function presentOne(
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

// ---------------------------------------------------------------------------------------------
// Reads

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
    authorize(has(ctx.permissions, 'staff.allow'), { permissions: 'staff.allow' });

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
  const [rows, total] = await Promise.all([
    findDiscussionPage(ctx.db, regularFilter, { sort: query.sort, limit: query.limit, offset }),
    countDiscussions(ctx.db, regularFilter),
  ]);
  const discussions = await presentDiscussions(ctx, [...announcements, ...rows], {
    expand: toDiscussionExpand(query.expand),
    excerptLength: query.excerptLength,
  });
  return { discussions, paging: { page: query.page, limit: query.limit, total } };
}

/**
 * `GET /discussions/{id}` (api-contract §8).
 * @throws AppError 404 "Discussion not found."; 403 when its category is not viewable.
 */
export async function getDiscussion(
  ctx: RequestContext,
  discussionID: number,
  expand?: Iterable<string>,
): Promise<Discussion> {
  // The row the permission check read is the one presented (it is not read a second time).
  const { row } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const [discussion] = await presentDiscussions(ctx, [row], {
    expand: toDiscussionExpand(new Set(expand ?? [])),
  });
  if (!discussion) throw notFound('Discussion', { discussionID });
  return discussion;
}

/**
 * Counts a page view (layouts call it when a discussion page renders): `countViews` + 1, buffered
 * (discussions.views.ts); for a signed-in viewer `dateLastViewed` = now and `countCommentsRead` =
 * max(old, seen).
 */
export async function recordDiscussionView(
  ctx: RequestContext,
  discussionID: number,
  countCommentsSeen: number,
): Promise<void> {
  countDiscussionView(ctx.db, discussionID);
  ctx.viewedDiscussionID = discussionID;
  if (ctx.actor.userID > 0) {
    await recordUserView(
      ctx.db,
      ctx.actor.userID,
      discussionID,
      nowIso(),
      Math.max(0, countCommentsSeen),
    );
  }
}

/**
 * `GET /discussions/{id}/edit` (api-contract §8): the raw source, for the author or an editor.
 * @throws AppError 404, 403.
 */
export async function getDiscussionEdit(
  ctx: RequestContext,
  discussionID: number,
): Promise<DiscussionEdit> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const actor = actorOf(ctx);
  authorize(
    (actor.userID > 0 && actor.userID === row.insertUserID) || canManageDiscussion(actor, category),
    { permissions: 'discussions.edit' },
  );
  const settings = await getSettings(ctx.db);
  const tagIDs = settings['tagging.enabled']
    ? ((await loadDiscussionTags(ctx.db, [discussionID])).get(discussionID) ?? [])
        .filter((tag) => tag.type === USER_TAG_TYPE)
        .map((tag) => tag.tagID)
    : null;
  return presentDiscussionEdit(row, tagIDs);
}

/**
 * `GET /discussions/{id}/quote` (api-contract §8).
 * @throws AppError 404, 403.
 */
export async function getDiscussionQuote(
  ctx: RequestContext,
  discussionID: number,
): Promise<DiscussionQuote> {
  const { row } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  const users = await loadUserFragments(ctx, [row.insertUserID]);
  const insertUser = users.get(row.insertUserID);
  if (!insertUser) throw notFound('User');
  return presentDiscussionQuote(row, insertUser, ctx.config.baseUrl);
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
  const scope = viewableScope(ctx.permissions);
  const categoryIDs = scope.all
    ? undefined
    : await findCategoryIDsByPermissionCategory(ctx.db, scope.permissionCategoryIDs);
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

// ---------------------------------------------------------------------------------------------
// Writes

/** A created discussion, or the premoderation answer (api-contract §1.10: 202, no record). */
export type CreateDiscussionResult =
  { kind: 'created'; discussion: Discussion } | { kind: 'pending'; message: string };

function floodMessage(count: number, seconds: number, lockSeconds: number): string {
  return `You have posted ${String(count)} times within ${String(seconds)} seconds. A spam block is now in effect on your account. You must wait at least ${String(lockSeconds)} seconds before attempting to post again.`;
}

/**
 * api-contract §1.13 flood control: at most `floodControl.discussions.count` discussions per
 * `…seconds`; the one beyond starts a lock of `…lockSeconds`. 429, a validation error on `body`.
 */
async function enforceFloodControl(ctx: RequestContext): Promise<void> {
  const settings = await getSettings(ctx.db);
  const count = settings['floodControl.discussions.count'];
  const seconds = settings['floodControl.discussions.seconds'];
  const lockSeconds = settings['floodControl.discussions.lockSeconds'];
  const message = floodMessage(count, seconds, lockSeconds);
  const lockKey = `floodLock:discussions:${String(ctx.actor.userID)}`;
  const lockRule = { limit: 0, windowSeconds: lockSeconds };
  const refuse = (retryAfterSeconds: number) =>
    new AppError(429, message, {
      errors: [{ field: 'body', code: 'flood', message, status: 429 }],
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  const lock = await peekThrottle(ctx.db, lockKey, lockRule);
  if (!lock.allowed) throw refuse(lock.retryAfterSeconds);
  const decision = await consumeThrottle(ctx.db, `flood:discussions:${String(ctx.actor.userID)}`, {
    limit: count,
    windowSeconds: seconds,
  });
  if (!decision.allowed) {
    await consumeThrottle(ctx.db, lockKey, lockRule);
    throw refuse(lockSeconds);
  }
}

interface FlagInput {
  closed?: boolean | undefined;
  sink?: boolean | undefined;
  pinned?: boolean | undefined;
  pinLocation?: 'category' | 'recent' | undefined;
  announce?: boolean | undefined;
  resolved?: boolean | undefined;
}

/** The pin an input asks for: `pinned`/`announce`, or a `pinLocation` alone; undefined when none. */
function requestedPin(
  input: FlagInput,
): { pinned: boolean; pinLocation: string | null } | undefined {
  const pinned =
    input.pinned ?? input.announce ?? (input.pinLocation !== undefined ? true : undefined);
  if (pinned === undefined) return undefined;
  return { pinned, pinLocation: pinned ? (input.pinLocation ?? 'category') : null };
}

/**
 * `POST /discussions` and `POST /discussions/question` (api-contract §8).
 * @throws AppError 404 unknown category; 403 without `discussions.add` (or the flags' permissions),
 * heading categories; 422/400 for bad fields; 429 flood control; 403/404/409 from tags.
 */
export async function createDiscussion(
  ctx: RequestContext,
  input: CreateDiscussionBody,
  type: PostableDiscussionType = 'discussion',
): Promise<CreateDiscussionResult> {
  const actor = actorOf(ctx);
  const category = await requireCategory(ctx.db, input.categoryID);
  if (actor.userID > 0)
    authorize(canViewDiscussion(ctx.permissions, category), { permissions: 'discussions.view' });
  authorize(canAddDiscussion(actor, category), { permissions: 'discussions.add' });
  assertPostableCategory(category);
  assertTypeAllowed(category, type);
  const now = nowIso();
  const asAuthor = { insertUserID: actor.userID, closed: false, dateInserted: now };
  if (input.closed)
    authorize(canCloseDiscussion(actor, asAuthor, category), { permissions: 'discussions.close' });
  if (input.sink)
    authorize(canSinkDiscussion(actor, category), { permissions: 'discussions.sink' });
  const pin = requestedPin(input);
  if (pin?.pinned)
    authorize(canAnnounceDiscussion(actor, category), { permissions: 'discussions.announce' });
  if (input.resolved !== undefined)
    authorize(canResolveDiscussion(actor), { permissions: 'staff.allow' });

  const rendered = await renderDiscussionBody(ctx, input.body, input.format);
  const moderator = isDiscussionModerator(actor, category);
  if (!moderator) await enforceFloodControl(ctx);
  const settings = await getSettings(ctx.db);
  const pending = settings['premoderation.discussions'] && !moderator;

  const discussionID = await runTransaction(ctx.db, async (trx, control) => {
    const id = await insertDiscussion(trx, {
      type,
      categoryID: category.categoryID,
      name: input.name,
      body: input.body,
      format: input.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      insertUserID: actor.userID,
      dateInserted: now,
      dateLastComment: now,
      hot: computeHot(0, now),
      pinned: pin?.pinned ?? false,
      pinLocation: pin?.pinLocation ?? null,
      closed: input.closed ?? false,
      sink: input.sink ?? false,
      resolved: input.resolved ?? false,
      resolvedUserID: input.resolved ? actor.userID : null,
      moderationStatus: pending ? 'pending' : 'accepted',
    });
    if (input.tagIDs !== undefined || input.newTagNames !== undefined) {
      await setDiscussionTags(trx, ctx, id, {
        tagIDs: input.tagIDs,
        newTagNames: input.newTagNames,
      });
    }
    await upsertUserDiscussion(trx, actor.userID, id, { participated: true });
    if (!pending) {
      // Users, then categories, with the commit (the lock order of comments.service.ts); the new
      // discussion is its category's newest post.
      const author = userCountersUpdate(trx, actor.userID, { discussions: 1 });
      const categories = categoryCountersUpdate(trx, {
        categoryID: category.categoryID,
        chainIDs: pathCategoryIDs(category.treePath),
        discussions: 1,
        comments: 0,
        newPost: { discussionID: id, commentID: null, date: now },
      });
      for (const query of [author, categories]) if (query) control.atCommit(query);
    }
    return id;
  });
  declareGuestChange(ctx, pending ? 'nothing' : changedFor(discussionID, category));
  if (pending) return { kind: 'pending', message: DISCUSSION_PENDING_MESSAGE };
  return {
    kind: 'created',
    discussion: await presentOne(ctx, discussionID, toDiscussionExpand(input.expand)),
  };
}

/**
 * `PATCH /discussions/{id}` (api-contract §8): content changes need the edit right (the author
 * within `ui.editContentTimeout` and not closed, or an editor); each flag its own permission;
 * `insertUserID` `site.manage`; a new category `discussions.add` there.
 * @throws AppError 404, 403, 400 "Editing discussions is not allowed.", 422.
 */
export async function patchDiscussion(
  ctx: RequestContext,
  discussionID: number,
  input: PatchDiscussionBody,
): Promise<Discussion> {
  const actor = actorOf(ctx);
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canKeepDiscussionState(actor), { permissions: 'session.valid' });
  const editsContent =
    input.name !== undefined ||
    input.body !== undefined ||
    input.format !== undefined ||
    (input.categoryID !== undefined && input.categoryID !== row.categoryID) ||
    input.tagIDs !== undefined ||
    input.newTagNames !== undefined;
  if (editsContent) {
    const decision = decideEditDiscussion(actor, row, category, await editWindowOf(ctx.db));
    if (decision === 'denied') throw permissionError(['discussions.edit']);
    if (decision === 'timeout') throw new AppError(400, 'Editing discussions is not allowed.');
  }
  const changes: DiscussionChanges = {};
  if (input.closed !== undefined && input.closed !== row.closed) {
    authorize(canCloseDiscussion(actor, row, category), { permissions: 'discussions.close' });
    changes.closed = input.closed;
  }
  if (input.sink !== undefined && input.sink !== row.sink) {
    authorize(canSinkDiscussion(actor, category), { permissions: 'discussions.sink' });
    changes.sink = input.sink;
  }
  const pin = requestedPin(input);
  if (pin && (pin.pinned !== row.pinned || (pin.pinned && pin.pinLocation !== row.pinLocation))) {
    authorize(canAnnounceDiscussion(actor, category), { permissions: 'discussions.announce' });
    changes.pinned = pin.pinned;
    changes.pinLocation = pin.pinLocation;
  }
  if (input.resolved !== undefined && input.resolved !== row.resolved) {
    authorize(canResolveDiscussion(actor), { permissions: 'staff.allow' });
    changes.resolved = input.resolved;
    changes.resolvedUserID = input.resolved ? actor.userID : null;
  }
  let newAuthor: number | undefined;
  if (input.insertUserID !== undefined && input.insertUserID !== row.insertUserID) {
    authorize(canChangeAuthor(actor), { permissions: ['site.manage', 'community.manage'] });
    if (!(await liveUserExists(ctx.db, input.insertUserID)))
      throw fieldError('insertUserID', 'User not found.', 404, 'invalid');
    newAuthor = input.insertUserID;
    changes.insertUserID = input.insertUserID;
  }
  let target: CategoryRow | undefined;
  if (input.categoryID !== undefined && input.categoryID !== row.categoryID) {
    target = await requireCategory(ctx.db, input.categoryID);
    authorize(canViewDiscussion(ctx.permissions, target), { permissions: 'discussions.view' });
    authorize(canAddDiscussion(actor, target), { permissions: 'discussions.add' });
    assertPostableCategory(target);
    if (row.type !== 'redirect') assertTypeAllowed(target, row.type);
  }
  if (input.name !== undefined) changes.name = input.name;
  if (input.body !== undefined || input.format !== undefined) {
    const body = input.body ?? row.body;
    const format = input.format ?? (row.format as ContentFormat);
    const rendered = await renderDiscussionBody(ctx, body, format);
    Object.assign(changes, {
      body,
      format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
    });
  }
  if (input.name !== undefined || input.body !== undefined || input.format !== undefined) {
    changes.updateUserID = actor.userID;
    changes.dateUpdated = nowIso();
  }

  await ctx.db.transaction().execute(async (trx) => {
    await updateDiscussion(trx, discussionID, changes);
    if (target) await moveDiscussionWithCounters(trx, row, category, target);
    if (newAuthor !== undefined && countsForAuthor(row)) {
      await adjustUserDiscussionCount(trx, row.insertUserID, -1);
      await adjustUserDiscussionCount(trx, newAuthor, 1);
    }
    if (input.tagIDs !== undefined || input.newTagNames !== undefined) {
      await setDiscussionTags(trx, ctx, discussionID, {
        tagIDs: input.tagIDs,
        newTagNames: input.newTagNames,
      });
    }
  });
  declareGuestChange(ctx, changedFor(discussionID, category, target));
  return presentOne(ctx, discussionID, toDiscussionExpand(input.expand));
}

/**
 * The checks of `DELETE /discussions/{id}` before its long runner starts.
 * @throws AppError 404, 403 (`discussions.delete`).
 */
export async function assertDeletable(ctx: RequestContext, discussionID: number): Promise<void> {
  const row = await findDiscussionByID(ctx.db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  const category = await requireCategory(ctx.db, row.categoryID);
  authorize(canDeleteDiscussion(actorOf(ctx), category), { permissions: 'discussions.delete' });
}

/** `PUT /discussions/{id}/bookmark`. @throws AppError 404, 403. */
export async function bookmarkDiscussion(
  ctx: RequestContext,
  discussionID: number,
  bookmarked: boolean,
): Promise<{ bookmarked: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, {
    bookmarked,
    dateBookmarked: bookmarked ? nowIso() : null,
  });
  return { bookmarked };
}

/** `PUT /discussions/{id}/dismiss` (announcements). @throws AppError 404, 403. */
export async function dismissDiscussion(
  ctx: RequestContext,
  discussionID: number,
  dismissed: boolean,
): Promise<{ dismissed: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, { dismissed });
  return { dismissed };
}

/** `PUT /discussions/{id}/mute`: a muted discussion sends the user no notifications. @throws AppError 404, 403. */
export async function muteDiscussion(
  ctx: RequestContext,
  discussionID: number,
  muted: boolean,
): Promise<{ muted: boolean }> {
  authorize(canKeepDiscussionState(actorOf(ctx)), { permissions: 'session.valid' });
  await requireViewableDiscussion(ctx, ctx.db, discussionID);
  await upsertUserDiscussion(ctx.db, ctx.actor.userID, discussionID, { muted });
  return { muted };
}

/** `PATCH /discussions/{id}/bump` (`curation.manage`): `dateLastComment` = now. @throws AppError 404, 403. */
export async function bumpDiscussion(
  ctx: RequestContext,
  discussionID: number,
): Promise<Discussion> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canBumpDiscussion(actorOf(ctx)), { permissions: 'curation.manage' });
  const now = nowIso();
  await updateDiscussion(ctx.db, discussionID, {
    dateLastComment: now,
    hot: computeHot(row.score, now),
  });
  declareGuestChange(ctx, changedFor(discussionID, category));
  return presentOne(ctx, discussionID, toDiscussionExpand(undefined));
}

/** `PUT /discussions/{id}/type` (`discussions.edit`). @throws AppError 404, 403, 400. */
export async function changeDiscussionType(
  ctx: RequestContext,
  discussionID: number,
  type: PostableDiscussionType,
): Promise<Discussion> {
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canManageDiscussion(actorOf(ctx), category), { permissions: 'discussions.edit' });
  if (row.type === 'redirect') throw new AppError(400, 'A redirect cannot change its type.');
  if (row.type !== type) {
    assertTypeAllowed(category, type);
    await updateDiscussion(ctx.db, discussionID, { type });
  }
  declareGuestChange(ctx, changedFor(discussionID, category));
  return presentOne(ctx, discussionID, toDiscussionExpand(undefined));
}

async function tagIDsOf(
  ctx: RequestContext,
  input: DiscussionTagsBody,
): Promise<number[] | undefined> {
  if (input.tagIDs === undefined && input.urlcodes === undefined) return undefined;
  const ids = [...(input.tagIDs ?? [])];
  if (input.urlcodes && input.urlcodes.length > 0) {
    const found = await findTagIDsByUrlcode(ctx.db, input.urlcodes);
    for (const urlcode of input.urlcodes) {
      const tagID = found.get(urlcode);
      if (tagID === undefined) throw notFound('Tag', { urlcode });
      ids.push(tagID);
    }
  }
  return [...new Set(ids)];
}

/**
 * `PUT /discussions/{id}/tags` replaces the user tags; `POST` adds to them (`tags.add` too).
 * @throws AppError 404, 403, 409 (tags helper rules).
 */
export async function setTagsOfDiscussion(
  ctx: RequestContext,
  discussionID: number,
  input: DiscussionTagsBody,
  mode: 'replace' | 'add',
): Promise<TagFragment[]> {
  const actor = actorOf(ctx);
  const { row, category } = await requireViewableDiscussion(ctx, ctx.db, discussionID);
  authorize(canTagDiscussion(actor, row, category), { permissions: 'discussions.edit' });
  if (mode === 'add') authorize(has(ctx.permissions, 'tags.add'), { permissions: 'tags.add' });
  const requested = (await tagIDsOf(ctx, input)) ?? [];
  declareGuestChange(ctx, changedFor(discussionID, category));
  return ctx.db.transaction().execute(async (trx) => {
    let tagIDs = requested;
    if (mode === 'add') {
      const current = ((await loadDiscussionTags(trx, [discussionID])).get(discussionID) ?? [])
        .filter((tag) => tag.type === USER_TAG_TYPE)
        .map((tag) => tag.tagID);
      tagIDs = [...new Set([...current, ...requested])];
    }
    return setDiscussionTags(trx, ctx, discussionID, { tagIDs });
  });
}
