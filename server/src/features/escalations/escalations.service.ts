import { readExpand } from '../../../../common/src/api/common.ts';
import type {
  CreateEscalationBody,
  Escalation,
  EscalationListQuery,
  PatchEscalationBody,
} from '../../../../common/src/api/escalations.ts';
import { REPORTING_DISABLED_MESSAGE } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { nowIso } from '../../platform/dates.ts';
import { runTransaction } from '../../platform/db/transaction.ts';
import { AppError, fieldError, notFound, permissionError } from '../../platform/errors.ts';
import { getSettings } from '../config/config.service.ts';
import { restoreDeleted } from '../logs/logs.restore.ts';
import { escalateReportsOf, isRecordLive, placeOf } from '../reports/reports.escalation-links.ts';
import { removeRecordAsModerator } from '../reports/reports.decide.ts';
import {
  moderatedScope,
  moderatesPlace,
  MODERATOR_PERMISSIONS,
} from '../reports/reports.policy.ts';
import { createReport, requireModeratedReport } from '../reports/reports.service.ts';
import { assertModerator, requireModeratedEscalation } from './escalations.access.ts';
import { addEscalationComment } from './escalations.comments.ts';
import { presentEscalations } from './escalations.present.ts';
import {
  findEscalationByID,
  insertEscalation,
  listEscalationRows,
  updateEscalation,
  type EscalationChanges,
} from './escalations.repo.ts';

async function assertAssignable(ctx: RequestContext, userID: number, place: { categoryID: number; permissionCategoryID: number }): Promise<void> {
  if (!moderatesPlace(await loadPermissionSet(ctx.db, userID), place))
    throw fieldError('assignedUserID', 'The assigned user must moderate the record.', 422);
}

async function presentOne(ctx: RequestContext, escalationID: number, reports: boolean): Promise<Escalation> {
  const row = await findEscalationByID(ctx.db, escalationID);
  const [escalation] = row ? await presentEscalations(ctx, [row], { reports }) : [];
  if (!escalation) throw notFound('Escalation');
  return escalation;
}

/**
 * `POST /escalations` (api-contract §27.7): a moderator of the record groups its reports (an
 * existing `reportID`, or a report made inline from `reportReasonIDs`); every `new` report of the
 * record joins and becomes `escalated`. `recordIsLive: false` removes the post at once.
 * @throws AppError 403 (moderators only; reporting off), 404 record/report, 400/422 bad input.
 */
export async function createEscalation(ctx: RequestContext, input: CreateEscalationBody): Promise<Escalation> {
  assertModerator(ctx);
  if (!(await getSettings(ctx.db))['featureFlags.escalations.Enabled']) throw new AppError(403, REPORTING_DISABLED_MESSAGE);
  let reportID = input.reportID;
  let placeRecordID: number;
  if (reportID !== undefined) {
    const existing = await requireModeratedReport(ctx, reportID);
    if (existing.recordType !== input.recordType || existing.recordID !== input.recordID)
      throw fieldError('reportID', 'The report is not of this record.', 422);
    placeRecordID = existing.placeRecordID;
  } else {
    const created = await createReport(ctx, {
      recordType: input.recordType,
      recordID: input.recordID,
      reportReasonIDs: input.reportReasonIDs ?? [],
      ...(input.noteBody === undefined ? {} : { noteBody: input.noteBody }),
      ...(input.noteFormat === undefined ? {} : { noteFormat: input.noteFormat }),
    });
    reportID = created.report.reportID;
    placeRecordID = created.report.placeRecordID;
  }
  const place = await placeOf(ctx.db, placeRecordID);
  if (!place || !moderatesPlace(ctx.permissions, place)) throw permissionError(MODERATOR_PERMISSIONS);
  if (input.assignedUserID !== undefined) await assertAssignable(ctx, input.assignedUserID, place);
  const now = nowIso(ctx.clock);
  const escalationID = await runTransaction(ctx.db, async (trx) => {
    const id = await insertEscalation(trx, {
      name: input.name,
      status: input.status ?? 'open',
      assignedUserID: input.assignedUserID ?? null,
      dateAssigned: input.assignedUserID === undefined ? null : now,
      recordType: input.recordType,
      recordID: input.recordID,
      placeRecordID,
      insertUserID: ctx.actor.userID,
      dateInserted: now,
    });
    await escalateReportsOf(trx, { ...input, reportID }, { escalationID: id, updateUserID: ctx.actor.userID, dateUpdated: now });
    if (input.initialCommentBody !== undefined && input.initialCommentFormat !== undefined)
      await addEscalationComment(ctx, trx, { escalationID: id, body: input.initialCommentBody, format: input.initialCommentFormat });
    return id;
  });
  if (input.recordIsLive === false) await removeRecordAsModerator(ctx, input.recordType, input.recordID);
  return presentOne(ctx, escalationID, false);
}


