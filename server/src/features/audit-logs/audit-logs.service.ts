import {
  auditEventTypes,
  type AuditLog,
  type AuditLogListQuery,
} from '../../../../common/src/api/logs.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError } from '../../platform/errors.ts';
import { loadUserFragments } from '../users/users.service.ts';
import { canReadAuditLogs } from './audit-logs.policy.ts';
import { presentAuditLog } from './audit-logs.present.ts';
import { findAuditLogByID, findAuditLogs, type AuditLogRow } from './audit-logs.repo.ts';

const AUDIT_LOG_NOT_FOUND = 'Audit log not found.';

async function present(ctx: RequestContext, rows: readonly AuditLogRow[]): Promise<AuditLog[]> {
  const users = await loadUserFragments(ctx, [...new Set(rows.map((row) => row.insertUserID))]);
  return rows.map((row) => presentAuditLog(row, users.get(row.insertUserID)));
}

/**
 * `GET /audit-logs` (api-contract §27.9): `site.manage`; newest first, numbered pager.
 * @throws AppError 403.
 */
export async function listAuditLogs(
  ctx: RequestContext,
  query: AuditLogListQuery,
): Promise<{ entries: AuditLog[]; total: number }> {
  authorize(canReadAuditLogs(ctx.permissions), { permissions: 'site.manage' });
  const { rows, total } = await findAuditLogs(
    ctx.db,
    {
      insertUserID: query.insertUserID,
      insertIPAddress: query.insertIPAddress,
      eventTypes: query.eventType,
      dateInserted: query.dateInserted,
      onlySpoofedActions: query.onlySpoofedActions,
    },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { entries: await present(ctx, rows), total };
}

/**
 * `GET /audit-logs/{auditLogID}` (api-contract §27.9).
 * @throws AppError 403, 404 "Audit log not found.".
 */
export async function getAuditLog(ctx: RequestContext, auditLogID: string): Promise<AuditLog> {
  authorize(canReadAuditLogs(ctx.permissions), { permissions: 'site.manage' });
  const row = await findAuditLogByID(ctx.db, auditLogID);
  if (!row) throw new AppError(404, AUDIT_LOG_NOT_FOUND);
  const [entry] = await present(ctx, [row]);
  if (!entry) throw new AppError(404, AUDIT_LOG_NOT_FOUND);
  return entry;
}

/**
 * `GET /audit-logs/event-types` (api-contract §27.9): every event type with its name.
 * @throws AppError 403.
 */
export function listAuditEventTypes(ctx: RequestContext): { eventType: string; name: string }[] {
  authorize(canReadAuditLogs(ctx.permissions), { permissions: 'site.manage' });
  return Object.entries(auditEventTypes).map(([eventType, name]) => ({ eventType, name }));
}
