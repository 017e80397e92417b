import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { ignoreStateSchema } from '../../../../common/src/api/conversations.ts';
import { userRefParamsSchema } from '../../../../common/src/api/users.ts';
import { getIgnoreState, ignoreUser, unignoreUser } from './user-ignores.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** The ignore list (issue 13; docs/decisions.md "Conversations and the ignore list"). */
export async function userIgnoresRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/:id/ignore',
    { schema: { tags: ['users'], params: userRefParamsSchema, response: { 200: ignoreStateSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getIgnoreState(request.ctx, request.params.id);
    },
  );

  api.put(
    '/users/:id/ignore',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['users'], params: userRefParamsSchema, response: { 200: ignoreStateSchema, ...errors } },
    },
    async (request) => ignoreUser(request.ctx, request.params.id),
  );

  api.delete(
    '/users/:id/ignore',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['users'], params: userRefParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await unignoreUser(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
