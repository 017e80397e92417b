import type { Expression } from 'kysely';
import {
  COMMENT_PENDING_MESSAGE,
  MAX_COMMENT_DEPTH,
  MAX_THREAD_LIMIT,
  commentThreadQuerySchema,
  type Comment,
  type CommentDeleteMethod,
  type CommentEdit,
  type CommentGetQuery,
  type CommentQuote,
  type CommentThread,
  type CommentThreadQuery,
  type ParsedCommentThreadQuery,
  type CommentsQuery,
  type CreateCommentBody,
  type DeleteCommentsBody,
  type PatchCommentBody,
  type ThreadItem,
} from '../../../../common/src/api/comments.ts';
import { isContentFormat, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { LongRunnerQuery } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import type { NumberedPaging } from '../../http/paging.ts';
import { authorize } from '../../permissions/authorize.ts';
import { categoryIDsWith } from '../../permissions/category-scope.ts';
import { renderBody, type RenderedContent } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { runTransaction, type TransactionControl } from '../../platform/db/transaction.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
  type LongRunnerOutcome,
} from '../../platform/long-runner.ts';
import { declareGuestChange, type GuestCacheChange } from '../../platform/guest-cache.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { findCategoryByID } from '../categories/categories.repo.ts';
import { pathCategoryIDs } from '../categories/categories.tree.ts';
import { getSettings, type SiteSettings } from '../config/config.service.ts';
import {
  adjustCategoryCounters,
  categoryCountersUpdate,
  lockCategoryRows,
  refreshCategoryLastPost,
  userCountersUpdate,
} from '../discussions/discussions.counters.repo.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import { loadReactionSummaries } from '../reactions/reactions.service.ts';
import { findUserFragmentRows } from '../users/users.repo.ts';
import { fragmentViewerOf, presentUserFragment } from '../users/users.present.ts';
import {
  canAddComment,
  canDeleteComment,
  canPostAsAnotherUser,
  canReadCommentSource,
  canSeeComment,
  canSeeDiscussion,
  canSeeReports,
  canViewComments,
  commentPermissionsOf,
  editDecision,
  isExemptFromModeration,
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
  adjustChildCommentCount,
  adjustUserCommentCount,
  countComments,
  countNewDiscussionComment,
  countThreadItems,
  countTopLevelBefore,
  deleteCommentRows,
  findCommentByID,
  findComments,
  findCommentsByIDs,
  findDescendantIDs,
  findDiscussionContext,
  findDiscussionContexts,
  findLatestComment,
  findRecentCommentDates,
  findThreadChildren,
  findThreadPage,
  insertComment,
  createCountedComment,
  liveUserExists,
  moveCommentRow,
  participationUpsert,
  updateComment,
  updateDiscussionCommentCounters,
  type CommentRow,
  type DiscussionCommentCount,
  type DiscussionCommentCounters,
  type DiscussionContextRow,
  type NewComment,
  type NewCommentCounters,
  type ThreadNodeRow,
} from './comments.repo.ts';
import { buildThread, finishThread } from './comments.thread.ts';

const EDIT_NOT_ALLOWED = 'Editing comments is not allowed..';
const DIFFERENT_THREAD = 'Parent comment is from a different thread.';
const MAX_DEPTH_EXCEEDED = 'Comment exceeds maximum depth.';
const SAME_PARENT_REQUIRED = 'Comments must belong to the same parent record.';
const TRENDING_NEEDS_PARENT = 'Trending sort requires a parentRecordType and parentRecordID.';
const TOMBSTONE_NOT_EDITABLE = 'Deleted comments cannot be edited.';

/** A `GET /comments` page and its numbered pager. */
export interface CommentListResult {
  comments: Comment[];
  paging: NumberedPaging;
}

/** `GET /comments/thread`: the thread and the numbered pager of its top-level items. */
export interface CommentThreadResult extends CommentThread {
  paging: NumberedPaging;
}

/** `POST /comments`: the new comment (201), or the premoderation notice (202). */
export type CreateCommentResult =
  { status: 201; comment: Comment } | { status: 202; body: { message: string; status: 202 } };

function actorOf(ctx: RequestContext): CommentActor {
  return { userID: ctx.actor.userID, permissions: ctx.permissions };
}

function commentNotFound(commentID: number): AppError {
  return notFound('Comment', { commentID });
}

/**
 * A discussion the actor may read comments of.
 * @throws AppError 404 "Discussion not found." (also for a pending one the actor may not see), 403.
 */
