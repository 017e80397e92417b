import { isContentFormat } from '../../../../common/src/api/content.ts';
import type { PatchReportBody } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { recordAudit } from '../audit-logs/audit-logs.record.ts';
import { replacePendingComment } from '../comments/comments.approve.ts';
import { replacePendingDiscussion } from '../discussions/discussions.approve.ts';
import { updatePendingVersion, type ReportRow } from './reports.repo.ts';

/** api-contract §27.4: only a post waiting for approval has a waiting version to edit. */
export const NOT_PENDING_MESSAGE = 'Only a post waiting for approval can be edited.';

type PremoderatedRecord = NonNullable<PatchReportBody['premoderatedRecord']>;

/** The create call's field errors, named inside `premoderatedRecord` (contract §1.10 dotted paths). */
async function asPremoderatedField<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.errors !== undefined)
      throw new AppError(error.statusCode, error.message, {
        errors: error.errors.map((item) => ({
          ...item,
          field: item.field === '' ? 'premoderatedRecord' : `premoderatedRecord.${item.field}`,
          message: item.field !== '' && item.message.startsWith(`${item.field} `) ? `premoderatedRecord.${item.message}` : item.message,
        })),
      });
    throw error;
  }
}

/**
 * `PATCH /reports/{id}` `premoderatedRecord` (api-contract §27.4): the moderator edits the waiting
 * version of a queue entry before approving it, checked as the record's create call checks it.
 * A new post waiting is changed in place (it was never shown); a waiting edit is changed in the
 * entry. The entry's `recordName`/`recordHtml` show the new waiting version.
 * @throws AppError 400 when the entry holds no waiting version (a user report, or decided);
 * 422 on `premoderatedRecord.body` (empty, too long).
 */
export async function editPendingVersion(ctx: RequestContext, row: ReportRow, input: PremoderatedRecord): Promise<void> {
  const waiting = (row.isPending || row.isPendingUpdate) && row.status !== 'dismissed';
  if (!waiting) throw new AppError(400, NOT_PENDING_MESSAGE);
  const change = { updateUserID: ctx.actor.userID, dateUpdated: nowIso(ctx.clock) };
  const name = row.recordType === 'discussion' ? input.name : undefined;
  if (row.isPendingUpdate) {
    const body = input.body ?? row.pendingBody ?? '';
    const format = input.format ?? (isContentFormat(row.pendingFormat) ? row.pendingFormat : 'text');
    const rendered = await asPremoderatedField(() => renderBody(ctx, { body, format }));
    await updatePendingVersion(ctx.db, row.reportID, {
      ...change,
      recordName: name ?? row.recordName,
      recordHtml: rendered.html,
      recordFormat: format,
      pendingName: name ?? row.pendingName,
      pendingBody: body,
      pendingFormat: format,
    });
    await auditEdit(ctx, row, { name: name ?? row.recordName, format, html: rendered.html });
    return;
  }
  const version: { name?: string; html: string; format: string } | undefined = await asPremoderatedField(async () =>
    row.recordType === 'discussion'
      ? replacePendingDiscussion(ctx, row.recordID, { name, body: input.body, format: input.format })
      : replacePendingComment(ctx, row.recordID, { body: input.body, format: input.format }),
  );
  if (!version) throw new AppError(400, NOT_PENDING_MESSAGE);
  await updatePendingVersion(ctx.db, row.reportID, {
    ...change,
    recordName: version.name ?? row.recordName,
    recordHtml: version.html,
    recordFormat: version.format,
    pendingName: null,
    pendingBody: null,
    pendingFormat: null,
  });
  await auditEdit(ctx, row, { name: version.name ?? row.recordName, format: version.format, html: version.html });
}

/** The audit entry of a moderator's edit of a waiting version (`report_editRecord`, docs/decisions.md). */
async function auditEdit(ctx: RequestContext, row: ReportRow, after: { name: string; format: string; html: string }): Promise<void> {
  await recordAudit(ctx, {
    eventType: 'report_editRecord',
    message: `Edited the waiting version of ${row.recordType} ${String(row.recordID)} (report ${String(row.reportID)}).`,
    context: {
      reportID: row.reportID,
      recordType: row.recordType,
      recordID: row.recordID,
      before: { name: row.recordName, format: row.recordFormat, html: row.recordHtml },
      after: { ...after },
    },
  });
}
