import type { ReasonFragment, ReportMeta, ReportRecordType } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { findReasonsByIDs } from './report-reasons.repo.ts';
import { presentReasonFragment } from './report-reasons.present.ts';
import { findUserReportsOfRecords } from './reports.repo.ts';

/** The `reportMeta` of a record never reported (api-contract §27.4). */
export function emptyReportMeta(): ReportMeta {
  return {
    countReports: 0,
    countReportUsers: 0,
    dateLastReport: null,
    reportReasonIDs: [],
    reportReasons: [],
    reportUserIDs: [],
    reportUsers: [],
  };
}

/**
 * `reportMeta` of records (api-contract §27.4; the caller shows it to their moderators only): the
 * user reports of every status, their reporters and reasons; queue entries are not counted.
 * Batched: three queries however many records. Records never reported are absent.
 */
export async function loadReportMeta(
  ctx: RequestContext,
  recordType: ReportRecordType,
  recordIDs: readonly number[],
): Promise<Map<number, ReportMeta>> {
  const rows = await findUserReportsOfRecords(ctx.db, recordType, recordIDs);
  if (rows.length === 0) return new Map();
  const [reasons, users] = await Promise.all([
    findReasonsByIDs(ctx.db, rows.flatMap((row) => row.reasonIDs)),
    loadUserFragments(ctx, rows.map((row) => row.insertUserID)),
  ]);
  const result = new Map<number, ReportMeta>();
  for (const row of rows) {
    const meta = result.get(row.recordID) ?? emptyReportMeta();
    meta.countReports += 1;
    if (!meta.reportUserIDs.includes(row.insertUserID)) {
      meta.reportUserIDs.push(row.insertUserID);
      const user = users.get(row.insertUserID);
      if (user) meta.reportUsers.push(user);
    }
    for (const id of row.reasonIDs) {
      const reason = reasons.get(id);
      if (!meta.reportReasonIDs.includes(id) && reason) {
        meta.reportReasonIDs.push(id);
        meta.reportReasons.push(presentReasonFragment(reason) satisfies ReasonFragment);
      }
    }
    meta.dateLastReport = row.dateInserted;
    meta.countReportUsers = meta.reportUserIDs.length;
    result.set(row.recordID, meta);
  }
  return result;
}
