import type { Comment } from '../../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { LogEntry, LogOperation, LogRecordType } from '../../../../../common/src/api/logs.ts';
import { api } from '../../../lib/api.ts';

/** What the `/log/filter` pages ask for (spec 000 §2; api-contract §27.6). */
export interface LogFilter {
  recordType: LogRecordType;
  recordID?: number | undefined;
  parentRecordID?: number | undefined;
  operation?: LogOperation | undefined;
}

/** `GET /logs`: the newest entries first (one page of 100). */
export function fetchLogs(filter: LogFilter): Promise<LogEntry[]> {
  return api.get<LogEntry[]>('/logs', {
    query: {
      recordType: filter.recordType,
      recordID: filter.recordID,
      parentRecordID: filter.parentRecordID,
      operation: filter.operation,
      limit: 100,
    },
  });
}

/** `POST /logs/{id}/restore`: the record after the restore. */
export function restoreLog(logID: number): Promise<Discussion | Comment> {
  return api.post<Discussion | Comment>(`/logs/${logID}/restore`);
}
