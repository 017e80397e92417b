import type { FastifyReply } from 'fastify';
import { defaultContentFormat } from '../../../../common/src/api/content.ts';
import {
  DISCUSSION_NAME_MAX_LENGTH,
  bulkMessages,
  type BulkMergeBody,
  type BulkMoveBody,
  type SplitBody,
} from '../../../../common/src/api/discussions.ts';
import type { LongRunnerQuery, LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import type { PermissionName } from '../../../../common/src/permissions/names.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { escapeHtml } from '../../platform/content/escape.ts';
import { nowIso } from '../../platform/dates.ts';
import type { Db } from '../../platform/db/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  longRunnerTimeoutOf,
  registerLongRunnerAction,
  runLongRunner,
} from '../../platform/long-runner.ts';
import type { CategoryRow } from '../categories/categories.repo.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import { releaseDiscussionTags } from '../tags/tags.service.ts';
import { refreshCategoryLastPost } from './discussions.counters.ts';
import { computeHot } from './discussions.hot.ts';
import {
  canAddDiscussion,
  canCloseDiscussion,
  canDeleteDiscussion,
  canManageDiscussion,
  canViewDiscussion,
} from './discussions.policy.ts';
import { discussionUrl } from './discussions.present.ts';
import {
  adjustUserCommentCounts,
  adjustUserDiscussionCount,
  deleteDiscussionReactions,
  deleteDiscussionRows,
  findCommentsForSplit,
  findDiscussionByID,
  findDiscussionsByIDs,
  findSystemUserID,
  insertDiscussion,
  insertMergedComment,
  moveAllComments,
  moveCommentsByID,
  repairCommentTree,
  summarizeComments,
  updateDiscussion,
  writeCommentCounters,
  type DiscussionRow,
} from './discussions.repo.ts';
import {
  actorOf,
  adjustCategoryCounts,
  assertDeletable,
  assertPostableCategory,
  deleteDiscussionWithCounters,
  isCounted,
  moveDiscussionWithCounters,
  renderDiscussionBody,
  requireCategory,
  requireViewableDiscussion,
} from './discussions.service.ts';

const ACTION_DELETE = 'discussions.delete';
const ACTION_MOVE = 'discussions.move';
const ACTION_CLOSE = 'discussions.close';
const ACTION_MERGE = 'discussions.merge';

const REDIRECT_NOT_MOVABLE = 'Discussions of type "redirect" can\'t be moved.';
const REDIRECT_NOT_MERGEABLE = 'Discussions of type "redirect" can\'t be merged.';

async function requireDiscussion(db: Db, discussionID: number): Promise<DiscussionRow> {
  const row = await findDiscussionByID(db, discussionID);
  if (!row) throw notFound('Discussion', { discussionID });
  return row;
}

function truncateName(name: string): string {
  return [...name].slice(0, DISCUSSION_NAME_MAX_LENGTH).join('');
}

/**
 * A `redirect` discussion left in the old category, pointing to where the discussion went (as
 * Vanilla does on move and merge): closed, HTML body with the link, the original's author and dates.
 */
async function redirectValues(
  ctx: RequestContext,
  original: DiscussionRow,
  target: DiscussionRow,
  verb: 'moved' | 'merged',
): Promise<{ name: string; body: string; bodyHtml: string; bodyPlainText: string }> {
  const url = discussionUrl(ctx.config.baseUrl, target.discussionID, target.name);
  const body = `<p>This discussion has been <a href="${escapeHtml(url)}">${verb}</a>.</p>`;
  const rendered = await renderDiscussionBody(ctx, body, 'html');
  const prefix = verb === 'moved' ? 'Moved' : 'Merged';
  return {
    name: truncateName(`${prefix}: ${original.name}`),
    body,
    bodyHtml: rendered.html,
    bodyPlainText: rendered.plainText,
  };
}

// ---------------------------------------------------------------------------------------------
// Per-record steps of the long runner (each in its own transaction)

registerLongRunnerAction(ACTION_DELETE, async (ctx, discussionID) => {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    const category = await requireCategory(trx, row.categoryID);
    authorize(canDeleteDiscussion(actorOf(ctx), category), { permissions: 'discussions.delete' });
    await deleteDiscussionWithCounters(trx, row, category);
  });
});

