import { loadReportMeta } from '../reports/reports.meta.ts';
import {
  type Comment,
  type CommentEdit,
  type CommentGetQuery,
  type CommentQuote,
  type CommentsQuery,
} from '../../../../common/src/api/comments.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { authorize } from '../../permissions/authorize.ts';
import { categoryIDsWith } from '../../permissions/category-scope.ts';
import type { Db } from '../../platform/db/db.ts';
import type { GuestCacheChange } from '../../platform/guest-cache.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { getSettings, type SiteSettings } from '../config/config.service.ts';
import { loadReactionSummaries } from '../reactions/reactions.service.ts';
import { findUserFragmentRows } from '../../platform/db/user-fragment.ts';
import { fragmentViewerOf, presentUserFragment } from '../users/users.present.ts';
import { hidesActivityOf } from '../users/users.service.ts';
import {
  canReadCommentSource,
  canSeeComment,
  canSeeDiscussion,
  canSeeReports,
  canViewComments,
  commentPermissionsOf,
  type CommentActor,
} from './comments.policy.ts';
import {
  presentComment,
  presentCommentEdit,
  presentCommentQuote,
  presentParentQuote,
  toCommentExpand,
  type CommentExpand,
} from './comments.present.ts';
import {
  categoryChainOf,
  findDiscussionContext,
  findCategoryPermissionTargets,
  findDiscussionContexts,
  type DiscussionContextRow,
} from './comments.discussion-context.repo.ts';
import { countCommentPage, findCommentPage } from './comments.discussion-page.repo.ts';
import { findCommentByID, findCommentsByIDs, type CommentRow } from './comments.repo.ts';

const TRENDING_NEEDS_PARENT = 'Trending sort requires a parentRecordType and parentRecordID.';

/** A `GET /comments` page and its numbered pager. */
export interface CommentListResult {
  comments: Comment[];
  paging: NumberedPaging;
}

/** Who acts, as the comment policies take it. */
export function actorOf(ctx: RequestContext): CommentActor {
  return { userID: ctx.actor.userID, permissions: ctx.permissions };
}

/** The 404 of a comment. */
export function commentNotFound(commentID: number): AppError {
  return notFound('Comment', { commentID });
}

/**
 * A discussion the actor may read comments of.
 * @throws AppError 404 "Discussion not found." (also for a pending one the actor may not see), 403.
 */
export async function requireReadableDiscussion(
  ctx: RequestContext,
  db: Db,
  discussionID: number,
): Promise<DiscussionContextRow> {
  const discussion = await findDiscussionContext(db, discussionID);
  if (!discussion || !canSeeDiscussion(actorOf(ctx), discussion))
    throw notFound('Discussion', { discussionID });
  authorize(canViewComments(ctx.permissions, discussion), { permissions: 'discussions.view' });
  return discussion;
}

/**
 * A comment the actor may read, with its discussion.
 * @throws AppError 404 "Comment not found." (also pending comments of others), 403 without view.
 */
export async function requireReadableComment(
  ctx: RequestContext,
  db: Db,
  commentID: number,
): Promise<{ comment: CommentRow; discussion: DiscussionContextRow }> {
  const comment = await findCommentByID(db, commentID);
  if (!comment) throw commentNotFound(commentID);
  const discussion = await findDiscussionContext(db, comment.discussionID);
  const actor = actorOf(ctx);
  if (!discussion || !canSeeDiscussion(actor, discussion)) throw commentNotFound(commentID);
  authorize(canViewComments(ctx.permissions, discussion), { permissions: 'discussions.view' });
  if (!canSeeComment(actor, comment, discussion)) throw commentNotFound(commentID);
  return { comment, discussion };
}

/**
 * What guests see change when comments of these discussions change (the guest cache): the
 * discussions' pages, and their categories' and ancestors' pages, totals and last posts.
 */
export function changedForGuests(
  ...discussions: (DiscussionContextRow | undefined)[]
): GuestCacheChange {
  const present = discussions.filter((discussion) => discussion !== undefined);
  return {
    discussionIDs: present.map((discussion) => discussion.discussionID),
    categoryIDs: present.flatMap(categoryChainOf),
  };
}

