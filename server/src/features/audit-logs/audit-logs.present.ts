import type { AuditLog } from '../../../../common/src/api/logs.ts';
import type { UserFragment } from '../../../../common/src/api/users.ts';
import { toApiDate } from '../../platform/dates.ts';
import { parseJsonObject } from '../../platform/json.ts';
import type { AuditLogRow } from './audit-logs.repo.ts';

/** A stored entry → the AuditLog object (api-contract §27.9). */
export function presentAuditLog(row: AuditLogRow, insertUser: UserFragment | undefined): AuditLog {
  return {
    auditLogID: row.auditLogID,
    eventType: row.eventType,
    message: row.message,
    requestMethod: row.requestMethod,
    requestPath: row.requestPath,
    requestQuery: parseJsonObject(row.requestQuery),
    context: parseJsonObject(row.context),
    meta: parseJsonObject(row.meta),
    insertUserID: row.insertUserID,
    ...(insertUser ? { insertUser } : {}),
    dateInserted: toApiDate(row.dateInserted),
    insertIPAddress: row.insertIPAddress,
    spoofUserID: row.spoofUserID,
    parentAuditLogID: row.parentAuditLogID,
  };
}
