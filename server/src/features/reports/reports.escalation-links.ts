import type { Report, ReportRecordType } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { presentReports } from './reports.present.ts';
import { escalateReports, findReportsOfEscalations, type ReportRow } from './reports.repo.ts';
import { findPlacePermissionCategory, findRecordStates } from './reports.records.repo.ts';

// What escalations (api-contract §27.7) need of reports, as a service of this feature.

export type { ReportRow };

/** Every `new` report of the record (and `reportID`) joins the escalation, `escalated`. */
export function escalateReportsOf(
  db: Db,
  record: { recordType: ReportRecordType; recordID: number; reportID?: number | undefined },
  change: { escalationID: number; updateUserID: number; dateUpdated: string },
): Promise<void> {
  return escalateReports(db, record, change);
}

/** The report rows of escalations, oldest first, keyed by escalation. */
export function reportRowsOfEscalations(db: Db, escalationIDs: readonly number[]): Promise<Map<number, ReportRow[]>> {
  return findReportsOfEscalations(db, escalationIDs);
}

/** Presents report rows (the `reports` expansion and the record fields of an escalation). */
export function presentReportRows(ctx: RequestContext, rows: readonly ReportRow[]): Promise<Report[]> {
  return presentReports(ctx, rows);
}

/** A category's permission source, for the moderator check of a record's place. */
export function placeOf(db: Db, categoryID: number): Promise<{ categoryID: number; permissionCategoryID: number } | undefined> {
  return findPlacePermissionCategory(db, categoryID);
}

/** Whether a record exists and is visible (accepted, not a tombstone). */
export async function isRecordLive(db: Db, record: { recordType: ReportRecordType; recordID: number }): Promise<boolean> {
  const state = (await findRecordStates(db, [record])).get(`${record.recordType}:${String(record.recordID)}`);
  return state !== undefined && state.moderationStatus === 'accepted' && !state.tombstone;
}
