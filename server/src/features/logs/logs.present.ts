import type { LogEntry, LogOperation, LogRecordType } from '../../../../common/src/api/logs.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { toApiDate } from '../../platform/dates.ts';
import { parseJsonObject } from '../../platform/json.ts';
import type { LogRow } from './logs.repo.ts';

/** An entry's `data` as an object (an unreadable one as `{}`). */
export function logDataOf(row: LogRow): Record<string, unknown> {
  return parseJsonObject(row.data);
}

// api-contract §27.6: the fields of `data` per record type. Entries store the whole row (a restore
// needs it); the API shows these.
const DISCUSSION_FIELDS = ['discussionID', 'name', 'body', 'format', 'categoryID', 'insertUserID', 'dateInserted', 'dateUpdated'];
const COMMENT_FIELDS = ['commentID', 'discussionID', 'parentCommentID', 'body', 'format', 'insertUserID', 'dateInserted', 'dateUpdated'];

function pick(data: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field in data).map((field) => [field, data[field]]));
}

/** An entry's `data` as the API shows it: the contract's fields in API casing (a deleted discussion's comments too). */
export function presentLogData(recordType: string, data: Record<string, unknown>): Record<string, unknown> {
  if (recordType === 'comment') return pick(data, COMMENT_FIELDS);
  if (recordType !== 'discussion') return data;
  const shown = pick(data, DISCUSSION_FIELDS);
  if (Array.isArray(data.comments))
    shown.comments = data.comments.map((comment: unknown) =>
      typeof comment === 'object' && comment !== null ? pick(comment as Record<string, unknown>, COMMENT_FIELDS) : {},
    );
  return shown;
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
    data: presentLogData(row.recordType, logDataOf(row)),
  };
}
