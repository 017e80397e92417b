import type { PatchReportBody, Report, ReportStatus } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { systemPermissionSet } from '../../permissions/build-permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { acceptPendingComment, rejectPendingComment } from '../comments/comments.approve.ts';
import { restoreDeleted } from '../logs/logs.restore.ts';
import { deleteComment } from '../comments/comments.delete.ts';
import { patchComment } from '../comments/comments.edit.ts';
import { patchDiscussion } from '../discussions/discussions.edit.ts';
import { isContentFormat } from '../../../../common/src/api/content.ts';
import { acceptPendingDiscussion, rejectPendingDiscussion } from '../discussions/discussions.approve.ts';
import { deleteDiscussion } from '../discussions/discussions.bulk.delete.ts';
import { presentReport, requireModeratedReport } from './reports.service.ts';
import { editPendingVersion } from './reports.pending-edit.ts';
import { NOTIFY_APPROVAL_JOB } from './reports.notify.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { setReportStatus, settleOtherNewReports, type ReportRow } from './reports.repo.ts';
import { findRecordStates, markUserVerified } from './reports.records.repo.ts';

/**
 * Deletes a live discussion or comment for its moderator (api-contract §27.2: moderators of a
 * record remove it without holding the delete permissions): the delete call runs with the
 * system's permissions, still in the moderator's name, so its change log, audit entry and
 * counters follow. The same context object: the guest cache reads what the delete declared.
 */
export async function removeRecordAsModerator(
  ctx: RequestContext,
  recordType: 'discussion' | 'comment',
  recordID: number,
): Promise<void> {
  await asModeratorOfRecord(ctx, async () => {
    if (recordType === 'discussion') await deleteDiscussion(ctx, recordID, { longRunnerMode: 'sync' });
    else await deleteComment(ctx, recordID);
  });
}

async function asModeratorOfRecord(ctx: RequestContext, work: () => Promise<void>): Promise<void> {
  const ownPermissions = ctx.permissions;
  ctx.permissions = systemPermissionSet();
  try {
    await work();
  } finally {
    ctx.permissions = ownPermissions;
  }
}

/**
 * Applies an approved edit (api-contract §27.5): the waiting version replaces the live one through
 * the edit call (so the replaced version goes to the change log), in the moderator's name.
 */
async function applyPendingEdit(ctx: RequestContext, row: ReportRow): Promise<void> {
  if (row.pendingBody === null || row.pendingFormat === null || !isContentFormat(row.pendingFormat)) return;
  const edit = { body: row.pendingBody, format: row.pendingFormat };
  await asModeratorOfRecord(ctx, async () => {
    if (row.recordType === 'discussion')
      await patchDiscussion(ctx, row.recordID, { ...edit, ...(row.pendingName === null ? {} : { name: row.pendingName }) });
    else await patchComment(ctx, row.recordID, edit);
  });
}

async function settle(
  ctx: RequestContext,
  row: ReportRow,
  status: ReportStatus,
  pendingFlags: { isPending?: boolean; isPendingUpdate?: boolean } = {},
): Promise<void> {
  const change = { status, updateUserID: ctx.actor.userID, dateUpdated: nowIso(ctx.clock) };
  // api-contract §27.5: the author of a post that waited is told what was decided.
  const waited = row.isPending || row.isPendingUpdate;
  await runTransaction(ctx.db, async (trx) => {
    await setReportStatus(trx, row.reportID, { ...change, ...pendingFlags });
    if (waited && (status === 'dismissed' || status === 'rejected'))
      await enqueueJob(
        trx,
        NOTIFY_APPROVAL_JOB,
        { reportID: row.reportID, decision: status === 'dismissed' ? 'approved' : 'rejected', moderatorID: ctx.actor.userID },
        { clock: ctx.clock },
      );
    // api-contract §27.4: approving or rejecting settles every other new report of the record.
    if (status === 'dismissed' || status === 'rejected')
      await settleOtherNewReports(trx, { recordType: row.recordType, recordID: row.recordID, exceptReportID: row.reportID }, change);
  });
}

/**
 * `PATCH /reports/{id}/dismiss` (api-contract §27.4): no action needed; the record is untouched.
 * `verifyRecordUser` verifies the author (their later posts skip `approval.require`).
 */
