import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  byResourceQuerySchema,
  collectionContentParamsSchema,
  collectionContentSchema,
  collectionContentsQuerySchema,
  collectionIDParamsSchema,
  collectionSchema,
  collectionSummarySchema,
  collectionWithContentSchema,
  createCollectionBodySchema,
  listCollectionsQuerySchema,
  localeParamsSchema,
  patchCollectionBodySchema,
  putByResourceBodySchema,
} from '../../../../common/src/api/collections.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { getCollectionContent, listCollectionContents } from './collections.content.ts';
import {
  createCollection,
  deleteCollection,
  getCollection,
  getCollectionsByResource,
  listCollections,
  patchCollection,
  putCollectionsByResource,
} from './collections.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
};

/** Collections API (api-contract §12); every call needs `community.manage`. */
export async function collectionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/collections',
    {
      schema: {
        tags: ['collections'],
        querystring: listCollectionsQuerySchema,
        response: { 200: z.array(collectionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const collections = await listCollections(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        count: collections.length,
      });
      return collections;
    },
  );

  api.get(
    '/collections/by-resource',
    {
      schema: {
        tags: ['collections'],
        querystring: byResourceQuerySchema,
        response: { 200: z.array(collectionSummarySchema), ...errors },
      },
    },
    async (request) => getCollectionsByResource(request.ctx, request.query),
  );

  api.put(
    '/collections/by-resource',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['collections'],
        body: putByResourceBodySchema,
        response: { 200: z.array(collectionSummarySchema), ...errors },
      },
    },
    async (request) => putCollectionsByResource(request.ctx, request.body),
  );

  api.get(
    '/collections/contents/:locale',
    {
      schema: {
        tags: ['collections'],
        params: localeParamsSchema,
        querystring: collectionContentsQuerySchema,
        response: { 200: z.array(collectionContentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const contents = await listCollectionContents(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        count: contents.length,
      });
      return contents;
    },
  );

  api.get(
    '/collections/:id',
    {
      schema: {
        tags: ['collections'],
        params: collectionIDParamsSchema,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => getCollection(request.ctx, request.params.id),
  );

  api.get(
    '/collections/:id/content/:locale',
    {
      schema: {
        tags: ['collections'],
        params: collectionContentParamsSchema,
        response: { 200: collectionWithContentSchema, ...errors },
      },
    },
    async (request) => getCollectionContent(request.ctx, request.params.id),
  );

  api.post(
    '/collections',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['collections'],
        body: createCollectionBodySchema,
        response: { 201: collectionSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCollection(request.ctx, request.body)),
  );

  api.patch(
    '/collections/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['collections'],
        params: collectionIDParamsSchema,
        body: patchCollectionBodySchema,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => patchCollection(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/collections/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['collections'],
        params: collectionIDParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCollection(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
