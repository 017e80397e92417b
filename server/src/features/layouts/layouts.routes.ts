import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  lookupHydrateQuerySchema,
  lookupHydrateResponseSchema,
} from '../../../../common/src/api/layouts.ts';
import { lookupHydrate } from './layouts.service.ts';
import { sharedPartsOf } from './layouts.shared-parts.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Layouts lookup-hydrate (contract §22). */
export async function layoutsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/layouts/lookup-hydrate',
    {
      config: { guestCache: true },
      schema: {
        tags: ['layouts'],
        querystring: lookupHydrateQuerySchema,
        response: { 200: lookupHydrateResponseSchema, ...errors },
      },
    },
    async (request) =>
      lookupHydrate(
        request.ctx,
        {
          layoutViewType: request.query.layoutViewType,
          recordType: request.query.recordType,
          recordID: request.query.recordID,
          params: request.query.params ?? {},
        },
        { shared: sharedPartsOf(app.guestCache) },
      ),
  );
}
