import type { Report } from '../../../../common/src/api/reports.ts';
import type { RequestContext } from '../../http/context.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import { commentUrl, discussionUrl } from '../discussions/discussions.present.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { findReasonsByIDs } from './report-reasons.repo.ts';
import { presentReasonFragment } from './report-reasons.present.ts';
import {
  type ReportRow,
} from './reports.repo.ts';
import {
  findPlaces,
  findRecordStates,
  type RecordState,
} from './reports.records.repo.ts';

function isLive(state: RecordState | undefined): boolean {
  return state !== undefined && state.moderationStatus === 'accepted' && !state.tombstone;
}

function wasEditedAfter(state: RecordState | undefined, row: ReportRow): boolean {
  if (!state?.dateUpdatedRaw || !row.isUserReport) return false;
  return new Date(state.dateUpdatedRaw).getTime() > new Date(row.dateInsertedRaw).getTime();
}

/**
 * Reports as the API shows them (api-contract §27.4): the reported snapshot, the record's live
 * state, its place, reasons and users; batched (one query per kind of data, no N+1). The raw note
 * and the raw record source are never output.
 */
export async function presentReports(ctx: RequestContext, rows: readonly ReportRow[]): Promise<Report[]> {
  if (rows.length === 0) return [];
  const baseUrl = ctx.config.baseUrl;
  const [states, places, reasons, users] = await Promise.all([
    findRecordStates(ctx.db, rows),
    findPlaces(ctx.db, rows.map((row) => row.placeRecordID)),
    findReasonsByIDs(ctx.db, rows.flatMap((row) => row.reasonIDs)),
    loadUserFragments(ctx, rows.flatMap((row) => [row.insertUserID, row.recordUserID])),
  ]);
  return rows.map((row) => {
    const state = states.get(`${row.recordType}:${String(row.recordID)}`);
    const place = places.get(row.placeRecordID);
    const recordUser = users.get(row.recordUserID);
    const insertUser = users.get(row.insertUserID);
    return {
      reportID: row.reportID,
      status: row.status,
      recordType: row.recordType,
      recordID: row.recordID,
      recordName: row.recordName,
      recordHtml: row.recordHtml,
      recordFormat: row.recordFormat,
      recordUrl:
        row.recordType === 'discussion'
          ? discussionUrl(baseUrl, row.recordID, state?.discussionName ?? row.recordName)
          : commentUrl(baseUrl, row.recordID),
      recordIsLive: isLive(state),
      recordWasEdited: wasEditedAfter(state, row),
      recordUserID: row.recordUserID,
      ...(recordUser ? { recordUser } : {}),
      recordDateInserted: row.recordDateInserted,
      recordDateUpdated: row.recordDateUpdated,
      placeRecordType: 'category' as const,
      placeRecordID: row.placeRecordID,
      placeRecordName: place?.name ?? '',
      placeRecordUrl: place ? categoryUrl(baseUrl, place.urlcode) : '',
      reasons: row.reasonIDs.flatMap((id) => {
        const reason = reasons.get(id);
        return reason ? [presentReasonFragment(reason)] : [];
      }),
      ...(row.noteHtml === null ? {} : { noteHtml: row.noteHtml }),
      insertUserID: row.insertUserID,
      ...(insertUser ? { insertUser } : {}),
      dateInserted: row.dateInserted,
      updateUserID: row.updateUserID,
      dateUpdated: row.dateUpdated,
      isPending: row.isPending,
      isPendingUpdate: row.isPendingUpdate,
      escalationID: row.escalationID,
      escalationUrl: null,
    };
  });
}
