import type { Comment } from '../../../../common/src/api/comments.ts';
import { isContentFormat, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { adjustCategoryCounters, refreshCategoryLastPost } from '../../platform/db/post-counters.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import { logCommentEdit } from '../logs/logs.record.ts';
import { adjustUserCommentCount, countNewDiscussionComment } from './comments.counters.repo.ts';
import { categoryChainOf, findDiscussionContext } from './comments.discussion-context.repo.ts';
import { toCommentExpand } from './comments.present.ts';
import { adjustChildCommentCount, findCommentByID, updateComment, type CommentRow } from './comments.repo.ts';
import { insertCommentWithID } from './comments.restore.repo.ts';
import { changedForGuests, presentOne } from './comments.service.ts';

// Issue 17 (api-contract §27.6): restoring a deleted comment or an earlier version of one.

/** The comment a restore answers with (api-contract §27.6: the record after the restore). */
export function presentRestoredComment(ctx: RequestContext, commentID: number): Promise<Comment> {
  return presentOne(ctx, commentID, { expand: toCommentExpand(new Set()), quoteParent: false });
}

/** One comment row (the change log's live version). */
export function findCommentRow(db: Db, commentID: number): Promise<CommentRow | undefined> {
  return findCommentByID(db, commentID);
}

function formatOf(format: string): ContentFormat {
  return isContentFormat(format) ? format : 'text';
}

const DISCUSSION_GONE = 'The discussion of this comment no longer exists.';

/**
 * Puts an earlier version of a comment back (an `edit` entry); the live version is logged as an
 * `edit` first, in the same transaction.
 * @throws AppError 409 when the comment or its discussion is gone.
 */
export async function restoreCommentVersion(
  ctx: RequestContext,
  commentID: number,
  version: { body: string; format: string },
): Promise<void> {
  const rendered = await renderBody(ctx, { body: version.body, format: formatOf(version.format) });
  const now = nowIso(ctx.clock);
  const discussion = await ctx.db.transaction().execute(async (trx) => {
    const live = await findCommentByID(trx, commentID);
    if (!live || live.displayType === 'tombstone') throw new AppError(409, 'The comment of this version no longer exists.');
    const context = await findDiscussionContext(trx, live.discussionID);
    if (!context) throw new AppError(409, DISCUSSION_GONE);
    await logCommentEdit(trx, live, context.categoryID, { insertUserID: ctx.actor.userID, dateInserted: now });
    await updateComment(trx, commentID, {
      body: version.body,
      format: version.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      updateUserID: ctx.actor.userID,
      dateUpdated: now,
    });
    return context;
  });
  declareGuestChange(ctx, changedForGuests(discussion));
  ctx.events.publish('commentEdited', {
    commentID,
    discussionID: discussion.discussionID,
    categoryID: discussion.categoryID,
    updateUserID: ctx.actor.userID,
  });
}

/**
 * Puts a deleted comment back with its ID, in the caller's transaction (a `delete` entry): a
 * tombstone gets its body back, a removed comment its row (as a top-level comment when its parent
 * is gone); counters as for a new comment (discussion, author, categories, last posts).
 * @throws AppError 409 when its discussion is gone or the comment is already live.
 */
export async function restoreDeletedComment(
  ctx: RequestContext,
  trx: Db,
  data: CommentRow,
): Promise<void> {
  const discussion = await findDiscussionContext(trx, data.discussionID);
  if (!discussion) throw new AppError(409, DISCUSSION_GONE);
  const live = await findCommentByID(trx, data.commentID);
  if (live && live.displayType !== 'tombstone') throw new AppError(409, 'This comment already exists.');
  const rendered = await renderBody(ctx, { body: data.body, format: formatOf(data.format) });
  if (live) {
    await updateComment(trx, data.commentID, {
      body: data.body,
      format: data.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      displayType: 'full',
    });
  } else {
    const parent = data.parentCommentID === null ? undefined : await findCommentByID(trx, data.parentCommentID);
    await insertCommentWithID(trx, {
      commentID: data.commentID,
      discussionID: data.discussionID,
      parentCommentID: parent ? parent.commentID : null,
      depth: parent ? parent.depth + 1 : 1,
      body: data.body,
      format: data.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      insertUserID: data.insertUserID,
      updateUserID: data.updateUserID,
      dateInserted: data.dateInserted,
      dateUpdated: data.dateUpdated,
      score: data.score,
      moderationStatus: data.moderationStatus,
      displayType: 'full',
      attributes: JSON.stringify(data.attributes),
    });
    if (parent) await adjustChildCommentCount(trx, parent.commentID, 1);
  }
  if (data.moderationStatus !== 'accepted') return;
  await countNewDiscussionComment(trx, data, computeHot(discussion.score, data.dateInserted));
  await adjustUserCommentCount(trx, data.insertUserID, 1);
  await adjustCategoryCounters(trx, {
    categoryID: discussion.categoryID,
    chainIDs: categoryChainOf(discussion),
    discussions: 0,
    comments: 1,
  });
  await refreshCategoryLastPost(trx, discussion.categoryID);
  declareGuestChange(ctx, changedForGuests(discussion));
}
