import type { ReportRecordType, ReportStatus } from '../../../../common/src/api/reports.ts';
import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';
import { toApiDate } from '../../platform/dates.ts';
import { adjustReportCounts, reasonKeyOf, reasonKeysOf, updateReportsCounted } from './reports.counters.repo.ts';

/** A report or queue entry as stored, with the IDs of its reasons (api-contract §27.4). */
export interface ReportRow {
  reportID: number;
  status: ReportStatus;
  recordType: ReportRecordType;
  recordID: number;
  recordName: string;
  recordHtml: string;
  recordFormat: string;
  recordUserID: number;
  recordDateInserted: string;
  recordDateUpdated: string | null;
  placeRecordID: number;
  noteHtml: string | null;
  isUserReport: boolean;
  isPending: boolean;
  isPendingUpdate: boolean;
  pendingName: string | null;
  pendingBody: string | null;
  pendingFormat: string | null;
  escalationID: number | null;
  insertUserID: number;
  dateInserted: string;
  /** As stored (sub-second). */
  dateInsertedRaw: string;
  updateUserID: number | null;
  dateUpdated: string | null;
  reasonIDs: string[];
}

export const reportColumns = [
  'reports.reportID',
  'reports.status',
  'reports.recordType',
  'reports.recordID',
  'reports.recordName',
  'reports.recordHtml',
  'reports.recordFormat',
  'reports.recordUserID',
  'reports.recordDateInserted',
  'reports.recordDateUpdated',
  'reports.placeRecordID',
  'reports.noteHtml',
  'reports.isUserReport',
  'reports.isPending',
  'reports.isPendingUpdate',
  'reports.pendingName',
  'reports.pendingBody',
  'reports.pendingFormat',
  'reports.escalationID',
  'reports.insertUserID',
  'reports.dateInserted',
  'reports.updateUserID',
  'reports.dateUpdated',
] as const;

type RawReport = Omit<ReportRow, 'reasonIDs' | 'dateInsertedRaw' | 'status' | 'recordType' | 'isUserReport' | 'isPending' | 'isPendingUpdate'> & {
  status: string;
  recordType: string;
  isUserReport: boolean | number;
  isPending: boolean | number;
  isPendingUpdate: boolean | number;
};

