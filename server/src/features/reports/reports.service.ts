import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import {
  MAX_REPORT_NOTE_LENGTH,
  NO_REPORT_REASONS_MESSAGE,
  REPORTING_DISABLED_MESSAGE,
  type CreateReportBody,
  type Report,
  type ReportListQuery,
} from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { renderBody } from '../../platform/content/render.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { getComment } from '../comments/comments.service.ts';
import { getSettings } from '../config/config.service.ts';
import { getDiscussion } from '../discussions/discussions.read.ts';
import { reasonsOpenTo } from './report-reasons.service.ts';
import {
  canReport,
  isReportsModerator,
  moderatedScope,
  moderatesPlace,
  MODERATOR_PERMISSIONS,
} from './reports.policy.ts';
import { presentReports } from './reports.present.ts';
import { NOTIFY_REPORT_JOB } from './reports.notify.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import {
  findOpenEscalationID,
  findOpenReportBy,
  findReportByID,
  insertReport,
  updateReportContent,
  type ReportRow,
} from './reports.repo.ts';
import { listReportRows } from './reports.list.repo.ts';
import {
  bumpRecordReportCount,
  findPlacePermissionCategory,
} from './reports.records.repo.ts';

/** The reported record as a report snapshots it. */
interface ReportedRecord {
  recordName: string;
  recordHtml: string;
  recordFormat: string;
  recordUserID: number;
  recordDateInserted: string;
  recordDateUpdated: string | null;
  placeRecordID: number;
}

/**
 * The record to report, as the reporter may read it (api-contract §27.4): missing, hidden, pending
 * or in a category the reporter cannot view → 404 "Discussion not found." / "Comment not found.".
 */
async function readReportedRecord(
  ctx: RequestContext,
  recordType: 'discussion' | 'comment',
  recordID: number,
): Promise<ReportedRecord> {
  try {
    if (recordType === 'discussion') {
      const discussion: Discussion = await getDiscussion(ctx, recordID);
      return {
        recordName: discussion.name,
        recordHtml: discussion.body ?? '',
        recordFormat: discussion.format,
        recordUserID: discussion.insertUserID,
        recordDateInserted: discussion.dateInserted,
        recordDateUpdated: discussion.dateUpdated ?? null,
        placeRecordID: discussion.categoryID,
      };
    }
    const comment: Comment = await getComment(ctx, recordID, { expand: new Set(), quoteParent: false });
    return {
      recordName: comment.name,
      recordHtml: comment.body ?? '',
      recordFormat: comment.format,
      recordUserID: comment.insertUserID,
      recordDateInserted: comment.dateInserted,
      recordDateUpdated: comment.dateUpdated,
      placeRecordID: comment.categoryID,
    };
  } catch (error) {
    // Not being allowed to view the record reads as its absence (nothing about it leaks).
    if (error instanceof AppError && error.statusCode === 403)
      throw notFound(recordType === 'discussion' ? 'Discussion' : 'Comment');
    throw error;
  }
}

/** The reporter's note, rendered and sanitized (≤ 10,000 characters); errors name `noteBody`. */
async function renderNote(ctx: RequestContext, body: string, format: ContentFormat): Promise<string> {
  try {
    return (await renderBody(ctx, { body, format }, { maxLength: MAX_REPORT_NOTE_LENGTH })).html;
  } catch (error) {
    if (error instanceof AppError && error.errors !== undefined)
      throw new AppError(error.statusCode, error.message, {
        errors: error.errors.map((item) => ({
          ...item,
          field: item.field === 'body' ? 'noteBody' : item.field,
          message: item.message.replace(/^body /, 'noteBody '),
        })),
      });
    throw error;
  }
}

/**
 * `POST /reports` (api-contract §27.4): a signed-in `flag.add` holder reports a record they can
 * view; reporting it again while their report is still `new` replaces its reasons and note (200).
 * @throws AppError 403 (permission, "Reporting is not enabled.", "No report reasons available."),
 * 422/400 on `reportReasonIDs`, 404 for the record.
 */
