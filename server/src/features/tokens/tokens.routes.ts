import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createdTokenSchema,
  createTokenBodySchema,
  tokenGetQuerySchema,
  tokenIDParamsSchema,
  tokenListSchema,
  tokenSchema,
} from '../../../../common/src/api/tokens.ts';
import { createToken, deleteToken, getToken, listTokens } from './tokens.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 410: errorSchema, 422: errorSchema };

/** Personal access tokens (api-contract §2 "Access tokens"). */
export async function tokensRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/tokens',
    { schema: { tags: ['tokens'], querystring: z.object({}), response: { 200: tokenListSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listTokens(request.ctx);
    },
  );

  api.post(
    '/tokens',
    { config: { guestCacheWrite: 'none' }, schema: { tags: ['tokens'], body: createTokenBodySchema, response: { 201: createdTokenSchema, ...errors } } },
    async (request, reply) => {
      const token = await createToken(request.ctx, request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(token);
    },
  );

  api.get(
    '/tokens/:id',
    { schema: { tags: ['tokens'], params: tokenIDParamsSchema, querystring: tokenGetQuerySchema, response: { 200: tokenSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getToken(request.ctx, request.params.id, request.query.transientKey);
    },
  );

  api.delete(
    '/tokens/:id',
    { config: { guestCacheWrite: 'none' }, schema: { tags: ['tokens'], params: tokenIDParamsSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteToken(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
