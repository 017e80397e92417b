import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createEscalationBodySchema,
  escalationGetQuerySchema,
  escalationIDParamsSchema,
  escalationListQuerySchema,
  escalationSchema,
  patchEscalationBodySchema,
} from '../../../../common/src/api/escalations.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { createEscalation, getEscalation, listEscalations, patchEscalation } from './escalations.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** Escalations (api-contract §27.7). */
export async function escalationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/escalations',
    {
      config: { guestCacheWrite: 'declared' },
      schema: { tags: ['escalations'], body: createEscalationBodySchema, response: { 201: escalationSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createEscalation(request.ctx, request.body)),
  );

  api.get(
    '/escalations',
    { schema: { tags: ['escalations'], querystring: escalationListQuerySchema, response: { 200: z.array(escalationSchema), ...errors } } },
    async (request, reply) => {
      const { escalations, paging } = await listEscalations(request.ctx, request.query);
      setPagingHeaders(request, reply, paging);
      return escalations;
    },
  );

  api.get(
    '/escalations/:id',
    {
      schema: {
        tags: ['escalations'],
        params: escalationIDParamsSchema,
        querystring: escalationGetQuerySchema,
        response: { 200: escalationSchema, ...errors },
      },
    },
    async (request) => getEscalation(request.ctx, request.params.id, request.query.expand),
  );

  api.patch(
    '/escalations/:id',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['escalations'],
        params: escalationIDParamsSchema,
        body: patchEscalationBodySchema,
        response: { 200: escalationSchema, ...errors },
      },
    },
    async (request) => patchEscalation(request.ctx, request.params.id, request.body),
  );
}
