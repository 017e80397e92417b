import type { PatchCommentBody } from '../../../../common/src/api/comments.ts';
import { isContentFormat, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { EscalationComment } from '../../../../common/src/api/escalations.ts';
import type { RequestContext } from '../../http/context.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError, permissionError } from '../../platform/errors.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import {
  deleteEscalationComment,
  findEscalationCommentByID,
  findEscalationCommentSource,
  updateEscalationComment,
} from './escalation-comments.repo.ts';
import { canDeleteEscalationComment, escalationCommentEditDecision } from './escalations.comment-policy.ts';
import { findModeratedEscalationComment, presentEscalationComment } from './escalations.comments.ts';

const EDIT_NOT_ALLOWED = 'Editing comments is not allowed..';

/**
 * `PATCH /comments/{id}` of an escalation comment (api-contract §9 with the escalation's place as
 * the category): `body` and `format` only; undefined when the ID is not an escalation comment.
 * @throws AppError 404 (not a moderator of the record), 403, 400 "Editing comments is not allowed..".
 */
export async function patchEscalationComment(
  ctx: RequestContext,
  commentID: number,
  input: PatchCommentBody,
): Promise<EscalationComment | undefined> {
  const found = await findModeratedEscalationComment(ctx, commentID);
  if (!found) return undefined;
  const decision = await escalationCommentEditDecision(ctx, found.row, found.place);
  if (decision === 'timeout') throw new AppError(400, EDIT_NOT_ALLOWED);
  if (decision === 'forbidden') throw permissionError(['comments.edit']);
  if (input.discussionID !== undefined || input.insertUserID !== undefined)
    throw new AppError(400, 'An escalation comment cannot be moved or change author.');
  if (input.body !== undefined || input.format !== undefined) {
    const body = input.body ?? (await findEscalationCommentSource(ctx.db, commentID)) ?? '';
    const format: ContentFormat = input.format ?? (isContentFormat(found.row.format) ? found.row.format : 'text');
    const rendered = await renderBody(ctx, { body, format });
    await updateEscalationComment(ctx.db, commentID, {
      body,
      format,
      bodyHtml: rendered.html,
      updateUserID: ctx.actor.userID,
      dateUpdated: nowIso(ctx.clock),
    });
  }
  const row = await findEscalationCommentByID(ctx.db, commentID);
  if (!row) throw new AppError(404, 'Comment not found.');
  return presentEscalationComment(ctx, found.escalation, row);
}

/**
 * `DELETE /comments/{id}` of an escalation comment (api-contract §9): the comment goes and the
 * escalation's `countComments` drops; false when the ID is not an escalation comment.
 * @throws AppError 404 (not a moderator of the record), 403 naming `comments.delete`.
 */
export async function deleteEscalationCommentByID(ctx: RequestContext, commentID: number): Promise<boolean> {
  const found = await findModeratedEscalationComment(ctx, commentID);
  if (!found) return false;
  if (!(await canDeleteEscalationComment(ctx, found.row, found.place))) throw permissionError(['comments.delete']);
  await runTransaction(ctx.db, async (trx) => {
    await deleteEscalationComment(trx, found.row);
    // Another's comment removed is a moderator's action (api-contract §27.9), as for posts.
    if (found.row.insertUserID === ctx.actor.userID) return;
    await recordAudit(
      ctx,
      {
        eventType: 'comment_delete',
        message: `Deleted comment ${String(found.row.commentID)}.`,
        context: {
          commentID: found.row.commentID,
          escalationID: found.row.escalationID,
          insertUserID: found.row.insertUserID,
          countDeleted: 1,
        },
      },
      trx,
    );
  });
  return true;
}