async function moveOne(
  ctx: RequestContext,
  discussionID: number,
  args: { categoryID: number; addRedirects: boolean },
): Promise<void> {
  const actor = actorOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    if (row.type === 'redirect') throw new AppError(400, REDIRECT_NOT_MOVABLE);
    const from = await requireCategory(trx, row.categoryID);
    const to = await requireCategory(trx, args.categoryID);
    authorize(canManageDiscussion(actor, from) && canManageDiscussion(actor, to), {
      permissions: 'discussions.edit',
    });
    if (from.categoryID === to.categoryID) return;
    await moveDiscussionWithCounters(trx, row, from, to);
    if (args.addRedirects && isCounted(row)) {
      const redirect = await redirectValues(
        ctx,
        row,
        { ...row, categoryID: to.categoryID },
        'moved',
      );
      await insertDiscussion(trx, {
        type: 'redirect',
        categoryID: from.categoryID,
        ...redirect,
        format: 'html',
        insertUserID: row.insertUserID,
        dateInserted: row.dateInserted,
        dateLastComment: row.dateLastComment,
        hot: row.hot,
        pinned: false,
        pinLocation: null,
        closed: true,
        sink: false,
        resolved: false,
        resolvedUserID: null,
        moderationStatus: 'accepted',
      });
      await adjustCategoryCounts(trx, from, 1, 0);
    }
  });
}

function moveArgs(args: Record<string, unknown>): { categoryID: number; addRedirects: boolean } {
  return { categoryID: Number(args.categoryID), addRedirects: args.addRedirects === true };
}

registerLongRunnerAction(ACTION_MOVE, async (ctx, discussionID, args) => {
  await moveOne(ctx, discussionID, moveArgs(args));
});

registerLongRunnerAction(ACTION_CLOSE, async (ctx, discussionID, args) => {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireDiscussion(trx, discussionID);
    const category = await requireCategory(trx, row.categoryID);
    authorize(canCloseDiscussion(actorOf(ctx), row, category), {
      permissions: 'discussions.close',
    });
    await updateDiscussion(trx, discussionID, { closed: args.closed !== false });
  });
});

registerLongRunnerAction(ACTION_MERGE, async (ctx, discussionID, args) => {
  const destinationID = Number(args.destinationDiscussionID);
  const addRedirects = args.addRedirects === true;
  if (discussionID === destinationID) return;
  const actor = actorOf(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const source = await requireDiscussion(trx, discussionID);
    const destination = await requireDiscussion(trx, destinationID);
    if (source.type === 'redirect') throw new AppError(400, REDIRECT_NOT_MERGEABLE);
    const sourceCategory = await requireCategory(trx, source.categoryID);
    const destinationCategory = await requireCategory(trx, destination.categoryID);
    authorize(canDeleteDiscussion(actor, sourceCategory), { permissions: 'discussions.delete' });
    authorize(canManageDiscussion(actor, destinationCategory), { permissions: 'discussions.edit' });

    // As Vanilla's merge: the source's body becomes a comment of the destination, then its comments follow.
    if (isCounted(source)) {
      await insertMergedComment(trx, {
        discussionID: destinationID,
        body: source.body,
        format: source.format,
        bodyHtml: source.bodyHtml,
        bodyPlainText: source.bodyPlainText,
        insertUserID: source.insertUserID,
        dateInserted: source.dateInserted,
        dateUpdated: source.dateUpdated,
        updateUserID: source.updateUserID,
        score: source.score,
      });
    }
    await moveAllComments(trx, [discussionID], destinationID);
    await deleteDiscussionReactions(trx, [discussionID]);
    await releaseDiscussionTags(trx, [discussionID]);
    if (addRedirects && isCounted(source)) {
      const redirect = await redirectValues(ctx, source, destination, 'merged');
      await updateDiscussion(trx, discussionID, {
        type: 'redirect',
        ...redirect,
        format: 'html',
        closed: true,
        pinned: false,
        pinLocation: null,
      });
      await writeCommentCounters(trx, discussionID, {
        countComments: 0,
        lastCommentID: null,
        lastCommentUserID: null,
        dateLastComment: source.dateInserted,
        hot: computeHot(source.score, source.dateInserted),
      });
      if (isCounted(source))
        await adjustCategoryCounts(trx, sourceCategory, 0, -source.countComments);
    } else {
      await deleteDiscussionRows(trx, [discussionID]);
      if (isCounted(source))
        await adjustCategoryCounts(trx, sourceCategory, -1, -source.countComments);
    }
    if (isCounted(source)) {
      await adjustUserDiscussionCount(trx, source.insertUserID, -1);
      await adjustUserCommentCounts(trx, new Map([[source.insertUserID, 1]]));
    }

    const summary = await summarizeComments(trx, destinationID);
    const dateLastComment =
      summary.lastCommentDate !== null &&
      Date.parse(summary.lastCommentDate) > Date.parse(destination.dateLastComment)
        ? summary.lastCommentDate
        : destination.dateLastComment;
    await writeCommentCounters(trx, destinationID, {
      countComments: summary.countComments,
      lastCommentID: summary.lastCommentID,
      lastCommentUserID: summary.lastCommentUserID,
      dateLastComment,
      hot: computeHot(destination.score, dateLastComment),
    });
    if (isCounted(destination))
      await adjustCategoryCounts(
        trx,
        destinationCategory,
        0,
        summary.countComments - destination.countComments,
      );
    await refreshCategoryLastPost(trx, sourceCategory.categoryID);
    await refreshCategoryLastPost(trx, destinationCategory.categoryID);
  });
});

