import type { Generated } from 'kysely';
import type { DbBool, DbDate } from './schema.ts';

/** Report reasons (migration 0020, api-contract §27.3); `roleIDs` is a JSON array or null. */
export interface ReportReasonsTable {
  reportReasonID: string;
  name: string;
  description: string;
  sort: Generated<number>;
  roleIDs: string | null;
  isSystem: Generated<DbBool>;
  deleted: Generated<DbBool>;
  insertUserID: Generated<number>;
  dateInserted: DbDate;
  updateUserID: number | null;
  dateUpdated: DbDate | null;
}

/**
 * Reports and premoderation queue entries (migration 0020, api-contract §27.4, §27.5).
 * `recordName`/`recordHtml` are the reported (or waiting) version; `pending*` a waiting edit's source.
 */
export interface ReportsTable {
  reportID: Generated<number>;
  /** new | escalated | dismissed | rejected */
  status: Generated<string>;
  /** discussion | comment */
  recordType: string;
  recordID: number;
  recordName: string;
  recordHtml: string;
  recordFormat: string;
  recordUserID: number;
  recordDateInserted: DbDate;
  recordDateUpdated: DbDate | null;
  /** The record's category. */
  placeRecordID: number;
  noteHtml: string | null;
  /** False for premoderation entries (not counted in `reportMeta`). */
  isUserReport: Generated<DbBool>;
  isPending: Generated<DbBool>;
  isPendingUpdate: Generated<DbBool>;
  pendingName: string | null;
  pendingBody: string | null;
  pendingFormat: string | null;
  escalationID: number | null;
  insertUserID: number;
  dateInserted: DbDate;
  updateUserID: number | null;
  dateUpdated: DbDate | null;
}

/** The reasons of each report (migration 0020). */
export interface ReportReasonLinksTable {
  reportID: number;
  reportReasonID: string;
}

/**
 * How many reports have each status × category × record type × set of reasons (migration 0033):
 * `reasonKey` is the report's reason IDs, sorted, joined by `,` (reports.counters.repo.ts).
 */
export interface ReportCountsTable {
  status: string;
  placeRecordID: number;
  recordType: string;
  reasonKey: string;
  countReports: Generated<number>;
}

/** Escalations (migration 0020, api-contract §27.7). */
export interface EscalationsTable {
  escalationID: Generated<number>;
  name: string;
  /** open | in-progress | on-hold | done */
  status: Generated<string>;
  assignedUserID: number | null;
  dateAssigned: DbDate | null;
  recordType: string;
  recordID: number;
  placeRecordID: number;
  insertUserID: number;
  dateInserted: DbDate;
  updateUserID: number | null;
  dateUpdated: DbDate | null;
  countComments: Generated<number>;
}

/** Moderators' comments on an escalation (api-contract §27.7, §9 `parentRecordType: "escalation"`). */
export interface EscalationCommentsTable {
  commentID: Generated<number>;
  escalationID: number;
  body: string;
  format: string;
  bodyHtml: string;
  insertUserID: number;
  dateInserted: DbDate;
  updateUserID: number | null;
  dateUpdated: DbDate | null;
}