async function requireReadableDiscussion(
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
async function requireReadableComment(
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

/** The category and its ancestors (countAll counters), from the tree path. */
function categoryChainOf(discussion: DiscussionContextRow): number[] {
  const ids = pathCategoryIDs(discussion.treePath);
  return ids.length > 0 ? ids : [discussion.categoryID];
}

/**
 * What guests see change when comments of these discussions change (the guest cache): the
 * discussions' pages, and their categories' and ancestors' pages, totals and last posts.
 */
function changedForGuests(...discussions: (DiscussionContextRow | undefined)[]): GuestCacheChange {
  const present = discussions.filter((discussion) => discussion !== undefined);
  return {
    discussionIDs: present.map((discussion) => discussion.discussionID),
    categoryIDs: present.flatMap(categoryChainOf),
  };
}

/** A stored format as the renderer takes it; formats only old records carry render as text. */
function storedFormat(format: string): ContentFormat {
  return isContentFormat(format) ? format : 'text';
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
async function presentComments(
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
  const now = Date.now();
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
      permissionsOf: (comment, discussion) =>
        commentPermissionsOf(actor, comment, discussion, settings, now),
    }),
  );
}

async function presentOne(
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
    for (const categoryID of query.categoryID.values) {
      const category = await findCategoryByID(ctx.db, categoryID);
      if (category)
        authorize(canViewCategory(ctx.permissions, category), { permissions: 'discussions.view' });
    }
  }
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
    countComments(ctx.db, filter),
    findComments(ctx.db, filter, {
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

/**
 * api-contract §1.13 flood control: N comments within M seconds lock the author out for L
 * seconds after the latest one.
 * @throws AppError 429 with the contract's message, also as a field error on `body`.
 */
async function enforceCommentFloodControl(
  ctx: RequestContext,
  userID: number,
  settings: SiteSettings,
): Promise<void> {
  const count = settings['floodControl.comments.count'];
  const seconds = settings['floodControl.comments.seconds'];
  const lockSeconds = settings['floodControl.comments.lockSeconds'];
  const dates = await findRecentCommentDates(ctx.db, userID, count);
  const newest = dates[0];
  const oldest = dates[count - 1];
  if (newest === undefined || oldest === undefined) return;
  const newestAt = Date.parse(newest);
  if (newestAt - Date.parse(oldest) > seconds * 1000) return;
  const lockedUntil = newestAt + lockSeconds * 1000;
  const now = Date.now();
  if (now >= lockedUntil) return;
  const message = `You have posted ${String(count)} times within ${String(seconds)} seconds. A spam block is now in effect on your account. You must wait at least ${String(lockSeconds)} seconds before attempting to post again.`;
  throw new AppError(429, message, {
    errors: [{ field: 'body', code: 'spamBlock', message, status: 429 }],
    headers: { 'retry-after': String(Math.max(1, Math.ceil((lockedUntil - now) / 1000))) },
  });
}

/*
 * Lock order of every write that changes comment counters (issue 4): comment rows, then
 * discussions, then users, then userDiscussions, then categories in ascending ID (one statement,
 * categoryCountersUpdate). Categories come last, with the commit, because every comment of a
 * subtree changes its top-level category: the shorter those rows stay locked, the more comments
 * commit per second.
 */

/**
 * Counts a newly visible comment in the caller's transaction (interfaces.md "Comments"): its
 * parent's replies, the discussion's count and last comment, its author's comments and read
 * position, the categories' counts and last post.
 */
async function countCommentAdded(
  trx: Db,
  control: TransactionControl,
  comment: CommentRow,
  discussion: DiscussionContextRow,
): Promise<void> {
  if (comment.parentCommentID !== null)
    await adjustChildCommentCount(trx, comment.parentCommentID, 1);
  const counted = await countNewDiscussionComment(
    trx,
    comment,
    computeHot(discussion.score, comment.dateInserted),
  );
  await countCommentBeyondDiscussion(trx, control, comment, discussion, counted);
}

/**
 * The rest of countCommentAdded once the discussion row counted the comment (`counted`, undefined
 * when the discussion is gone): the author's count and read position, the categories' counts and
 * last post, sent with the COMMIT.
 */
async function countCommentBeyondDiscussion(
  trx: Db,
  control: TransactionControl,
  comment: CommentRow,
  discussion: DiscussionContextRow,
  counted: DiscussionCommentCount | undefined,
): Promise<void> {
  if (!counted) return;
  // The discussion row is locked now: a move that committed since it was read shows here.
  const current =
    counted.categoryID === discussion.categoryID
      ? discussion
      : await findDiscussionContext(trx, discussion.discussionID);
  if (!current) return;
  const counters = newCommentCounters(trx, comment, current);
  if (counters.author) control.atCommit(counters.author);
  // A user has read their own comment: their read position moves to the discussion's end.
  control.atCommit(counters.participation(counted.countComments));
  if (counters.categories) control.atCommit(counters.categories);
}

/**
 * The statements that count a new comment beyond its discussion: its author's count and read
 * position, and the counts and last post of its discussion's category chain.
 */
function newCommentCounters(
  db: Db,
  comment: { commentID: number | Expression<number>; insertUserID: number; dateInserted: string },
  discussion: DiscussionContextRow,
): NewCommentCounters {
  return {
    author: userCountersUpdate(db, comment.insertUserID, { comments: 1 }),
    participation: (countCommentsRead) =>
      participationUpsert(
        db,
        comment.insertUserID,
        discussion.discussionID,
        countCommentsRead,
        comment.dateInserted,
      ),
    categories: categoryCountersUpdate(db, {
      categoryID: discussion.categoryID,
      chainIDs: categoryChainOf(discussion),
      discussions: 0,
      comments: 1,
      newPost: {
        discussionID: discussion.discussionID,
        commentID: comment.commentID,
        date: comment.dateInserted,
      },
    }),
    expectedCategoryID: discussion.categoryID,
  };
}

/**
 * A discussion's count and last comment after `counted` of its comments stopped counting there
 * (deleted, tombstoned or moved away): the last comment goes back to the previous one, else to
 * the discussion's own date.
 */
async function uncountDiscussionComments(
  trx: Db,
  discussion: DiscussionContextRow,
  counted: readonly CommentRow[],
): Promise<void> {
  const lastGone = counted.some((row) => row.commentID === discussion.lastCommentID);
  let last: DiscussionCommentCounters['last'];
  if (lastGone) {
    const latest = await findLatestComment(trx, discussion.discussionID);
    const dateLastComment = latest?.dateInserted ?? discussion.dateInserted;
    last = {
      lastCommentID: latest?.commentID ?? null,
      lastCommentUserID: latest?.insertUserID ?? null,
      dateLastComment,
      hot: computeHot(discussion.score, dateLastComment),
    };
  }
  await updateDiscussionCommentCounters(trx, discussion.discussionID, {
    countCommentsDelta: -counted.length,
    ...(last ? { last } : {}),
  });
}

/** Comments that count: accepted and not tombstoned. */
function countedComments(rows: readonly CommentRow[]): CommentRow[] {
  return rows.filter((row) => row.moderationStatus === 'accepted' && row.displayType === 'full');
}

/**
 * Counters after comments of one discussion stopped counting (deleted or tombstoned): the
 * authors' counts, the discussion's count and last comment, the categories' counts and last
 * post. Call it after the comment rows changed.
 */
async function countCommentsGone(
  trx: Db,
  discussionID: number,
  gone: readonly CommentRow[],
): Promise<void> {
  const counted = countedComments(gone);
  if (counted.length === 0) return;
  const discussion = await findDiscussionContext(trx, discussionID);
  if (!discussion) return;
  await uncountDiscussionComments(trx, discussion, counted);
  const byAuthor = new Map<number, number>();
  for (const row of counted)
    byAuthor.set(row.insertUserID, (byAuthor.get(row.insertUserID) ?? 0) + 1);
  // Ascending user IDs: two deletions never lock the same users in opposite orders.
  for (const userID of [...byAuthor.keys()].sort((a, b) => a - b))
    await adjustUserCommentCount(trx, userID, -(byAuthor.get(userID) ?? 0));
  await adjustCategoryCounters(trx, {
    categoryID: discussion.categoryID,
    chainIDs: categoryChainOf(discussion),
    discussions: 0,
    comments: -counted.length,
  });
  await refreshCategoryLastPost(trx, discussion.categoryID);
}

/**
 * `POST /comments` (api-contract §9): signed in with `comments.add` in the discussion's category
 * (closed: `discussions.close` too); threaded replies stay in their discussion and at most
 * MAX_COMMENT_DEPTH deep. Members are subject to flood control and premoderation.
 * @throws AppError 404 discussion/parent/user, 403, 400 thread rules, 422/400 body, 429 flood.
 */
export async function createComment(
  ctx: RequestContext,
  input: CreateCommentBody,
): Promise<CreateCommentResult> {
  const discussionID = input.discussionID ?? input.parentRecordID;
  if (discussionID === undefined)
    throw fieldError('parentRecordID', 'parentRecordID is required.', 400, 'missingField');
  const discussion = await requireReadableDiscussion(ctx, ctx.db, discussionID);
  const actor = actorOf(ctx);
  if (!canAddComment(actor, discussion)) {
    if (discussion.closed && canAddComment(actor, { ...discussion, closed: false }))
      throw permissionError(['discussions.close']);
    authorize(false, { permissions: 'comments.add' });
  }

  let authorID = ctx.actor.userID;
  if (input.insertUserID !== undefined && input.insertUserID !== authorID) {
    authorize(canPostAsAnotherUser(ctx.permissions), { permissions: 'site.manage' });
    if (!(await liveUserExists(ctx.db, input.insertUserID)))
      throw notFound('User', { userID: input.insertUserID });
    authorID = input.insertUserID;
  }

  let depth = 1;
  const parentCommentID = input.parentCommentID ?? null;
  let parent: CommentRow | undefined;
  if (parentCommentID !== null) {
    parent = await findCommentByID(ctx.db, parentCommentID);
    if (!parent || parent.moderationStatus !== 'accepted') throw commentNotFound(parentCommentID);
    if (parent.discussionID !== discussion.discussionID) throw new AppError(400, DIFFERENT_THREAD);
    depth = parent.depth + 1;
    if (depth > MAX_COMMENT_DEPTH) throw new AppError(400, MAX_DEPTH_EXCEEDED);
  }

  const settings = await getSettings(ctx.db);
  const exempt = isExemptFromModeration(ctx.permissions, discussion);
  if (!exempt) await enforceCommentFloodControl(ctx, authorID, settings);

  const rendered = await renderBody(ctx, { body: input.body, format: input.format });

  const pending = settings['premoderation.comments'] && !exempt;
  const now = nowIso();
  const values: NewComment = {
    discussionID: discussion.discussionID,
    parentCommentID,
    depth,
    body: input.body,
    format: input.format,
    bodyHtml: rendered.html,
    bodyPlainText: rendered.plainText,
    insertUserID: authorID,
    dateInserted: now,
    moderationStatus: pending ? 'pending' : 'accepted',
  };
  let comment: CommentRow;
  if (pending || parentCommentID !== null) {
    comment = await runTransaction(ctx.db, async (trx, control) => {
      const inserted = await insertComment(trx, values);
      if (!pending) await countCommentAdded(trx, control, inserted, discussion);
      return inserted;
    });
  } else {
    // A top-level comment, the usual case: one statement on PostgreSQL (createCountedComment).
    const created = await createCountedComment(
      ctx.db,
      values,
      computeHot(discussion.score, now),
      (commentID) => newCommentCounters(ctx.db, { ...values, commentID }, discussion),
    );
    comment = created.comment;
    if (created.counted && created.counted.categoryID !== discussion.categoryID) {
      // The discussion moved between our read and the insert: count it where it is now.
      await runTransaction(ctx.db, async (trx, control) => {
        const current = await findDiscussionContext(trx, discussion.discussionID);
        if (!current) return;
        const categories = newCommentCounters(trx, comment, current).categories;
        if (categories) control.atCommit(categories);
      });
    }
  }
  declareGuestChange(ctx, pending ? 'nothing' : changedForGuests(discussion));
  if (pending) return { status: 202, body: { message: COMMENT_PENDING_MESSAGE, status: 202 } };
  // The row as inserted, its discussion and its parent are in hand: nothing is read again.
  const [presented] = await presentComments(ctx, [comment], {
    expand: toCommentExpand(new Set()),
    quoteParent: true,
    discussions: new Map([[discussion.discussionID, discussion]]),
    ...(parent ? { parents: new Map([[parent.commentID, parent]]) } : {}),
  });
  if (!presented) throw commentNotFound(comment.commentID);
  return { status: 201, comment: presented };
}

/**
 * `PATCH /comments/{id}` (api-contract §9): moderators and `comments.edit` always; the author of a
 * comment in an open discussion within `ui.editContentTimeout`.
 * @throws AppError 404, 403, 400 "Editing comments is not allowed..", 422/400 body.
 */
export async function patchComment(
  ctx: RequestContext,
  commentID: number,
  input: PatchCommentBody,
): Promise<Comment> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  if (comment.displayType === 'tombstone') throw new AppError(400, TOMBSTONE_NOT_EDITABLE);
  const settings = await getSettings(ctx.db);
  const decision = editDecision(
    actorOf(ctx),
    comment,
    discussion,
    settings['ui.editContentTimeout'],
  );
  if (decision === 'timeout') throw new AppError(400, EDIT_NOT_ALLOWED);
  authorize(decision === 'allowed', { permissions: 'comments.edit' });

  let insertUserID: number | undefined;
  if (input.insertUserID !== undefined && input.insertUserID !== comment.insertUserID) {
    authorize(canPostAsAnotherUser(ctx.permissions), { permissions: 'site.manage' });
    if (!(await liveUserExists(ctx.db, input.insertUserID)))
      throw notFound('User', { userID: input.insertUserID });
    insertUserID = input.insertUserID;
  }
  const moving =
    input.discussionID !== undefined && input.discussionID !== comment.discussionID
      ? await requireMoveTarget(ctx, comment, input.discussionID)
      : undefined;

  let rendered: RenderedContent | undefined;
  if (input.body !== undefined || input.format !== undefined) {
    rendered = await renderBody(ctx, {
      body: input.body ?? comment.body,
      format: input.format ?? storedFormat(comment.format),
    });
  }

  await ctx.db.transaction().execute(async (trx) => {
    await updateComment(trx, comment.commentID, {
      ...(rendered
        ? {
            body: input.body ?? comment.body,
            format: input.format ?? comment.format,
            bodyHtml: rendered.html,
            bodyPlainText: rendered.plainText,
          }
        : {}),
      ...(insertUserID === undefined ? {} : { insertUserID }),
      updateUserID: ctx.actor.userID > 0 ? ctx.actor.userID : null,
      dateUpdated: nowIso(),
    });
    if (insertUserID !== undefined && comment.moderationStatus === 'accepted') {
      // Ascending user IDs (the lock order above countCommentAdded).
      const changes: [number, number][] = [
        [comment.insertUserID, -1],
        [insertUserID, 1],
      ];
      for (const [userID, delta] of changes.sort(([a], [b]) => a - b))
        await adjustUserCommentCount(trx, userID, delta);
    }
    if (moving) await moveComment(trx, comment, moving);
  });
  declareGuestChange(ctx, changedForGuests(discussion, moving));
  return presentOne(ctx, comment.commentID, {
    expand: toCommentExpand(new Set()),
    quoteParent: true,
  });
}

/**
 * The discussion a comment moves to: `comments.add` there; only a comment without replies moves,
 * and it becomes a top-level comment.
 * @throws AppError 404, 403, 400.
 */
async function requireMoveTarget(
  ctx: RequestContext,
  comment: CommentRow,
  discussionID: number,
): Promise<DiscussionContextRow> {
  const target = await requireReadableDiscussion(ctx, ctx.db, discussionID);
  authorize(canAddComment(actorOf(ctx), { ...target, closed: false }), {
    permissions: 'comments.add',
  });
  if (comment.countChildComments > 0)
    throw new AppError(400, 'A comment with replies cannot be moved.');
  return target;
}

async function moveComment(
  trx: Db,
  comment: CommentRow,
  target: DiscussionContextRow,
): Promise<void> {
  await moveCommentRow(trx, comment.commentID, target.discussionID);
  if (comment.parentCommentID !== null)
    await adjustChildCommentCount(trx, comment.parentCommentID, -1);
  // Its author's count stays: the comment still counts, in another discussion.
  if (countedComments([comment]).length === 0) return;
  const discussions = await findDiscussionContexts(trx, [
    comment.discussionID,
    target.discussionID,
  ]);
  const source = discussions.get(comment.discussionID);
  const destination = discussions.get(target.discussionID);
  if (!source || !destination) return;
  const countInDestination = async () => {
    const latest = await findLatestComment(trx, destination.discussionID);
    const isLatest = latest?.commentID === comment.commentID;
    await updateDiscussionCommentCounters(trx, destination.discussionID, {
      countCommentsDelta: 1,
      ...(isLatest
        ? {
            last: {
              lastCommentID: comment.commentID,
              lastCommentUserID: comment.insertUserID,
              dateLastComment: comment.dateInserted,
              hot: computeHot(destination.score, comment.dateInserted),
            },
          }
        : {}),
    });
  };
  // Both discussions in ascending ID, then both subtrees' categories together in ascending ID.
  const discussionChanges = [
    {
      discussionID: source.discussionID,
      run: () => uncountDiscussionComments(trx, source, [comment]),
    },
    { discussionID: destination.discussionID, run: countInDestination },
  ].sort((a, b) => a.discussionID - b.discussionID);
  for (const change of discussionChanges) await change.run();
  await lockCategoryRows(trx, [...categoryChainOf(source), ...categoryChainOf(destination)]);
  await adjustCategoryCounters(trx, {
    categoryID: source.categoryID,
    chainIDs: categoryChainOf(source),
    discussions: 0,
    comments: -1,
  });
  await adjustCategoryCounters(trx, {
    categoryID: destination.categoryID,
    chainIDs: categoryChainOf(destination),
    discussions: 0,
    comments: 1,
  });
  await refreshCategoryLastPost(trx, source.categoryID);
  await refreshCategoryLastPost(trx, destination.categoryID);
}

/**
 * Deletes one comment in the caller's transaction. A comment with replies becomes a tombstone
 * (empty body, kept in its thread) unless `full`, which removes it with its replies. A tombstone
 * left without replies goes too.
 */
async function deleteOneComment(
  trx: Db,
  comment: CommentRow,
  method: CommentDeleteMethod,
): Promise<void> {
  if (method === 'tombstone' && comment.countChildComments > 0) {
    if (comment.displayType === 'tombstone') return;
    await updateComment(trx, comment.commentID, {
      displayType: 'tombstone',
      body: '',
      bodyHtml: '',
      bodyPlainText: '',
    });
    await countCommentsGone(trx, comment.discussionID, [comment]);
    return;
  }
  const descendantIDs = await findDescendantIDs(trx, [comment.commentID]);
  const descendants = [...(await findCommentsByIDs(trx, descendantIDs)).values()];
  await deleteCommentRows(trx, [comment.commentID, ...descendantIDs]);
  let parentID = comment.parentCommentID;
  while (parentID !== null) {
    await adjustChildCommentCount(trx, parentID, -1);
    const parent = await findCommentByID(trx, parentID);
    if (!parent || parent.displayType !== 'tombstone' || parent.countChildComments > 0) break;
    await deleteCommentRows(trx, [parent.commentID]);
    parentID = parent.parentCommentID;
  }
  // Counters after every comment row changed (the lock order above countCommentAdded).
  await countCommentsGone(trx, comment.discussionID, [comment, ...descendants]);
}

/**
 * `DELETE /comments/{id}` (api-contract §9): moderators, `comments.delete` in the category, or the
 * author with `comments.allowSelfDelete`. Replies keep a tombstone of their parent.
 * @throws AppError 404, 403.
 */
export async function deleteComment(ctx: RequestContext, commentID: number): Promise<void> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  const settings = await getSettings(ctx.db);
  authorize(
    canDeleteComment(actorOf(ctx), comment, discussion, settings['comments.allowSelfDelete']),
    { permissions: 'comments.delete' },
  );
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findCommentByID(trx, commentID);
    if (fresh) await deleteOneComment(trx, fresh, 'tombstone');
  });
  declareGuestChange(ctx, changedForGuests(discussion));
}

