import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { logCommentDeletes } from '../logs/logs.record.ts';
import type { CommentRow } from './comments.repo.ts';

/**
 * The records of a comment deletion, in its transaction: one change-log `delete` entry per
 * comment removed or tombstoned (api-contract §27.6), and a `comment_delete` audit event when
 * someone other than the author deleted it (§27.9).
 */
export async function recordCommentDeletion(
  ctx: RequestContext,
  trx: Db,
  comment: CommentRow,
  gone: readonly CommentRow[],
  categoryID: number,
): Promise<void> {
  if (gone.length === 0) return;
  await logCommentDeletes(trx, gone, categoryID, {
    insertUserID: ctx.actor.userID,
    dateInserted: nowIso(ctx.clock),
  });
  if (comment.insertUserID === ctx.actor.userID) return;
  await recordAudit(
    ctx,
    {
      eventType: 'comment_delete',
      message: `Deleted comment ${String(comment.commentID)}.`,
      context: {
        commentID: comment.commentID,
        discussionID: comment.discussionID,
        insertUserID: comment.insertUserID,
        countDeleted: gone.length,
      },
    },
    trx,
  );
}