function commentSettings(settings: SiteSettings) {
  return {
    editContentTimeout: settings['ui.editContentTimeout'],
    allowSelfDelete: settings['comments.allowSelfDelete'],
  };
}

/**
 * Presents comments with everything they embed, batch-loaded: discussions, users, parent quotes
 * (`quoteParent`, api-contract §1.8), reactions.
 */
export async function presentComments(
  ctx: RequestContext,
  rows: readonly CommentRow[],
  options: {
    expand: CommentExpand;
    quoteParent: boolean;
    discussions?: ReadonlyMap<number, DiscussionContextRow>;
    /** Parent comments already in hand (not read again for their quotes). */
    parents?: ReadonlyMap<number, CommentRow>;
  },
): Promise<Comment[]> {
  if (rows.length === 0) return [];
  const discussions =
    options.discussions ??
    (await findDiscussionContexts(
      ctx.db,
      rows.map((row) => row.discussionID),
    ));
  const known = new Map(options.parents ?? []);
  for (const row of rows) known.set(row.commentID, row);
  const parentIDs =
    options.quoteParent && options.expand.body
      ? rows
          .filter((row) => row.parentCommentID !== null && row.displayType === 'full')
          .map((row) => row.parentCommentID as number)
      : [];
  const missingParents = parentIDs.filter((id) => !known.has(id));
  const parents = new Map(known);
  for (const [id, row] of await findCommentsByIDs(ctx.db, missingParents)) parents.set(id, row);

  const userIDs = new Set<number>();
  for (const row of rows) {
    userIDs.add(row.insertUserID);
    if (row.updateUserID !== null) userIDs.add(row.updateUserID);
  }
  for (const id of parentIDs) {
    const parent = parents.get(id);
    if (parent) userIDs.add(parent.insertUserID);
  }
  // The actor's own fragment came with the token or session lookup (a new comment's author).
  const own = ctx.actor.userFragment;
  if (own) userIDs.delete(own.userID);
  const users = await findUserFragmentRows(ctx.db, [...userIDs]);
  if (own) users.set(own.userID, own);
  const viewer = fragmentViewerOf(ctx);

  const quotes = new Map<number, string>();
  for (const row of rows) {
    if (row.parentCommentID === null || !parentIDs.includes(row.parentCommentID)) continue;
    const parent = parents.get(row.parentCommentID);
    if (!parent || parent.displayType !== 'full' || parent.moderationStatus !== 'accepted')
      continue;
    const author = presentUserFragment(users.get(parent.insertUserID), viewer);
    quotes.set(row.commentID, presentParentQuote(parent, author, ctx.config.baseUrl));
  }

  const reactions = options.expand.reactions
    ? await loadReactionSummaries(
        ctx,
        'comment',
        rows.map((row) => row.commentID),
      )
    : undefined;
  const settings = commentSettings(await getSettings(ctx.db));
  const actor = actorOf(ctx);
  const now = ctx.clock();
  // api-contract §27.4: `reportMeta` of the comments whose discussion the viewer moderates.
  const reportMetas = options.expand.reportMeta
    ? await loadReportMeta(
        ctx,
        'comment',
        rows
          .filter((row) => {
            const discussion = discussions.get(row.discussionID);
            return discussion !== undefined && canSeeReports(ctx.permissions, discussion);
          })
          .map((row) => row.commentID),
      )
    : undefined;
  return rows.map((row) =>
    presentComment(row, {
      baseUrl: ctx.config.baseUrl,
      viewer,
      expand: options.expand,
      discussions,
      users,
      quotes,
      reactions,
      canSeeReports: (discussion) => canSeeReports(ctx.permissions, discussion),
      reportMetas,
      permissionsOf: (comment, discussion) =>
        commentPermissionsOf(actor, comment, discussion, settings, now),
    }),
  );
}

/** One comment by ID, presented (after a write). */
export async function presentOne(
  ctx: RequestContext,
  commentID: number,
  options: { expand: CommentExpand; quoteParent: boolean },
): Promise<Comment> {
  const comment = await findCommentByID(ctx.db, commentID);
  if (!comment) throw commentNotFound(commentID);
  const [presented] = await presentComments(ctx, [comment], options);
  if (!presented) throw commentNotFound(commentID);
  return presented;
}

