import { randomUUID } from 'node:crypto';
import type { AuditEventType } from '../../../../common/src/api/logs.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import { nowIso } from '../../platform/dates.ts';
import { insertAuditLog } from './audit-logs.repo.ts';

/** One audit event: what happened, in a sentence, and what changed. */
export interface AuditEvent {
  eventType: AuditEventType;
  /** Plain text, e.g. "Banned user ann." */
  message: string;
  /** What changed: before/after values where they apply. */
  context?: Record<string, unknown>;
  meta?: Record<string, unknown>;
  /** Who acted, when not the request's actor (a failed sign-in names the account it tried). */
  insertUserID?: number;
}

/**
 * Records a moderator's or administrator's action in the audit log (api-contract §27.9), with the
 * request it came from (method, path, query, address, `X-Parent-Audit-Log-Id`). Pass the
 * action's transaction as `db` to keep the entry if and only if the action commits.
 */
export async function recordAudit(ctx: RequestContext, event: AuditEvent, db: Db = ctx.db): Promise<void> {
  const request = ctx.auditRequest;
  await insertAuditLog(db, {
    auditLogID: randomUUID(),
    eventType: event.eventType,
    message: event.message,
    requestMethod: request?.method ?? '',
    requestPath: request?.path ?? '',
    requestQuery: JSON.stringify(request?.query ?? {}),
    context: JSON.stringify(event.context ?? {}),
    meta: JSON.stringify(event.meta ?? {}),
    insertUserID: event.insertUserID ?? ctx.actor.userID,
    dateInserted: nowIso(ctx.clock),
    insertIPAddress: ctx.ipAddress,
    spoofUserID: null,
    parentAuditLogID: request?.parentAuditLogID ?? null,
  });
}
