import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  configGetQuerySchema,
  configPatchBodySchema,
  configSchemaSchema,
  configValuesSchema,
} from '../../../../common/src/api/config.ts';
import { getConfig, getConfigSchema, patchConfig } from './config.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 422: errorSchema };

/** Site settings API (api-contract §14). */
export async function configRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/config',
    {
      // api-contract §1.2: GET /config performs no ban check, so public keys stay readable.
      config: { allowBanned: true },
      schema: {
        tags: ['config'],
        querystring: configGetQuerySchema,
        response: { 200: configValuesSchema, ...errors },
      },
    },
    async (request) => getConfig(request.ctx, request.query.select),
  );

  api.patch(
    '/config',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['config'],
        body: configPatchBodySchema,
        response: { 200: z.null().describe('Empty body.'), ...errors },
      },
    },
    async (request, reply) => {
      await patchConfig(request.ctx, request.body);
      // api-contract §14: 200 with an empty body. Fastify skips serialization for an undefined
      // payload; the schema's `null` only documents the response.
      return reply.status(200).send(undefined as unknown as null);
    },
  );

  api.get(
    '/config/schema',
    {
      schema: {
        tags: ['config'],
        querystring: z.object({}),
        response: { 200: configSchemaSchema, ...errors },
      },
    },
    async (request) => getConfigSchema(request.ctx),
  );
}
