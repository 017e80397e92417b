import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  patchReactionTypeBodySchema,
  postReactionBodySchema,
  reactionLogQuerySchema,
  reactionLogSchema,
  reactionRecordParamsSchemas,
  reactionRecordTypes,
  reactionSummarySchema,
  reactionTypeParamsSchema,
  reactionTypeSchema,
  reactionUserParamsSchemas,
} from '../../../../common/src/api/reactions.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import {
  deleteReaction,
  getReactionLog,
  getReactionType,
  listReactionTypes,
  patchReactionType,
  postReaction,
} from './reactions.service.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** Reactions on discussions and comments (contract §10). */
export async function reactionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const recordType of reactionRecordTypes) {
    const base = `/${recordType}s/:id/reactions`;

    api.get(
      base,
      {
        schema: {
          tags: ['reactions'],
          params: reactionRecordParamsSchemas[recordType],
          querystring: reactionLogQuerySchema,
          response: { 200: z.array(reactionLogSchema), ...errors },
        },
      },
      async (request, reply) => {
        const result = await getReactionLog(
          request.ctx,
          recordType,
          request.params.id,
          request.query,
        );
        setPagingHeaders(request, reply, result.paging);
        return result.log;
      },
    );

    api.post(
      base,
      {
        config: { guestCacheWrite: 'declared' },
        schema: {
          tags: ['reactions'],
          params: reactionRecordParamsSchemas[recordType],
          body: postReactionBodySchema,
          response: { 201: z.array(reactionSummarySchema), ...errors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await postReaction(request.ctx, recordType, request.params.id, request.body)),
    );

    api.delete(
      base,
      {
        config: { guestCacheWrite: 'declared' },
        schema: {
          tags: ['reactions'],
          params: reactionRecordParamsSchemas[recordType],
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteReaction(request.ctx, recordType, request.params.id);
        return reply.status(204).send(null);
      },
    );

    api.delete(
      `${base}/:userID`,
      {
        config: { guestCacheWrite: 'declared' },
        schema: {
          tags: ['reactions'],
          params: reactionUserParamsSchemas[recordType],
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await deleteReaction(request.ctx, recordType, request.params.id, request.params.userID);
        return reply.status(204).send(null);
      },
    );
  }

  api.get(
    '/reactions',
    {
      schema: {
        tags: ['reactions'],
        querystring: z.object({}),
        response: { 200: z.array(reactionTypeSchema), ...errors },
      },
    },
    async (request) => listReactionTypes(request.ctx),
  );

  api.get(
    '/reactions/:urlCode',
    {
      schema: {
        tags: ['reactions'],
        params: reactionTypeParamsSchema,
        response: { 200: reactionTypeSchema, ...errors },
      },
    },
    async (request) => getReactionType(request.ctx, request.params.urlCode),
  );

  api.patch(
    '/reactions/:urlCode',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['reactions'],
        params: reactionTypeParamsSchema,
        body: patchReactionTypeBodySchema,
        response: { 200: reactionTypeSchema, ...errors },
      },
    },
    async (request) => patchReactionType(request.ctx, request.params.urlCode, request.body),
  );
}