// ---------------------------------------------------------------------------------------------
// Pre-checks: the whole call is refused when any record lacks the permission (api-contract §1.10)

function bulkRefusal(
  description: string,
  permission: PermissionName,
  recordIDs: number[],
): AppError {
  return new AppError(403, 'Permission Problem', {
    description,
    context: { permissions: [permission], recordIDs },
  });
}

async function categoriesOf(
  db: Db,
  rows: readonly DiscussionRow[],
): Promise<Map<number, CategoryRow>> {
  const result = new Map<number, CategoryRow>();
  for (const categoryID of new Set(rows.map((row) => row.categoryID)))
    result.set(categoryID, await requireCategory(db, categoryID));
  return result;
}

async function refuseUnlessAll(
  ctx: RequestContext,
  discussionIDs: readonly number[],
  allowed: (row: DiscussionRow, category: CategoryRow) => boolean,
  permission: PermissionName,
  description: string,
): Promise<DiscussionRow[]> {
  const rows = await findDiscussionsByIDs(ctx.db, discussionIDs);
  const categories = await categoriesOf(ctx.db, rows);
  const refused = rows
    .filter((row) => {
      const category = categories.get(row.categoryID);
      return category === undefined || !allowed(row, category);
    })
    .map((row) => row.discussionID)
    .sort((a, b) => a - b);
  if (refused.length > 0) throw bulkRefusal(description, permission, refused);
  return rows;
}

