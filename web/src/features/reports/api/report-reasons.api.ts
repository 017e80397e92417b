import type {
  CreateReportReasonBody,
  PatchReportReasonBody,
  ReportReason,
} from '../../../../../common/src/api/reports.ts';
import { api } from '../../../lib/api.ts';

/**
 * `GET /report-reasons` as the editor lists them (api-contract §27.3): every non-deleted,
 * non-system reason in `sort` order, whichever roles it is open to.
 */
export function fetchEditableReportReasons(): Promise<ReportReason[]> {
  return api.get<ReportReason[]>('/report-reasons');
}

/** `POST /report-reasons` (`community.moderate`). */
export function createReportReason(body: CreateReportReasonBody): Promise<ReportReason> {
  return api.post<ReportReason>('/report-reasons', body);
}

/** `PATCH /report-reasons/{id}` (`community.moderate`). */
export function patchReportReason(
  reportReasonID: string,
  body: PatchReportReasonBody,
): Promise<ReportReason> {
  return api.patch<ReportReason>(`/report-reasons/${encodeURIComponent(reportReasonID)}`, body);
}

/** `DELETE /report-reasons/{id}`: removed, or only marked deleted when reports used it. */
export async function deleteReportReason(reportReasonID: string): Promise<void> {
  await api.delete<unknown>(`/report-reasons/${encodeURIComponent(reportReasonID)}`);
}

/** `PUT /report-reasons/sorts` (`site.manage`): `{"<reportReasonID>": sort}`. */
export async function putReportReasonSorts(sorts: Readonly<Record<string, number>>): Promise<void> {
  await api.put<unknown>('/report-reasons/sorts', sorts);
}
