import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createTagBodySchema,
  patchTagBodySchema,
  tagIDParamsSchema,
  tagListQuerySchema,
  tagSchema,
} from '../../../../common/src/api/tags.ts';
import { createTag, deleteTag, getTag, listTags, patchTag } from './tags.service.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** Tags API (contract §11). */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/tags',
    {
      config: { guestCache: true },
      schema: {
        tags: ['tags'],
        querystring: tagListQuerySchema,
        response: { 200: z.array(tagSchema), ...errors },
      },
    },
    async (request) => listTags(request.ctx, request.query),
  );

  api.get(
    '/tags/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['tags'],
        params: tagIDParamsSchema,
        response: { 200: tagSchema, ...errors },
      },
    },
    async (request) => getTag(request.ctx, request.params.id),
  );

  api.post(
    '/tags',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['tags'],
        body: createTagBodySchema,
        response: { 201: tagSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTag(request.ctx, request.body)),
  );

  api.patch(
    '/tags/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['tags'],
        params: tagIDParamsSchema,
        body: patchTagBodySchema,
        response: { 200: tagSchema, ...errors },
      },
    },
    async (request) => patchTag(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/tags/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['tags'],
        params: tagIDParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteTag(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
