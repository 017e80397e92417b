import type { Db } from '../../platform/db/db.ts';
import { insertLogs, type NewLog } from './logs.repo.ts';

// Writers of the change log (api-contract §27.6), called by the features that edit, delete and
// ban, inside their own transaction: an entry exists if and only if the change commits.

/** A discussion as the change log keeps it (the row before the operation, API casing). */
export interface LoggedDiscussion {
  discussionID: number;
  name: string;
  body: string;
  format: string;
  categoryID: number;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/** A comment as the change log keeps it. */
export interface LoggedComment {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  body: string;
  format: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
}

/** Who did it and when. */
export interface LogAuthor {
  insertUserID: number;
  dateInserted: string;
}

function discussionEntry(operation: 'edit' | 'delete', row: LoggedDiscussion, by: LogAuthor, data: object): NewLog {
  return {
    operation,
    recordType: 'discussion',
    recordID: row.discussionID,
    recordUserID: row.insertUserID,
    recordDate: row.dateInserted,
    parentRecordID: null,
    categoryID: row.categoryID,
    insertUserID: by.insertUserID,
    dateInserted: by.dateInserted,
    data: JSON.stringify(data),
  };
}

function commentEntry(
  operation: 'edit' | 'delete',
  row: LoggedComment,
  categoryID: number,
  by: LogAuthor,
): NewLog {
  return {
    operation,
    recordType: 'comment',
    recordID: row.commentID,
    recordUserID: row.insertUserID,
    recordDate: row.dateInserted,
    parentRecordID: row.discussionID,
    categoryID,
    insertUserID: by.insertUserID,
    dateInserted: by.dateInserted,
    data: JSON.stringify(row),
  };
}

/** The fields whose change is a revision (api-contract §27.6): a discussion's name, body, format. */
export function isDiscussionRevision(
  row: { name: string; body: string; format: string },
  next: { name?: string | undefined; body?: string | undefined; format?: string | undefined },
): boolean {
  return (
    (next.name !== undefined && next.name !== row.name) ||
    (next.body !== undefined && next.body !== row.body) ||
    (next.format !== undefined && next.format !== row.format)
  );
}

/** A comment's body or format changes. */
export function isCommentRevision(
  row: { body: string; format: string },
  next: { body?: string | undefined; format?: string | undefined },
): boolean {
  return (next.body !== undefined && next.body !== row.body) || (next.format !== undefined && next.format !== row.format);
}

/** Logs the version of a discussion an accepted edit replaces (`edit`). */
export async function logDiscussionEdit(trx: Db, row: LoggedDiscussion, by: LogAuthor): Promise<void> {
  await insertLogs(trx, [discussionEntry('edit', row, by, row)]);
}

/** Logs the version of a comment an accepted edit replaces (`edit`). */
export async function logCommentEdit(trx: Db, row: LoggedComment, categoryID: number, by: LogAuthor): Promise<void> {
  await insertLogs(trx, [commentEntry('edit', row, categoryID, by)]);
}

/** Logs a deleted discussion with its comments in `data.comments` (`delete`). */
export async function logDiscussionDelete(
  trx: Db,
  row: LoggedDiscussion,
  comments: readonly LoggedComment[],
  by: LogAuthor,
): Promise<void> {
  await insertLogs(trx, [discussionEntry('delete', row, by, { ...row, comments })]);
}

/** Logs deleted (or tombstoned) comments, one entry each (`delete`). */
export async function logCommentDeletes(
  trx: Db,
  rows: readonly LoggedComment[],
  categoryID: number,
  by: LogAuthor,
): Promise<void> {
  await insertLogs(trx, rows.map((row) => commentEntry('delete', row, categoryID, by)));
}

/** Logs a ban or an unban (`ban`): `data` holds the value the operation set. */
export async function logBan(
  trx: Db,
  user: { userID: number; name: string; dateInserted: string },
  ban: { banned: boolean; reason: string | null; dateExpires: string | null },
  by: LogAuthor,
): Promise<void> {
  await insertLogs(trx, [
    {
      operation: 'ban',
      recordType: 'user',
      recordID: user.userID,
      recordUserID: user.userID,
      recordDate: user.dateInserted,
      parentRecordID: null,
      categoryID: null,
      insertUserID: by.insertUserID,
      dateInserted: by.dateInserted,
      data: JSON.stringify({
        userID: user.userID,
        name: user.name,
        banned: ban.banned ? 1 : 0,
        ...(ban.reason === null ? {} : { reason: ban.reason }),
        ...(ban.dateExpires === null ? {} : { dateExpires: ban.dateExpires }),
      }),
    },
  ]);
}
