import type { LogEntry, LogOperation, LogRecordType } from '../../../../common/src/api/logs.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { toApiDate } from '../../platform/dates.ts';
import { parseJsonObject } from '../../platform/json.ts';
import type { LogRow } from './logs.repo.ts';

/** An entry's `data` as an object (an unreadable one as `{}`). */
export function logDataOf(row: LogRow): Record<string, unknown> {
  return parseJsonObject(row.data);
}

/** A stored entry → the LogEntry object (api-contract §27.6). */
export function presentLogEntry(row: LogRow, users: ReadonlyMap<number, UserFragment>): LogEntry | undefined {
  const insertUser = users.get(row.insertUserID);
  if (!insertUser) return undefined;
  const recordUser = row.recordUserID === null ? undefined : users.get(row.recordUserID);
  return {
    logID: row.logID,
    operation: row.operation as LogOperation,
    recordType: row.recordType as LogRecordType,
    recordID: row.recordID,
    recordUserID: row.recordUserID,
    ...(recordUser ? { recordUser } : {}),
    recordDate: toApiDate(row.recordDate),
    parentRecordID: row.parentRecordID,
    categoryID: row.categoryID,
    insertUserID: row.insertUserID,
    insertUser,
    dateInserted: toApiDate(row.dateInserted),
    data: logDataOf(row),
  };
}