/**
 * One item of `DELETE /comments/list` (run by the long runner for each ID).
 * @throws AppError 404, 403 for this comment.
 */
async function deleteListedComment(
  ctx: RequestContext,
  commentID: number,
  method: CommentDeleteMethod,
): Promise<void> {
  const { comment, discussion } = await requireReadableComment(ctx, ctx.db, commentID);
  const settings = await getSettings(ctx.db);
  authorize(
    canDeleteComment(actorOf(ctx), comment, discussion, settings['comments.allowSelfDelete']),
    { permissions: 'comments.delete' },
  );
  await ctx.db.transaction().execute(async (trx) => {
    const fresh = await findCommentByID(trx, commentID);
    if (fresh) await deleteOneComment(trx, fresh, method);
  });
}

const ACTION_DELETE_COMMENTS = 'comments.deleteList';

registerLongRunnerAction(ACTION_DELETE_COMMENTS, async (ctx, commentID, args) => {
  await deleteListedComment(ctx, commentID, args.deleteMethod === 'full' ? 'full' : 'tombstone');
});

/**
 * `DELETE /comments/list` (api-contract §9, §1.11): checks the whole request, then deletes each
 * comment through the long runner (`tombstone` keeps comments with replies as tombstones, `full`
 * removes them with their replies). Already-missing IDs end in `failedIDs` (404).
 * @throws AppError 400 comments of several parents, 403 with `recordIDs`.
 */
