import type { Comment, PatchCommentBody } from '../../../../common/src/api/comments.ts';
import { isContentFormat, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody, type RenderedContent } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { removePostedDraft } from '../drafts/drafts.posting.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { moveCommentWithCounters } from './comments.counters.ts';
import { adjustUserCommentCount } from './comments.counters.repo.ts';
import type { DiscussionContextRow } from './comments.discussion-context.repo.ts';
import {
  canMoveCommentTo,
  canPostAsAnotherUser,
  editDecision,
  isExemptFromModeration,
} from './comments.policy.ts';
import { holdEditForApproval } from '../reports/premoderation.ts';
import { toCommentExpand } from './comments.present.ts';
import { isLiveUser } from '../users/users.service.ts';
import { isCommentRevision, logCommentEdit } from '../logs/logs.record.ts';
import { updateComment, type CommentRow } from './comments.repo.ts';
import {
  actorOf,
  changedForGuests,
  presentOne,
  requireReadableComment,
  requireReadableDiscussion,
} from './comments.service.ts';

const EDIT_NOT_ALLOWED = 'Editing comments is not allowed..';

const TOMBSTONE_NOT_EDITABLE = 'Deleted comments cannot be edited.';

/** A stored format as the renderer takes it; formats only old records carry render as text. */
function storedFormat(format: string): ContentFormat {
  return isContentFormat(format) ? format : 'text';
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
    ctx.clock(),
  );
  if (decision === 'timeout') throw new AppError(400, EDIT_NOT_ALLOWED);
  authorize(decision === 'allowed', { permissions: 'comments.edit' });

  let insertUserID: number | undefined;
  if (input.insertUserID !== undefined && input.insertUserID !== comment.insertUserID) {
    authorize(canPostAsAnotherUser(ctx.permissions), { permissions: 'site.manage' });
    if (!(await isLiveUser(ctx.db, input.insertUserID)))
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
    // api-contract §27.5: a non-moderator's edit may wait for approval (answered 202).
    await holdEditForApproval(ctx, {
      recordType: 'comment',
      recordID: comment.commentID,
      category: discussion,
      isModerator: isExemptFromModeration(ctx.permissions, discussion),
      recordUserID: comment.insertUserID,
      recordDateInserted: comment.dateInserted,
      name: `Re: ${discussion.name}`,
      html: rendered.html,
      plainText: rendered.plainText,
      body: input.body ?? comment.body,
      format: input.format ?? comment.format,
      pendingName: null,
    });
  }

  await ctx.db.transaction().execute(async (trx) => {
    // api-contract §27.6: the version an accepted edit replaces goes to the change log.
    if (isCommentRevision(comment, input))
      await logCommentEdit(trx, comment, discussion.categoryID, {
        insertUserID: ctx.actor.userID,
        dateInserted: nowIso(ctx.clock),
      });
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
      dateUpdated: nowIso(ctx.clock),
    });
    if (insertUserID !== undefined && comment.moderationStatus === 'accepted') {
      // Ascending user IDs (the lock order of comments.counters.repo.ts).
      const changes: [number, number][] = [
        [comment.insertUserID, -1],
        [insertUserID, 1],
      ];
      for (const [userID, delta] of changes.sort(([a], [b]) => a - b))
        await adjustUserCommentCount(trx, userID, delta);
    }
    if (moving) await moveCommentWithCounters(trx, comment, moving);
  });
  declareGuestChange(ctx, changedForGuests(discussion, moving));
  await removePostedDraft(ctx, input.draftID);
  const place = moving ?? discussion;
  ctx.events.publish('commentEdited', {
    commentID: comment.commentID,
    discussionID: place.discussionID,
    categoryID: place.categoryID,
    updateUserID: ctx.actor.userID,
  });
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
  authorize(canMoveCommentTo(actorOf(ctx), target), { permissions: 'comments.add' });
  if (comment.countChildComments > 0)
    throw new AppError(400, 'A comment with replies cannot be moved.');
  return target;
}