function uniqueIDs(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

// ---------------------------------------------------------------------------------------------
// Calls

/**
 * `DELETE /discussions/{id}` (api-contract §8): 204 when done, through the long runner.
 * @throws AppError 404, 403.
 */
export async function deleteDiscussion(
  ctx: RequestContext,
  reply: FastifyReply,
  discussionID: number,
  query: LongRunnerQuery,
): Promise<LongRunnerResult | null> {
  await assertDeletable(ctx, discussionID);
  return runLongRunner(ctx, reply, {
    action: ACTION_DELETE,
    ids: [discussionID],
    args: {},
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 204,
  });
}

/**
 * `DELETE /discussions/list`: `discussions.delete` on every record (else 403 with `recordIDs`);
 * IDs that no longer exist end in `failedIDs` (404).
 */
export async function bulkDeleteDiscussions(
  ctx: RequestContext,
  reply: FastifyReply,
  discussionIDs: readonly number[],
  query: LongRunnerQuery,
): Promise<LongRunnerResult> {
  const actor = actorOf(ctx);
  const ids = uniqueIDs(discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (_row, category) => canDeleteDiscussion(actor, category),
    'discussions.delete',
    bulkMessages.delete,
  );
  return runLongRunner(ctx, reply, {
    action: ACTION_DELETE,
    ids,
    args: {},
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 200,
  });
}

/**
 * `PATCH /discussions/move`: `discussions.edit` on the target category and every record. One ID
 * answers a plain `{"status": "success"}`; several go through the long runner. `addRedirects`
 * leaves a redirect discussion in the old category.
 * @throws AppError 404 unknown category; 403.
 */
export async function bulkMoveDiscussions(
  ctx: RequestContext,
  reply: FastifyReply,
  input: BulkMoveBody,
  query: LongRunnerQuery,
): Promise<LongRunnerResult | { status: 'success' }> {
  const actor = actorOf(ctx);
  const target = await requireCategory(ctx.db, input.categoryID);
  authorize(canManageDiscussion(actor, target), { permissions: 'discussions.edit' });
  assertPostableCategory(target);
  const ids = uniqueIDs(input.discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (_row, category) => canManageDiscussion(actor, category),
    'discussions.edit',
    bulkMessages.edit,
  );
  const args = { categoryID: target.categoryID, addRedirects: input.addRedirects };
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    await moveOne(ctx, only, args);
    return { status: 'success' };
  }
  return runLongRunner(ctx, reply, {
    action: ACTION_MOVE,
    ids,
    args,
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 200,
  });
}

/** `PATCH /discussions/close`: `discussions.close` on every record (authors with `closeOwn` on their own). */
export async function bulkCloseDiscussions(
  ctx: RequestContext,
  reply: FastifyReply,
  input: { discussionIDs: number[]; closed: boolean },
  query: LongRunnerQuery,
): Promise<LongRunnerResult> {
  const actor = actorOf(ctx);
  const ids = uniqueIDs(input.discussionIDs);
  await refuseUnlessAll(
    ctx,
    ids,
    (row, category) => canCloseDiscussion(actor, row, category),
    'discussions.close',
    bulkMessages.close,
  );
  return runLongRunner(ctx, reply, {
    action: ACTION_CLOSE,
    ids,
    args: { closed: input.closed },
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 200,
  });
}

/**
 * `PATCH /discussions/merge`: the sources' comments move to the destination and their bodies
 * become comments there; sources are deleted or become redirects.
 * @throws AppError 400 fewer than 2 discussions; 404 with `recordIDs` for missing ones; 403.
 */
export async function mergeDiscussions(
  ctx: RequestContext,
  reply: FastifyReply,
  input: BulkMergeBody,
  query: LongRunnerQuery,
): Promise<LongRunnerResult> {
  const actor = actorOf(ctx);
  const all = uniqueIDs([...input.discussionIDs, input.destinationDiscussionID]);
  if (all.length < 2) throw new AppError(400, bulkMessages.mergeTooFew);
  const rows = await findDiscussionsByIDs(ctx.db, all);
  const found = new Set(rows.map((row) => row.discussionID));
  const missing = all.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('Discussion', { recordIDs: missing });
  const categories = await categoriesOf(ctx.db, rows);
  const refused = rows
    .filter((row) => {
      const category = categories.get(row.categoryID);
      if (!category) return true;
      return row.discussionID === input.destinationDiscussionID
        ? !canManageDiscussion(actor, category)
        : !canDeleteDiscussion(actor, category);
    })
    .map((row) => row.discussionID)
    .sort((a, b) => a - b);
  if (refused.length > 0) throw bulkRefusal(bulkMessages.edit, 'discussions.edit', refused);
  return runLongRunner(ctx, reply, {
    action: ACTION_MERGE,
    ids: all.filter((id) => id !== input.destinationDiscussionID),
    args: {
      destinationDiscussionID: input.destinationDiscussionID,
      addRedirects: input.addRedirects,
    },
    timeoutSeconds: longRunnerTimeoutOf(query),
    doneStatus: 200,
  });
}