export async function deleteCommentsList(
  ctx: RequestContext,
  input: DeleteCommentsBody,
  query: LongRunnerQuery,
): Promise<LongRunnerOutcome<200>> {
  const ids = await checkCommentsDeletable(ctx, input.commentIDs);
  return runLongRunner(ctx, {
    action: ACTION_DELETE_COMMENTS,
    ids,
    args: { deleteMethod: input.deleteMethod },
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 200,
  });
}

/**
 * Checks a `DELETE /comments/list` request before it runs: the comments that exist share one
 * parent record, and the actor may delete each (else 403 naming them).
 * @throws AppError 400 "Comments must belong to the same parent record.", 403 with `recordIDs`.
 */
async function checkCommentsDeletable(
  ctx: RequestContext,
  commentIDs: readonly number[],
): Promise<number[]> {
  const ids = [...new Set(commentIDs)];
  const rows = await findCommentsByIDs(ctx.db, ids);
  const parents = new Set([...rows.values()].map((row) => row.discussionID));
  if (parents.size > 1) throw new AppError(400, SAME_PARENT_REQUIRED);
  const discussions = await findDiscussionContexts(ctx.db, [...parents]);
  const settings = await getSettings(ctx.db);
  const actor = actorOf(ctx);
  const refused: number[] = [];
  for (const row of rows.values()) {
    const discussion = discussions.get(row.discussionID);
    if (!discussion) continue;
    const visible =
      canSeeDiscussion(actor, discussion) &&
      canViewComments(ctx.permissions, discussion) &&
      canSeeComment(actor, row, discussion);
    if (!visible) continue;
    if (!canDeleteComment(actor, row, discussion, settings['comments.allowSelfDelete']))
      refused.push(row.commentID);
  }
  if (refused.length > 0) authorize(false, { permissions: 'comments.delete', recordIDs: refused });
  return ids;
}

