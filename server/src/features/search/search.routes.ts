import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { searchQuerySchema, searchResultSchema } from '../../../../common/src/api/search.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { search } from './search.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Search API (contract §17). Never cached for guests: an index change shows in the next answer. */
export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: z.array(searchResultSchema), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await search(request.ctx, request.query);
      setPagingHeaders(request, reply, answer.paging);
      reply.header('x-search-powered-by', answer.poweredBy);
      return answer.results;
    },
  );
}