export async function createReport(
  ctx: RequestContext,
  input: CreateReportBody,
): Promise<{ status: 200 | 201; report: Report }> {
  authorize(canReport(ctx.permissions, ctx.actor.userID), { permissions: 'flag.add' });
  const settings = await getSettings(ctx.db);
  if (!settings['featureFlags.escalations.Enabled']) throw new AppError(403, REPORTING_DISABLED_MESSAGE);
  const open = await reasonsOpenTo(ctx);
  if (open.length === 0) throw new AppError(403, NO_REPORT_REASONS_MESSAGE);
  const openIDs = new Set(open.map((reason) => reason.reportReasonID));
  const refused = input.reportReasonIDs.find((id) => !openIDs.has(id));
  if (refused !== undefined)
    throw fieldError('reportReasonIDs', `${refused} is not a valid report reason.`, 422);

  const record = await readReportedRecord(ctx, input.recordType, input.recordID);
  const noteHtml =
    input.noteBody !== undefined && input.noteFormat !== undefined && input.noteBody.trim() !== ''
      ? await renderNote(ctx, input.noteBody, input.noteFormat)
      : null;
  const now = nowIso(ctx.clock);
  const reasonIDs = [...new Set(input.reportReasonIDs)];
  const { reportID, status } = await runTransaction(ctx.db, async (trx) => {
    const existing = await findOpenReportBy(trx, input, ctx.actor.userID);
    if (existing !== undefined) {
      await updateReportContent(trx, existing, { reasonIDs, noteHtml, updateUserID: ctx.actor.userID, dateUpdated: now });
      return { reportID: existing, status: 200 as const };
    }
    // api-contract §27.7: reports made later join the record's open escalation.
    const escalationID = await findOpenEscalationID(trx, input);
    const id = await insertReport(
      trx,
      {
        ...(escalationID === undefined ? {} : { status: 'escalated' as const, escalationID }),
        recordType: input.recordType,
        recordID: input.recordID,
        ...record,
        noteHtml,
        isUserReport: true,
        isPending: false,
        isPendingUpdate: false,
        insertUserID: ctx.actor.userID,
        dateInserted: now,
      },
      reasonIDs,
    );
    await bumpRecordReportCount(trx, input);
    // Durable with the report: the job tells the record's moderators (activity Report).
    await enqueueJob(trx, NOTIFY_REPORT_JOB, { reportID: id }, { clock: ctx.clock });
    return { reportID: id, status: 201 as const };
  });
  if (status === 201)
    ctx.events.publish('reportAdded', {
      reportID,
      recordType: input.recordType,
      recordID: input.recordID,
      categoryID: record.placeRecordID,
      insertUserID: ctx.actor.userID,
    });
  const [report] = await presentReports(ctx, [(await findReportByID(ctx.db, reportID)) as ReportRow]);
  if (!report) throw notFound('Report');
  return { status, report };
}

/** 403 for callers who moderate nowhere (api-contract §27.10: `permissions` names both). */
export function assertReportsModerator(ctx: RequestContext): void {
  if (ctx.actor.userID <= 0 || !isReportsModerator(ctx.permissions)) throw permissionError(MODERATOR_PERMISSIONS);
}

/**
 * A report the caller moderates (api-contract §27.4): moderators elsewhere get 404 (reports of
 * categories they do not moderate do not exist for them); members 403.
 * @throws AppError 403, 404 "Report not found."
 */
export async function requireModeratedReport(ctx: RequestContext, reportID: number): Promise<ReportRow> {
  assertReportsModerator(ctx);
  const row = await findReportByID(ctx.db, reportID);
  if (!row) throw notFound('Report');
  const place = await findPlacePermissionCategory(ctx.db, row.placeRecordID);
  if (!place || !moderatesPlace(ctx.permissions, place)) throw notFound('Report');
  return row;
}

/** Presents one report row. */
export async function presentReport(ctx: RequestContext, reportID: number): Promise<Report> {
  const row = await findReportByID(ctx.db, reportID);
  const [report] = row ? await presentReports(ctx, [row]) : [];
  if (!report) throw notFound('Report');
  return report;
}

/** `GET /reports/{id}` (api-contract §27.4). */
export async function getReport(ctx: RequestContext, reportID: number): Promise<Report> {
  const row = await requireModeratedReport(ctx, reportID);
  const [report] = await presentReports(ctx, [row]);
  if (!report) throw notFound('Report');
  return report;
}

/**
 * `GET /reports` (api-contract §27.4): only reports of records the caller moderates; `status`
 * defaults to `new`.
 */
export async function listReports(
  ctx: RequestContext,
  query: ReportListQuery,
): Promise<{ reports: Report[]; paging: { page: number; limit: number; total: number } }> {
  assertReportsModerator(ctx);
  const descending = query.sort.startsWith('-');
  const { rows, total } = await listReportRows(
    ctx.db,
    {
      scope: moderatedScope(ctx.permissions),
      statuses: query.status ?? ['new'],
      recordType: query.recordType,
      recordID: query.recordID,
      placeRecordID: query.placeRecordID,
      reportReasonIDs: query.reportReasonID,
      insertUserID: query.insertUserID,
      insertUserRoleID: query.insertUserRoleID,
      recordUserID: query.recordUserID,
      escalationID: query.escalationID,
    },
    {
      sort: query.sort.replace('-', '') as 'dateInserted' | 'recordDateInserted',
      descending,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    },
  );
  return { reports: await presentReports(ctx, rows), paging: { page: query.page, limit: query.limit, total } };
}
