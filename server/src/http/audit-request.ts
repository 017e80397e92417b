import type { FastifyRequest } from 'fastify';

/** What the audit log records of the request behind an action (api-contract §27.9, §1.2). */
export interface AuditRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** The client's `X-Parent-Audit-Log-Id` header: the page's audit-log context. */
  parentAuditLogID: string | null;
}

/** Query keys that carry secrets: never stored. */
const SECRET_KEYS = new Set(['access_token', 'transientKey', 'TransientKey']);

/** The audit facts of a request, secrets left out. */
export function auditRequestOf(request: FastifyRequest): AuditRequest {
  const [path = '/'] = request.url.split('?');
  const query: Record<string, unknown> = {};
  const parsed = request.query;
  if (parsed !== null && typeof parsed === 'object') {
    for (const [key, value] of Object.entries(parsed as Record<string, unknown>))
      if (!SECRET_KEYS.has(key)) query[key] = value;
  }
  const header = request.headers['x-parent-audit-log-id'];
  const parent = typeof header === 'string' && header !== '' ? header.slice(0, 100) : null;
  return { method: request.method, path, query, parentAuditLogID: parent };
}