function toReportRow(row: RawReport, reasonIDs: string[]): ReportRow {
  return {
    ...row,
    status: row.status as ReportStatus,
    recordType: row.recordType as ReportRecordType,
    isUserReport: toBool(row.isUserReport),
    isPending: toBool(row.isPending),
    isPendingUpdate: toBool(row.isPendingUpdate),
    recordDateInserted: toApiDate(row.recordDateInserted),
    recordDateUpdated: toApiDate(row.recordDateUpdated),
    dateInserted: toApiDate(row.dateInserted),
    dateInsertedRaw: String(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
    reasonIDs,
  };
}

export async function withReasons(db: Db, rows: readonly RawReport[]): Promise<ReportRow[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('reportReasonLinks')
    .select(['reportID', 'reportReasonID'])
    .where('reportID', 'in', rows.map((row) => row.reportID))
    .orderBy('reportReasonID')
    .execute();
  const byReport = new Map<number, string[]>();
  for (const link of links) {
    const list = byReport.get(link.reportID) ?? [];
    list.push(link.reportReasonID);
    byReport.set(link.reportID, list);
  }
  return rows.map((row) => toReportRow(row, byReport.get(row.reportID) ?? []));
}

export interface NewReport {
  status?: ReportStatus;
  escalationID?: number | null;
  recordType: ReportRecordType;
  recordID: number;
  recordName: string;
  recordHtml: string;
  recordFormat: string;
  recordUserID: number;
  recordDateInserted: string;
  recordDateUpdated: string | null;
  placeRecordID: number;
  noteHtml: string | null;
  isUserReport: boolean;
  isPending: boolean;
  isPendingUpdate: boolean;
  pendingName?: string | null;
  pendingBody?: string | null;
  pendingFormat?: string | null;
  insertUserID: number;
  dateInserted: string;
}

/** Inserts a report and its reasons, and counts it (in the caller's transaction); returns its ID. */
export async function insertReport(db: Db, report: NewReport, reasonIDs: readonly string[]): Promise<number> {
  const row = await db.insertInto('reports').values(report).returning('reportID').executeTakeFirstOrThrow();
  await replaceReportReasons(db, row.reportID, reasonIDs);
  await adjustReportCounts(db, [
    {
      status: report.status ?? 'new',
      placeRecordID: report.placeRecordID,
      recordType: report.recordType,
      reasonKey: reasonKeyOf(reasonIDs),
      delta: 1,
    },
  ]);
  return row.reportID;
}

async function replaceReportReasons(db: Db, reportID: number, reasonIDs: readonly string[]): Promise<void> {
  await db.deleteFrom('reportReasonLinks').where('reportID', '=', reportID).execute();
  const unique = [...new Set(reasonIDs)];
  if (unique.length > 0)
    await db
      .insertInto('reportReasonLinks')
      .values(unique.map((reportReasonID) => ({ reportID, reportReasonID })))
      .execute();
}

/**
 * Replaces a report's reasons and note (a second report of the same record by the same user), and
 * moves it to its new reasons' counter (in the caller's transaction). The row is updated first, so
 * on PostgreSQL it is locked before its status and reasons are read.
 */
export async function updateReportContent(
  db: Db,
  reportID: number,
  change: { reasonIDs: readonly string[]; noteHtml: string | null; updateUserID: number; dateUpdated: string },
): Promise<void> {
  const row = await db
    .updateTable('reports')
    .set({ noteHtml: change.noteHtml, updateUserID: change.updateUserID, dateUpdated: change.dateUpdated })
    .where('reportID', '=', reportID)
    .returning(['status', 'placeRecordID', 'recordType'])
    .executeTakeFirst();
  if (!row) return;
  const before = (await reasonKeysOf(db, [reportID])).get(reportID) ?? '';
  await replaceReportReasons(db, reportID, change.reasonIDs);
  const after = reasonKeyOf(change.reasonIDs);
  if (before !== after)
    await adjustReportCounts(db, [
      { ...row, reasonKey: before, delta: -1 },
      { ...row, reasonKey: after, delta: 1 },
    ]);
}

/** The reporter's own `new` report of a record, if any. */
export async function findOpenReportBy(
  db: Db,
  record: { recordType: ReportRecordType; recordID: number },
  insertUserID: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reports')
    .select('reportID')
    .where('recordType', '=', record.recordType)
    .where('recordID', '=', record.recordID)
    .where('status', '=', 'new')
    .where('isUserReport', '=', true)
    .where('insertUserID', '=', insertUserID)
    .executeTakeFirst();
  return row?.reportID;
}

export async function findReportByID(db: Db, reportID: number): Promise<ReportRow | undefined> {
  const row = await db.selectFrom('reports').select(reportColumns).where('reportID', '=', reportID).executeTakeFirst();
  return row ? (await withReasons(db, [row]))[0] : undefined;
}

/** Sets a report's status (and who changed it, when) and its counters: call in a transaction. */
export async function setReportStatus(
  db: Db,
  reportID: number,
  change: { status: ReportStatus; updateUserID: number; dateUpdated: string; isPending?: boolean; isPendingUpdate?: boolean },
): Promise<void> {
  await updateReportsCounted(db, (eb) => eb('reports.reportID', '=', reportID), change);
}

/** Settles every other `new` report of a record the same way (api-contract §27.4), in a transaction. */
export async function settleOtherNewReports(
  db: Db,
  record: { recordType: ReportRecordType; recordID: number; exceptReportID: number },
  change: { status: ReportStatus; updateUserID: number; dateUpdated: string },
): Promise<void> {
  await updateReportsCounted(
    db,
    (eb) =>
      eb.and([
        eb('reports.recordType', '=', record.recordType),
        eb('reports.recordID', '=', record.recordID),
        eb('reports.reportID', '!=', record.exceptReportID),
      ]),
    change,
    ['new'],
  );
}

/** Whether any report used a reason (a used reason is only marked deleted). */
export async function isReasonUsed(db: Db, reportReasonID: string): Promise<boolean> {
  const row = await db
    .selectFrom('reportReasonLinks')
    .select('reportID')
    .where('reportReasonID', '=', reportReasonID)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Replaces the waiting version of a pending entry (`PATCH /reports/{id}` `premoderatedRecord`). */
export async function updatePendingVersion(
  db: Db,
  reportID: number,
  change: { recordName: string; recordHtml: string; recordFormat: string; pendingName: string | null; pendingBody: string | null; pendingFormat: string | null; updateUserID: number; dateUpdated: string },
): Promise<void> {
  await db.updateTable('reports').set(change).where('reportID', '=', reportID).execute();
}

/**
 * Links reports of a record to an escalation (api-contract §27.7): every `new` report of the
 * record, and `reportID` when given, become `escalated`.
 */
export async function escalateReports(
  db: Db,
  record: { recordType: ReportRecordType; recordID: number; reportID?: number | undefined },
  change: { escalationID: number; updateUserID: number; dateUpdated: string },
): Promise<void> {
  await updateReportsCounted(
    db,
    (eb) =>
      eb.and([
        eb('reports.recordType', '=', record.recordType),
        eb('reports.recordID', '=', record.recordID),
        record.reportID === undefined
          ? eb('reports.status', '=', 'new')
          : eb.or([eb('reports.status', '=', 'new'), eb('reports.reportID', '=', record.reportID)]),
      ]),
    { ...change, status: 'escalated' },
  );
}

/** The reports of escalations, oldest first, keyed by escalation. */
export async function findReportsOfEscalations(db: Db, escalationIDs: readonly number[]): Promise<Map<number, ReportRow[]>> {
  const result = new Map<number, ReportRow[]>();
  if (escalationIDs.length === 0) return result;
  const rows = await db
    .selectFrom('reports')
    .select(reportColumns)
    .where('reports.escalationID', 'in', [...new Set(escalationIDs)])
    .orderBy('reports.reportID')
    .execute();
  for (const row of await withReasons(db, rows)) {
    if (row.escalationID === null) continue;
    const list = result.get(row.escalationID) ?? [];
    list.push(row);
    result.set(row.escalationID, list);
  }
  return result;
}

/** The open escalation (not `done`) of a record, which later reports join. */
export async function findOpenEscalationID(
  db: Db,
  record: { recordType: ReportRecordType; recordID: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('escalations')
    .select('escalationID')
    .where('recordType', '=', record.recordType)
    .where('recordID', '=', record.recordID)
    .where('status', '!=', 'done')
    .orderBy('escalationID', 'desc')
    .executeTakeFirst();
  return row?.escalationID;
}

/** The user reports (not queue entries) of records, every status, oldest first (`reportMeta`). */
export async function findUserReportsOfRecords(
  db: Db,
  recordType: ReportRecordType,
  recordIDs: readonly number[],
): Promise<ReportRow[]> {
  if (recordIDs.length === 0) return [];
  const rows = await db
    .selectFrom('reports')
    .select(reportColumns)
    .where('reports.recordType', '=', recordType)
    .where('reports.recordID', 'in', [...new Set(recordIDs)])
    .where('reports.isUserReport', '=', true)
    .orderBy('reports.reportID')
    .execute();
  return withReasons(db, rows);
}
