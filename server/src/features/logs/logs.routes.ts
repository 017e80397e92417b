import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commentSchema } from '../../../../common/src/api/comments.ts';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { discussionSchema } from '../../../../common/src/api/discussions.ts';
import { logEntrySchema, logIDParamsSchema, logListQuerySchema } from '../../../../common/src/api/logs.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { restoreLog } from './logs.restore.ts';
import { getLog, listLogs } from './logs.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** Change log API (api-contract §27.6): revisions, deleted content, bans. */
export async function logsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/logs',
    {
      schema: {
        tags: ['logs'],
        querystring: logListQuerySchema,
        response: { 200: z.array(logEntrySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { entries, total } = await listLogs(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return entries;
    },
  );

  api.get(
    '/logs/:id',
    {
      schema: {
        tags: ['logs'],
        params: logIDParamsSchema,
        response: { 200: logEntrySchema, ...errors },
      },
    },
    async (request) => getLog(request.ctx, request.params.id),
  );

  api.post(
    '/logs/:id/restore',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['logs'],
        params: logIDParamsSchema,
        response: { 200: z.union([commentSchema, discussionSchema]), ...errors },
      },
    },
    async (request, reply) => {
      reply.status(200);
      return restoreLog(request.ctx, request.params.id);
    },
  );
}