/**
 * `GET /comments` (api-contract §9): accepted comments in categories the viewer may view (scoped in
 * SQL), filtered, sorted and paged.
 * @throws AppError 404 unknown discussion; 403 a discussion or category the viewer may not view;
 * 400 trending sort without a parent.
 */
export async function listComments(
  ctx: RequestContext,
  query: CommentsQuery,
): Promise<CommentListResult> {
  const discussionID = query.discussionID ?? query.parentRecordID;
  if (
    discussionID === undefined &&
    (query.sort === 'experimentalTrending' || query.sort === '-experimentalTrending')
  ) {
    throw new AppError(400, TRENDING_NEEDS_PARENT);
  }
  let discussions: Map<number, DiscussionContextRow> | undefined;
  if (discussionID !== undefined) {
    const discussion = await requireReadableDiscussion(ctx, ctx.db, discussionID);
    discussions = new Map([[discussion.discussionID, discussion]]);
  }
  if (query.categoryID?.kind === 'values') {
    // Unknown categories match nothing; a known one the viewer may not view is refused.
    for (const category of await findCategoryPermissionTargets(ctx.db, query.categoryID.values))
      authorize(canViewCategory(ctx.permissions, category), { permissions: 'discussions.view' });
  }
  // spec 000 §6 (issue 15): a private profile's activity is not listed for other members.
  if (query.insertUserID !== undefined && (await hidesActivityOf(ctx, [query.insertUserID])))
    return { comments: [], paging: { page: query.page, limit: query.limit, total: 0 } };
  const filter = {
    viewScope: categoryIDsWith(ctx.permissions, 'discussions.view'),
    discussionID,
    commentID: query.commentID,
    categoryID: query.categoryID,
    insertUserID: query.insertUserID,
    insertUserRoleIDs: query.insertUserRoleID,
    dateInserted: query.dateInserted,
    dateUpdated: query.dateUpdated,
  };
  const [total, rows] = await Promise.all([
    countCommentPage(ctx.db, filter),
    findCommentPage(ctx.db, filter, {
      sort: query.sort,
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    }),
  ]);
  const comments = await presentComments(ctx, rows, {
    expand: toCommentExpand(query.expand),
    quoteParent: query.quoteParent,
    ...(discussions ? { discussions } : {}),
  });
  return { comments, paging: { page: query.page, limit: query.limit, total } };
}

/**
 * `GET /comments/{id}` (api-contract §9).
 * @throws AppError 404 "Comment not found.", 403 without view on the discussion.
 */
export async function getComment(
  ctx: RequestContext,
  commentID: number,
  query: CommentGetQuery,
): Promise<Comment> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  const [presented] = await presentComments(ctx, [comment], {
    expand: toCommentExpand(query.expand),
    quoteParent: query.quoteParent,
    discussions: new Map([[discussion.discussionID, discussion]]),
  });
  if (!presented) throw commentNotFound(commentID);
  return presented;
}

/**
 * `GET /comments/{id}/edit`: the source for the editor (author, `comments.edit` or moderators).
 * @throws AppError 404, 403.
 */
export async function getCommentEdit(ctx: RequestContext, commentID: number): Promise<CommentEdit> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  authorize(canReadCommentSource(actorOf(ctx), comment, discussion), {
    permissions: 'comments.edit',
  });
  return presentCommentEdit(comment);
}

/**
 * `GET /comments/{id}/quote`: the source and author, to quote it in a new post.
 * @throws AppError 404 (tombstones have nothing to quote), 403.
 */
export async function getCommentQuote(
  ctx: RequestContext,
  commentID: number,
): Promise<CommentQuote> {
  const { comment } = await requireReadableComment(ctx, ctx.db, commentID);
  if (comment.displayType === 'tombstone') throw commentNotFound(commentID);
  const users = await findUserFragmentRows(ctx.db, [comment.insertUserID]);
  const author = presentUserFragment(users.get(comment.insertUserID), fragmentViewerOf(ctx));
  return presentCommentQuote(comment, author, ctx.config.baseUrl);
}
