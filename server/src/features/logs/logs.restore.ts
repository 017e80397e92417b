import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import {
  presentRestoredComment,
  restoreCommentVersion,
  restoreDeletedComment,
} from '../comments/comments.restore.ts';
import { getDiscussion } from '../discussions/discussions.read.ts';
import {
  restoreDeletedDiscussion,
  restoreDiscussionVersion,
} from '../discussions/discussions.restore.ts';
import { canRestoreLog, MODERATOR_PERMISSIONS } from './logs.policy.ts';
import { logDataOf } from './logs.present.ts';
import { deleteLogByID, findLatestLogOf, findLogByID, type LogRow } from './logs.repo.ts';
import { LOG_NOT_FOUND } from './logs.service.ts';

const ONLY_DELETED_OR_EDITED = 'Only deleted or edited records can be restored.';
const DELETED_RECORD_NOT_FOUND = 'Could not locate the deleted record to restore.';

/** Applies one `edit` or `delete` entry (no permission check: callers check). */
async function applyLog(ctx: RequestContext, row: LogRow): Promise<void> {
  const data = logDataOf(row);
  if (row.operation === 'edit') {
    const body = typeof data.body === 'string' ? data.body : '';
    const format = typeof data.format === 'string' ? data.format : 'text';
    if (row.recordType === 'discussion') {
      const name = typeof data.name === 'string' ? data.name : '';
      await restoreDiscussionVersion(ctx, row.recordID, { name, body, format });
    } else {
      await restoreCommentVersion(ctx, row.recordID, { body, format });
    }
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (row.recordType === 'discussion')
      await restoreDeletedDiscussion(ctx, trx, data as unknown as Parameters<typeof restoreDeletedDiscussion>[2]);
    else await restoreDeletedComment(ctx, trx, data as unknown as Parameters<typeof restoreDeletedComment>[2]);
    // api-contract §27.6: a restored deletion's entry is removed.
    await deleteLogByID(trx, row.logID);
  });
}

/**
 * `POST /logs/{logID}/restore` (api-contract §27.6): a `delete` entry brings the record back
 * (counters included) and is removed; an `edit` entry puts that version back (itself logged).
 * Answers the record after the restore.
 * @throws AppError 404 "Log not found.", 403, 400 for `ban` entries, 409 when the record's
 * discussion (or category) is gone or the record already exists.
 */
export async function restoreLog(ctx: RequestContext, logID: number): Promise<Discussion | Comment> {
  const row = await findLogByID(ctx.db, logID);
  if (!row) throw new AppError(404, LOG_NOT_FOUND);
  const category = row.categoryID === null ? undefined : await findCategory(ctx.db, row.categoryID);
  const permissions = row.recordType === 'user' ? ['community.moderate', 'users.edit'] as const : MODERATOR_PERMISSIONS;
  authorize(canRestoreLog(ctx.permissions, category), { permissions });
  if (row.operation === 'ban' || row.recordType === 'user') throw new AppError(400, ONLY_DELETED_OR_EDITED);
  await applyLog(ctx, row);
  await recordAudit(ctx, {
    eventType: 'log_restore',
    message: `Restored ${row.recordType} ${String(row.recordID)} from the change log (${row.operation}).`,
    context: { logID: row.logID, operation: row.operation, recordType: row.recordType, recordID: row.recordID },
  });
  return row.recordType === 'discussion'
    ? getDiscussion(ctx, row.recordID)
    : presentRestoredComment(ctx, row.recordID);
}

/**
 * Restores a deleted discussion or comment from its newest `delete` entry (for other features,
 * e.g. approving a report whose record was removed, api-contract §27.5). The caller has checked
 * its own permissions; the entry is removed and a `log_restore` audit event recorded.
 * @throws AppError 400 "Could not locate the deleted record to restore." when no entry exists;
 * 409 as `restoreLog`.
 */
export async function restoreDeleted(
  ctx: RequestContext,
  recordType: 'discussion' | 'comment',
  recordID: number,
): Promise<void> {
  const row = await findLatestLogOf(ctx.db, recordType, recordID, 'delete');
  if (!row) throw new AppError(400, DELETED_RECORD_NOT_FOUND);
  await applyLog(ctx, row);
  await recordAudit(ctx, {
    eventType: 'log_restore',
    message: `Restored ${recordType} ${String(recordID)} from the change log (delete).`,
    context: { logID: row.logID, operation: 'delete', recordType, recordID },
  });
}
