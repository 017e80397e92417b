import type { RequestContext } from '../../http/context.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { userCountersUpdate } from '../../platform/db/post-counters.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError } from '../../platform/errors.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import {
  countCommentWhereDiscussionIs,
  countNewDiscussionComment,
  participationUpsert,
} from './comments.counters.repo.ts';
import { findDiscussionContext } from './comments.discussion-context.repo.ts';
import { adjustChildCommentCount, findCommentByID, updateComment } from './comments.repo.ts';
import { changedForGuests } from './comments.service.ts';

/** What approving a pending comment found (api-contract §27.5). */
export type CommentApprovalOutcome = 'approved' | 'alreadyAccepted' | 'missing';

/**
 * Approves a pending comment (api-contract §27.5): `accepted`, dated the approval time, and
 * counted as a new comment (its parent's replies, its discussion's count and last comment, its
 * author's count and read position, its categories' counts and last post); `commentAdded` then
 * notifies as for a new comment. The caller checked that the actor moderates it.
 * @throws AppError 409 when its discussion is gone.
 */
export async function acceptPendingComment(ctx: RequestContext, commentID: number): Promise<CommentApprovalOutcome> {
  const comment = await findCommentByID(ctx.db, commentID);
  if (!comment) return 'missing';
  if (comment.moderationStatus === 'accepted') return 'alreadyAccepted';
  const discussion = await findDiscussionContext(ctx.db, comment.discussionID);
  if (!discussion) throw new AppError(409, 'The discussion of this comment no longer exists.');
  const now = nowIso(ctx.clock);
  const accepted = { ...comment, dateInserted: now, moderationStatus: 'accepted' as const };
  await runTransaction(ctx.db, async (trx, control) => {
    await updateComment(trx, commentID, { moderationStatus: 'accepted', dateInserted: now });
    if (comment.parentCommentID !== null) await adjustChildCommentCount(trx, comment.parentCommentID, 1);
    const counted = await countNewDiscussionComment(trx, accepted, computeHot(discussion.score, now));
    const author = userCountersUpdate(trx, comment.insertUserID, { comments: 1 });
    if (author) control.atCommit(author);
    if (counted)
      control.atCommit(participationUpsert(trx, comment.insertUserID, comment.discussionID, counted.countComments, now));
  });
  await countCommentWhereDiscussionIs(ctx.db, accepted);
  declareGuestChange(ctx, changedForGuests(discussion));
  ctx.events.publish('commentAdded', {
    commentID,
    discussionID: discussion.discussionID,
    categoryID: discussion.categoryID,
    insertUserID: comment.insertUserID,
    parentCommentID: comment.parentCommentID,
  });
  return 'approved';
}

/** Rejects a pending comment: it stays `rejected`, never shown (api-contract §27.5). */
export async function rejectPendingComment(ctx: RequestContext, commentID: number): Promise<void> {
  const comment = await findCommentByID(ctx.db, commentID);
  if (!comment || comment.moderationStatus !== 'pending') return;
  await updateComment(ctx.db, commentID, { moderationStatus: 'rejected' });
}

/**
 * Replaces the waiting version of a pending comment before approval (`PATCH /reports/{id}`
 * `premoderatedRecord`, api-contract §27.4): body and format as the create call checks them.
 * Undefined when the comment is gone or already accepted (a rejected one may still be approved).
 * @throws AppError 422 on `body` when the body is empty or too long.
 */
export async function replacePendingComment(
  ctx: RequestContext,
  commentID: number,
  input: { body?: string | undefined; format?: ContentFormat | undefined },
): Promise<{ html: string; format: string } | undefined> {
  const comment = await findCommentByID(ctx.db, commentID);
  if (!comment || comment.moderationStatus === 'accepted') return undefined;
  const body = input.body ?? comment.body;
  const format = input.format ?? (comment.format as ContentFormat);
  const rendered = await renderBody(ctx, { body, format });
  await updateComment(ctx.db, commentID, { body, format, bodyHtml: rendered.html, bodyPlainText: rendered.plainText });
  return { html: rendered.html, format };
}