/** `GET /escalations/{id}` (api-contract §27.7). */
export async function getEscalation(ctx: RequestContext, escalationID: number, expand: ReadonlySet<string> | undefined): Promise<Escalation> {
  const row = await requireModeratedEscalation(ctx, escalationID);
  return presentOne(ctx, row.escalationID, readExpand(expand, ['reports']).reports);
}

/** `GET /escalations` (api-contract §27.7): only escalations of records the caller moderates. */
export async function listEscalations(
  ctx: RequestContext,
  query: EscalationListQuery,
): Promise<{ escalations: Escalation[]; paging: { page: number; limit: number; total: number } }> {
  assertModerator(ctx);
  const { rows, total } = await listEscalationRows(
    ctx.db,
    {
      scope: moderatedScope(ctx.permissions),
      escalationID: query.escalationID,
      statuses: query.status,
      recordType: query.recordType,
      recordID: query.recordID,
      placeRecordID: query.placeRecordID,
      assignedUserID: query.assignedUserID,
      recordUserID: query.recordUserID,
      recordUserRoleIDs: query.recordUserRoleID,
      reportReasonIDs: query.reportReasonID,
    },
    {
      sort: query.sort.replace(/^-/, '') === 'recordDateInserted' ? 'recordDateInserted' : 'dateInserted',
      descending: query.sort.startsWith('-'),
      offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    escalations: await presentEscalations(ctx, rows, { reports: readExpand(query.expand, ['reports']).reports }),
    paging: { page: query.page, limit: query.limit, total },
  };
}

/**
 * `PATCH /escalations/{id}` (api-contract §27.7): name, status, assignee (a moderator of the
 * record, or null); `recordIsLive` false removes the post, true restores it from the change log.
 */
export async function patchEscalation(ctx: RequestContext, escalationID: number, input: PatchEscalationBody): Promise<Escalation> {
  const row = await requireModeratedEscalation(ctx, escalationID);
  const now = nowIso(ctx.clock);
  const changes: EscalationChanges = { updateUserID: ctx.actor.userID, dateUpdated: now };
  if (input.name !== undefined) changes.name = input.name;
  if (input.status !== undefined) changes.status = input.status;
  if (input.assignedUserID !== undefined) {
    if (input.assignedUserID !== null) {
      const place = await placeOf(ctx.db, row.placeRecordID);
      if (place) await assertAssignable(ctx, input.assignedUserID, place);
    }
    changes.assignedUserID = input.assignedUserID;
    changes.dateAssigned = input.assignedUserID === null ? null : now;
  }
  if (input.recordIsLive !== undefined) {
    const live = await isRecordLive(ctx.db, row);
    if (input.recordIsLive === false && live) await removeRecordAsModerator(ctx, row.recordType, row.recordID);
    if (input.recordIsLive && !live) await restoreDeleted(ctx, row.recordType, row.recordID);
  }
  await updateEscalation(ctx.db, row.escalationID, changes);
  return presentOne(ctx, row.escalationID, false);
}
