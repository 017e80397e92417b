import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  CALLBACK_CONTENT_TYPE,
  longRunnerResultSchema,
} from '../../../../common/src/api/long-runner.ts';
import { longRunnerReply } from '../../http/long-runner.ts';
import { resumeLongRunner } from './calls.service.ts';

/** Long-runner continuation POST /calls/run (contract §1.11, §20). */
export async function callsRoutes(app: FastifyInstance): Promise<void> {
  // The body is the raw signed payload (api-contract §20), not JSON.
  app.addContentTypeParser(CALLBACK_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/calls/run',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['calls'],
        body: z.string().min(1).max(20_000),
        response: {
          200: longRunnerResultSchema,
          204: z.null(),
          408: longRunnerResultSchema,
          // A resumed action whose records failed answers their highest status with the progress.
          400: z.union([longRunnerResultSchema, errorSchema]),
          403: z.union([longRunnerResultSchema, errorSchema]),
          404: z.union([longRunnerResultSchema, errorSchema]),
          409: z.union([longRunnerResultSchema, errorSchema]),
          422: errorSchema,
          500: z.union([longRunnerResultSchema, errorSchema]),
        },
      },
    },
    async (request, reply) => {
      const outcome = await resumeLongRunner(request.ctx, request.body);
      return reply.send(longRunnerReply(reply, outcome));
    },
  );
}
