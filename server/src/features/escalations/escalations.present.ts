import type { Escalation } from '../../../../common/src/api/escalations.ts';
import type { ReasonFragment, Report } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { deletedUserFragment } from '../users/users.present.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { presentReportRows, reportRowsOfEscalations } from '../reports/reports.escalation-links.ts';
import type { EscalationRow } from './escalations.repo.ts';

/** The dashboard page of an escalation. */
export function escalationUrl(baseUrl: string, escalationID: number): string {
  return `${baseUrl}/dashboard/content/escalations/${String(escalationID)}`;
}

/**
 * Escalations as the API shows them (api-contract §27.7): the record as its first report saw it
 * (with its live state), the aggregates of its reports, and `reports` when expanded. Batched.
 */
export async function presentEscalations(
  ctx: RequestContext,
  rows: readonly EscalationRow[],
  options: { reports: boolean },
): Promise<Escalation[]> {
  if (rows.length === 0) return [];
  const reportRows = await reportRowsOfEscalations(ctx.db, rows.map((row) => row.escalationID));
  const presented = new Map(
    (await presentReportRows(ctx, [...reportRows.values()].flat())).map((report) => [report.reportID, report]),
  );
  const userReportIDs = new Set(
    [...reportRows.values()].flat().filter((row) => row.isUserReport).map((row) => row.reportID),
  );
  const users = await loadUserFragments(
    ctx,
    rows.flatMap((row) => [row.insertUserID, row.updateUserID ?? 0, row.assignedUserID ?? 0]).filter((id) => id > 0),
  );
  return rows.map((row) => {
    const reports = (reportRows.get(row.escalationID) ?? []).flatMap((report) => {
      const item = presented.get(report.reportID);
      return item ? [item] : [];
    });
    const userReports = reports.filter((report) => userReportIDs.has(report.reportID));
    const reasons = new Map<string, ReasonFragment>();
    for (const report of reports) for (const reason of report.reasons) reasons.set(reason.reportReasonID, reason);
    const reporters = new Map<number, Report['insertUser']>();
    for (const report of userReports) reporters.set(report.insertUserID, report.insertUser);
    const first = reports[0];
    const last = reports.at(-1);
    const user = (userID: number | null) => (userID === null ? null : (users.get(userID) ?? deletedUserFragment()));
    return {
      escalationID: row.escalationID,
      name: row.name,
      url: escalationUrl(ctx.config.baseUrl, row.escalationID),
      status: row.status,
      assignedUserID: row.assignedUserID,
      assignedUser: user(row.assignedUserID),
      dateAssigned: row.dateAssigned,
      recordType: row.recordType,
      recordID: row.recordID,
      recordName: first?.recordName ?? '',
      recordUrl: first?.recordUrl ?? '',
      recordHtml: first?.recordHtml ?? '',
      recordIsLive: first?.recordIsLive ?? false,
      recordWasEdited: first?.recordWasEdited ?? false,
      recordUserID: first?.recordUserID ?? 0,
      ...(first?.recordUser ? { recordUser: first.recordUser } : {}),
      recordDateInserted: first?.recordDateInserted ?? row.dateInserted,
      placeRecordType: 'category' as const,
      placeRecordID: row.placeRecordID,
      placeRecordName: first?.placeRecordName ?? '',
      placeRecordUrl: first?.placeRecordUrl ?? '',
      reportIDs: reports.map((report) => report.reportID),
      countReports: userReports.length,
      countReportUsers: reporters.size,
      reportUserIDs: [...reporters.keys()],
      reportUsers: [...reporters.values()].flatMap((fragment) => (fragment ? [fragment] : [])),
      reportReasonIDs: [...reasons.keys()],
      reportReasons: [...reasons.values()],
      dateLastReport: last?.dateInserted ?? null,
      countComments: row.countComments,
      insertUserID: row.insertUserID,
      insertUser: user(row.insertUserID) ?? deletedUserFragment(),
      dateInserted: row.dateInserted,
      updateUserID: row.updateUserID,
      updateUser: user(row.updateUserID),
      dateUpdated: row.dateUpdated,
      ...(options.reports ? { reports } : {}),
    };
  });
}
