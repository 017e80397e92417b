import type {
  CreateReportBody,
  Report,
  ReportReason,
  ReportRecordType,
  ReportStatus,
} from '../../../../../common/src/api/reports.ts';
import { api } from '../../../lib/api.ts';

/** The reports dashboard's filters (spec 000 §2 `/dashboard/content/reports`). */
export interface ReportFilters {
  /** Empty: every status (`statuses=none`). */
  statuses: ReportStatus[];
  recordType?: ReportRecordType | undefined;
  recordID?: number | undefined;
  placeRecordID?: number | undefined;
  reportReasonID?: string | undefined;
  page: number;
}

/** `GET /report-reasons` (api-contract §27.3): the reasons open to the caller. */
export function fetchReportReasons(): Promise<ReportReason[]> {
  return api.get<ReportReason[]>('/report-reasons');
}

/** `POST /reports`: reports a discussion or comment (200 when the caller's new report is updated). */
export function createReport(body: CreateReportBody): Promise<Report> {
  return api.post<Report>('/reports', body);
}

/** `GET /reports` with the dashboard's filters. */
export function fetchReports(filters: ReportFilters): Promise<Report[]> {
  return api.get<Report[]>('/reports', {
    query: {
      status: filters.statuses.length > 0 ? filters.statuses.join(',') : 'new,escalated,dismissed,rejected',
      recordType: filters.recordType,
      recordID: filters.recordType ? filters.recordID : undefined,
      placeRecordType: filters.placeRecordID === undefined ? undefined : 'category',
      placeRecordID: filters.placeRecordID,
      reportReasonID: filters.reportReasonID,
      page: filters.page,
      limit: 50,
    },
  });
}

/** The waiting version of a queue entry as the moderator rewrites it (api-contract §27.4 `premoderatedRecord`). */
export interface PremoderatedRecord {
  name?: string | undefined;
  body?: string | undefined;
  format?: string | undefined;
}

/** `PATCH /reports/{id}` with `premoderatedRecord`: edits the waiting version before approving it. */
export function editPendingRecord(reportID: number, premoderatedRecord: PremoderatedRecord): Promise<Report> {
  return api.patch<Report>(`/reports/${reportID}`, { premoderatedRecord });
}

/** The moderator's decisions on a report (api-contract §27.4, §27.5). */
export type ReportAction = 'dismiss' | 'approve-record' | 'reject-record';

/** `PATCH /reports/{id}/dismiss|approve-record|reject-record`. */
export function actOnReport(reportID: number, action: ReportAction): Promise<Report> {
  return api.patch<Report>(`/reports/${reportID}/${action}`, {});
}
