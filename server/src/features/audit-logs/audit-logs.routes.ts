import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  auditEventTypeSchema,
  auditLogIDParamsSchema,
  auditLogListQuerySchema,
  auditLogSchema,
} from '../../../../common/src/api/logs.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { getAuditLog, listAuditEventTypes, listAuditLogs } from './audit-logs.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Audit log API (api-contract §27.9). */
export async function auditLogsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/audit-logs',
    {
      schema: {
        tags: ['audit-logs'],
        querystring: auditLogListQuerySchema,
        response: { 200: z.array(auditLogSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { entries, total } = await listAuditLogs(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return entries;
    },
  );

  api.get(
    '/audit-logs/event-types',
    {
      schema: {
        tags: ['audit-logs'],
        querystring: z.object({}),
        response: { 200: z.array(auditEventTypeSchema), ...errors },
      },
    },
    async (request) => listAuditEventTypes(request.ctx),
  );

  api.get(
    '/audit-logs/:id',
    {
      schema: {
        tags: ['audit-logs'],
        params: auditLogIDParamsSchema,
        response: { 200: auditLogSchema, ...errors },
      },
    },
    async (request) => getAuditLog(request.ctx, request.params.id),
  );
}