/**
 * `POST /discussions/split`: comments of one discussion move into a new discussion, in one
 * transaction (at most 50 comments, so no continuation is needed).
 * @throws AppError 404 (comments, category), 400 comments of several discussions, 403.
 */
export async function splitDiscussion(
  ctx: RequestContext,
  input: SplitBody,
): Promise<LongRunnerResult & { newPostUrl: string }> {
  const actor = actorOf(ctx);
  const commentIDs = uniqueIDs(input.commentIDs);
  const comments = await findCommentsForSplit(ctx.db, commentIDs);
  const found = new Set(comments.map((comment) => comment.commentID));
  const missing = commentIDs.filter((id) => !found.has(id));
  if (missing.length > 0) throw notFound('Comment', { recordIDs: missing });
  const sourceIDs = new Set(comments.map((comment) => comment.discussionID));
  if (sourceIDs.size > 1) throw new AppError(400, 'Comments from multiple discussions selected.');
  const [sourceID] = [...sourceIDs];
  if (sourceID === undefined) throw notFound('Comment');
  const { row: source, category: sourceCategory } = await requireViewableDiscussion(
    ctx,
    ctx.db,
    sourceID,
  );
  const target = await requireCategory(ctx.db, input.newPost.categoryID);
  authorize(canViewDiscussion(ctx.permissions, target), { permissions: 'discussions.view' });
  authorize(
    has(ctx.permissions, 'curation.manage') ||
      (canAddDiscussion(actor, target) && canManageDiscussion(actor, sourceCategory)),
    { permissions: ['curation.manage', 'discussions.edit'] },
  );
  assertPostableCategory(target);

  const sourceUrl = discussionUrl(ctx.config.baseUrl, source.discussionID, source.name);
  const body =
    input.newPost.body ??
    `<p>This discussion was created from comments split from: <a href="${escapeHtml(sourceUrl)}">${escapeHtml(source.name)}</a>.</p>`;
  const format =
    input.newPost.body === undefined ? 'html' : (input.newPost.format ?? defaultContentFormat);
  const rendered = await renderDiscussionBody(ctx, body, format);
  const authorID =
    input.newPost.authorType === 'system'
      ? ((await findSystemUserID(ctx.db)) ?? actor.userID)
      : actor.userID;

  const newID = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = await insertDiscussion(trx, {
      type: input.newPost.postType,
      categoryID: target.categoryID,
      name: input.newPost.name,
      body,
      format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      insertUserID: authorID,
      dateInserted: now,
      dateLastComment: now,
      hot: computeHot(0, now),
      pinned: false,
      pinLocation: null,
      closed: false,
      sink: false,
      resolved: false,
      resolvedUserID: null,
      moderationStatus: 'accepted',
    });
    await moveCommentsByID(trx, commentIDs, id);
    await repairCommentTree(trx, id);
    await repairCommentTree(trx, source.discussionID);
    for (const [discussionID, fallback, score] of [
      [id, now, 0],
      [source.discussionID, source.dateInserted, source.score],
    ] as const) {
      const summary = await summarizeComments(trx, discussionID);
      const dateLastComment = summary.lastCommentDate ?? fallback;
      await writeCommentCounters(trx, discussionID, {
        countComments: summary.countComments,
        lastCommentID: summary.lastCommentID,
        lastCommentUserID: summary.lastCommentUserID,
        dateLastComment,
        hot: computeHot(score, dateLastComment),
      });
    }
    const moved = (await summarizeComments(trx, id)).countComments;
    if (isCounted(source)) await adjustCategoryCounts(trx, sourceCategory, 0, -moved);
    await adjustCategoryCounts(trx, target, 1, moved);
    await adjustUserDiscussionCount(trx, authorID, 1);
    await refreshCategoryLastPost(trx, sourceCategory.categoryID);
    await refreshCategoryLastPost(trx, target.categoryID);
    return id;
  });
  return {
    progress: {
      successIDs: commentIDs,
      failedIDs: [],
      exceptionsByID: {},
      countTotalIDs: commentIDs.length,
    },
    callbackPayload: null,
    newPostUrl: discussionUrl(ctx.config.baseUrl, newID, input.newPost.name),
  };
}