// ---------------------------------------------------------------------------------------------
// Threads

/** A comment's chain from the top-level comment down to itself. */
async function ancestorChain(db: Db, comment: CommentRow): Promise<CommentRow[]> {
  const chain = [comment];
  let current = comment;
  while (current.parentCommentID !== null && chain.length <= MAX_COMMENT_DEPTH + 1) {
    const parent = await findCommentByID(db, current.parentCommentID);
    if (!parent) break;
    chain.unshift(parent);
    current = parent;
  }
  return chain;
}

function holeApiUrl(
  ctx: RequestContext,
  query: ParsedCommentThreadQuery,
  parentCommentID: number,
  offset: number,
  count: number,
): string {
  const url = new URL('/api/v2/comments/thread', ctx.config.baseUrl);
  url.searchParams.set('parentRecordType', query.parentRecordType);
  url.searchParams.set('parentRecordID', String(query.parentRecordID));
  url.searchParams.set('parentCommentID', String(parentCommentID));
  url.searchParams.set('offset', String(offset));
  url.searchParams.set('limit', String(Math.min(Math.max(count, 1), MAX_THREAD_LIMIT)));
  url.searchParams.set('collapseChildDepth', String(query.collapseChildDepth));
  url.searchParams.set('collapseChildLimit', String(query.collapseChildLimit));
  url.searchParams.set('sort', query.sort);
  if (query.expand.size > 0) url.searchParams.set('expand', [...query.expand].join(','));
  return url.toString();
}

