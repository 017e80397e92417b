import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { checkHealth } from './health.service.ts';

const healthSchema = z.object({ status: z.literal('ok') });

/** `GET /health`: 200 once migrated and the database answers, 503 otherwise. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { anonymous: true },
      schema: {
        tags: ['health'],
        querystring: z.object({}),
        response: { 200: healthSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      await checkHealth(request.ctx);
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
}