export async function dismissReport(
  ctx: RequestContext,
  reportID: number,
  input: { verifyRecordUser?: boolean | undefined },
): Promise<Report> {
  const row = await requireModeratedReport(ctx, reportID);
  const change = { status: 'dismissed' as const, updateUserID: ctx.actor.userID, dateUpdated: nowIso(ctx.clock) };
  await runTransaction(ctx.db, (trx) => setReportStatus(trx, row.reportID, change));
  await recordAudit(ctx, {
    eventType: 'report_dismiss',
    message: `Dismissed report ${String(row.reportID)}.`,
    context: { reportID: row.reportID, before: { status: row.status }, after: { status: 'dismissed' } },
  });
  if (input.verifyRecordUser) await markUserVerified(ctx.db, row.recordUserID);
  return presentReport(ctx, row.reportID);
}

/**
 * `PATCH /reports/{id}/approve-record` (api-contract §27.5): a pending post is published as if
 * posted now; a reported live post stays. The entry (and every other `new` report of the record)
 * becomes `dismissed`. Approving again is a no-op.
 * @throws AppError 400 "Could not locate the deleted record to restore." when the record is gone.
 */
export async function approveReportRecord(
  ctx: RequestContext,
  reportID: number,
  input: { verifyRecordUser?: boolean | undefined },
): Promise<Report> {
  const row = await requireModeratedReport(ctx, reportID);
  if (row.isPendingUpdate) {
    if (row.status !== 'dismissed') await applyPendingEdit(ctx, row);
  } else if (row.isPending) {
    const outcome =
      row.recordType === 'discussion'
        ? await acceptPendingDiscussion(ctx, row.recordID)
        : await acceptPendingComment(ctx, row.recordID);
    // A removed record comes back from the change log (400 when it holds none).
    if (outcome === 'missing') await restoreDeleted(ctx, row.recordType, row.recordID);
  } else {
    const states = await findRecordStates(ctx.db, [row]);
    if (!states.has(`${row.recordType}:${String(row.recordID)}`)) await restoreDeleted(ctx, row.recordType, row.recordID);
  }
  if (row.status !== 'dismissed') {
    await settle(ctx, row, 'dismissed', { isPending: false, isPendingUpdate: false });
    await recordAudit(ctx, {
      eventType: 'report_approveRecord',
      message: `Approved ${row.recordType} ${String(row.recordID)} (report ${String(row.reportID)}).`,
      context: { reportID: row.reportID, recordType: row.recordType, recordID: row.recordID, before: { status: row.status }, after: { status: 'dismissed' } },
    });
  }
  if (input.verifyRecordUser) await markUserVerified(ctx.db, row.recordUserID);
  return presentReport(ctx, row.reportID);
}

/**
 * `PATCH /reports/{id}/reject-record` (api-contract §27.5): a pending post is `rejected` and never
 * appears; a reported live post is deleted (through the delete call, so its log and counters
 * follow). The entry and every other `new` report of the record become `rejected`.
 */
export async function rejectReportRecord(ctx: RequestContext, reportID: number): Promise<Report> {
  const row = await requireModeratedReport(ctx, reportID);
  if (row.status !== 'rejected') {
    if (row.isPendingUpdate) {
      // A waiting edit is dropped: the live version stays.
    } else if (row.isPending) {
      if (row.recordType === 'discussion') await rejectPendingDiscussion(ctx, row.recordID);
      else await rejectPendingComment(ctx, row.recordID);
    } else {
      const states = await findRecordStates(ctx.db, [row]);
      const state = states.get(`${row.recordType}:${String(row.recordID)}`);
      if (state && state.moderationStatus === 'accepted' && !state.tombstone)
        await removeRecordAsModerator(ctx, row.recordType, row.recordID);
    }
    await settle(ctx, row, 'rejected');
    await recordAudit(ctx, {
      eventType: 'report_rejectRecord',
      message: `Rejected ${row.recordType} ${String(row.recordID)} (report ${String(row.reportID)}).`,
      context: { reportID: row.reportID, recordType: row.recordType, recordID: row.recordID, before: { status: row.status }, after: { status: 'rejected' } },
    });
  }
  return presentReport(ctx, row.reportID);
}

/**
 * `PATCH /reports/{id}` (api-contract §27.4): edits the waiting version of a queue entry
 * (`premoderatedRecord`, before approving it), then sets the status.
 */
export async function patchReport(ctx: RequestContext, reportID: number, input: PatchReportBody): Promise<Report> {
  const row = await requireModeratedReport(ctx, reportID);
  if (input.premoderatedRecord !== undefined) await editPendingVersion(ctx, row, input.premoderatedRecord);
  if (input.status !== undefined && input.status !== row.status)
    await runTransaction(ctx.db, (trx) =>
      setReportStatus(trx, row.reportID, {
        status: input.status as ReportStatus,
        updateUserID: ctx.actor.userID,
        dateUpdated: nowIso(ctx.clock),
      }),
    );
  return presentReport(ctx, row.reportID);
}
