import type { Generated } from 'kysely';
import type { DbDate } from './schema.ts';

// The change log and the audit log (see schema.ts).

/** A change-log entry (migration 0021, api-contract §27.6): edit, delete or ban. */
export interface LogsTable {
  logID: Generated<number>;
  operation: string;
  recordType: string;
  recordID: number;
  recordUserID: number | null;
  recordDate: DbDate | null;
  parentRecordID: number | null;
  categoryID: number | null;
  insertUserID: number;
  dateInserted: DbDate;
  /** JSON: the record as it was before the operation. */
  data: string;
}

/** An audit-log entry (migration 0021, api-contract §27.9); JSON text in requestQuery, context, meta. */
export interface AuditLogsTable {
  sequenceID: Generated<number>;
  auditLogID: string;
  eventType: string;
  message: string;
  requestMethod: string;
  requestPath: string;
  requestQuery: string;
  context: string;
  meta: string;
  insertUserID: number;
  dateInserted: DbDate;
  insertIPAddress: string;
  spoofUserID: number | null;
  parentAuditLogID: string | null;
}
