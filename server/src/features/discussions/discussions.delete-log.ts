import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { logDiscussionDelete } from '../logs/logs.record.ts';
import type { DiscussionRow } from './discussions.repo.ts';
import { findDiscussionCommentRows } from './discussions.restore.repo.ts';

/**
 * The records of a discussion deletion, in its transaction, before the rows go: a change-log
 * `delete` entry holding the discussion and its comments (api-contract §27.6), and a
 * `discussion_delete` audit event when someone other than the author deleted it (§27.9).
 */
export async function recordDiscussionDeletion(ctx: RequestContext, trx: Db, row: DiscussionRow): Promise<void> {
  const comments = await findDiscussionCommentRows(trx, row.discussionID);
  await logDiscussionDelete(trx, row, comments, {
    insertUserID: ctx.actor.userID,
    dateInserted: nowIso(ctx.clock),
  });
  if (row.insertUserID === ctx.actor.userID) return;
  await recordAudit(
    ctx,
    {
      eventType: 'discussion_delete',
      message: `Deleted discussion "${row.name}".`,
      context: {
        discussionID: row.discussionID,
        name: row.name,
        categoryID: row.categoryID,
        insertUserID: row.insertUserID,
        countComments: comments.length,
      },
    },
    trx,
  );
}

/** A `discussion_move` audit event (§27.9): which discussion, from and to which category. */
export async function recordDiscussionMove(
  ctx: RequestContext,
  trx: Db,
  row: DiscussionRow,
  toCategoryID: number,
): Promise<void> {
  await recordAudit(
    ctx,
    {
      eventType: 'discussion_move',
      message: `Moved discussion "${row.name}".`,
      context: { discussionID: row.discussionID, categoryID: { old: row.categoryID, new: toCategoryID } },
    },
    trx,
  );
}
