import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { jobIDParamsSchema, jobSchema, listJobsQuerySchema } from '../../../../common/src/api/jobs.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { listJobs, retryJob } from './jobs.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** The administrators' view of the job queue (Hearth's own calls, docs/decisions.md). */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/jobs',
    {
      schema: {
        tags: ['jobs'],
        querystring: listJobsQuerySchema,
        response: { 200: z.array(jobSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { jobs, total } = await listJobs(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return jobs;
    },
  );

  api.post(
    '/jobs/:id/retry',
    {
      schema: {
        tags: ['jobs'],
        params: jobIDParamsSchema,
        response: { 200: jobSchema, ...errors },
      },
      // Queuing a job again shows guests nothing; the job empties the cache itself when it changes something.
      config: { guestCacheWrite: 'none' },
    },
    async (request) => retryJob(request.ctx, request.params.id),
  );
}