/**
 * `GET /comments/thread` (api-contract §9): a page of top-level items (or of a comment's replies
 * with `parentCommentID`) with their replies to `collapseChildDepth` levels and
 * `collapseChildLimit` each; the rest are holes whose `apiUrl` loads them. `focusCommentID`
 * expands that comment's chain and, without `page`, picks the page holding it.
 * @throws AppError 404 discussion or parent comment, 403 without view.
 */
export async function getCommentThread(
  ctx: RequestContext,
  input: CommentThreadQuery,
): Promise<CommentThreadResult> {
  // Routes pass an already parsed query (expand is a Set); hydrators pass plain values.
  const query = commentThreadQuerySchema.parse({
    ...input,
    expand: input.expand instanceof Set ? [...(input.expand as Set<string>)] : input.expand,
  });
  const discussion = await requireReadableDiscussion(ctx, ctx.db, query.parentRecordID);
  const discussionID = discussion.discussionID;

  let rootParent: CommentRow | null = null;
  let basePath = '';
  if (query.parentCommentID !== undefined) {
    const { comment } = await requireReadableComment(ctx, ctx.db, query.parentCommentID);
    if (comment.discussionID !== discussionID) throw commentNotFound(query.parentCommentID);
    rootParent = comment;
    basePath = (await ancestorChain(ctx.db, comment)).map((row) => String(row.commentID)).join('.');
  }

  const focusIDs = new Set<number>();
  let focusRoot: CommentRow | undefined;
  if (query.focusCommentID !== undefined) {
    const focus = await findCommentByID(ctx.db, query.focusCommentID);
    if (focus && focus.discussionID === discussionID && focus.moderationStatus === 'accepted') {
      const chain = await ancestorChain(ctx.db, focus);
      for (const row of chain) focusIDs.add(row.commentID);
      focusRoot = chain[0];
    }
  }

  const limit = query.limit;
  let offset: number;
  if (query.offset !== undefined) offset = query.offset;
  else if (query.page !== undefined) offset = (query.page - 1) * limit;
  else if (focusRoot && rootParent === null && query.sort === 'dateInserted')
    offset =
      Math.floor((await countTopLevelBefore(ctx.db, discussionID, focusRoot)) / limit) * limit;
  else offset = 0;
  const page = Math.floor(offset / limit) + 1;

  const parentID = rootParent?.commentID ?? null;
  const [total, roots] = await Promise.all([
    countThreadItems(ctx.db, discussionID, parentID),
    findThreadPage(ctx.db, discussionID, parentID, { sort: query.sort, limit, offset }),
  ]);

  // Replies level by level (at most MAX_COMMENT_DEPTH levels), to count what holes hold.
  const childrenOf = new Map<number, ThreadNodeRow[]>();
  let level: readonly ThreadNodeRow[] = roots;
  while (level.length > 0) {
    const children = await findThreadChildren(
      ctx.db,
      level.map((row) => row.commentID),
      query.sort,
    );
    for (const child of children) {
      if (child.parentCommentID === null) continue;
      const siblings = childrenOf.get(child.parentCommentID) ?? [];
      siblings.push(child);
      childrenOf.set(child.parentCommentID, siblings);
    }
    level = children;
  }

  const built = buildThread({
    roots,
    childrenOf,
    collapseChildDepth: query.collapseChildDepth,
    collapseChildLimit: query.collapseChildLimit,
    focusIDs,
    basePath,
  });

  const holeUserIDs = new Set<number>();
  const collectHoleUsers = (items: ReturnType<typeof buildThread>['items']): void => {
    for (const item of items) {
      if (item.type === 'hole') item.insertUserIDs.slice(0, 5).forEach((id) => holeUserIDs.add(id));
      else collectHoleUsers(item.children);
    }
  };
  collectHoleUsers(built.items);
  const holeUsers = await findUserFragmentRows(ctx.db, [...holeUserIDs]);
  const viewer = fragmentViewerOf(ctx);

  const threadStructure: ThreadItem[] = finishThread(built.items, (hole) => ({
    type: 'hole',
    holeID: hole.holeID,
    parentCommentID: hole.parentCommentID,
    depth: hole.depth,
    path: hole.path,
    offset: hole.offset,
    countAllComments: hole.countAllComments,
    countAllInsertUsers: hole.insertUserIDs.length,
    insertUsers: hole.insertUserIDs
      .slice(0, 5)
      .map((id) => presentUserFragment(holeUsers.get(id), viewer)),
    apiUrl: holeApiUrl(ctx, query, hole.parentCommentID, hole.offset, hole.countSiblings),
  }));

  const rows = await findCommentsByIDs(ctx.db, built.shownIDs);
  const ordered = built.shownIDs
    .map((id) => rows.get(id))
    .filter((row): row is CommentRow => row !== undefined);
  const comments = await presentComments(ctx, ordered, {
    expand: toCommentExpand(query.expand),
    quoteParent: false,
    discussions: new Map([[discussionID, discussion]]),
  });
  const commentsByID: Record<string, Comment> = {};
  for (const comment of comments) commentsByID[String(comment.commentID)] = comment;
  return { threadStructure, commentsByID, paging: { page, limit, total } };
}

/**
 * Where `/discussion/comment/{id}` shows a comment: its discussion and the page (of `limit`
 * top-level items, oldest first) holding its top-level ancestor.
 * @throws AppError 404 "Comment not found.", 403 without view.
 */
export async function findCommentLocation(
  ctx: RequestContext,
  commentID: number,
  options: { limit: number },
): Promise<{ discussionID: number; page: number }> {
  const { comment } = await requireReadableComment(ctx, ctx.db, commentID);
  const [root] = await ancestorChain(ctx.db, comment);
  const position = await countTopLevelBefore(ctx.db, comment.discussionID, root ?? comment);
  return {
    discussionID: comment.discussionID,
    page: Math.floor(position / Math.max(1, options.limit)) + 1,
  };
}
