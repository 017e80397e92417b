import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkCloseBodySchema,
  bulkDeleteBodySchema,
  bulkMergeBodySchema,
  bulkMoveBodySchema,
  discussionIDParamsSchema,
  moveSuccessSchema,
  splitBodySchema,
  splitResultSchema,
} from '../../../../common/src/api/discussions.ts';
import {
  longRunnerQuerySchema,
  longRunnerResultSchema,
} from '../../../../common/src/api/long-runner.ts';
import { bulkCloseDiscussions } from './discussions.bulk.close.ts';
import { bulkDeleteDiscussions, deleteDiscussion } from './discussions.bulk.delete.ts';
import { bulkMoveDiscussions } from './discussions.bulk.move.ts';
import { mergeDiscussions } from './discussions.bulk.merge.ts';
import { splitDiscussion } from './discussions.split.ts';
import { longRunnerReply } from '../../http/long-runner.ts';
import { errors, longRunnerResponses } from './discussions.responses.ts';

/** The discussions' bulk actions (contract §8): delete, move, close, merge, split. */
export async function discussionsBulkRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.delete(
    '/discussions/list',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        querystring: longRunnerQuerySchema,
        body: bulkDeleteBodySchema,
        response: longRunnerResponses,
      },
    },
    async (request, reply) =>
      reply.send(
        longRunnerReply(
          reply,
          await bulkDeleteDiscussions(request.ctx, request.body.discussionIDs, request.query),
        ),
      ),
  );

  api.patch(
    '/discussions/move',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        querystring: longRunnerQuerySchema,
        body: bulkMoveBodySchema,
        response: {
          ...longRunnerResponses,
          200: z.union([moveSuccessSchema, longRunnerResultSchema]),
        },
      },
    },
    async (request, reply) => {
      const result = await bulkMoveDiscussions(request.ctx, request.body, request.query);
      // One discussion moves at once and answers a plain success (api-contract §8).
      if (result.kind === 'moved') return reply.send({ status: 'success' });
      return reply.send(longRunnerReply(reply, result.outcome));
    },
  );

  api.patch(
    '/discussions/close',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        querystring: longRunnerQuerySchema,
        body: bulkCloseBodySchema,
        response: longRunnerResponses,
      },
    },
    async (request, reply) =>
      reply.send(
        longRunnerReply(
          reply,
          await bulkCloseDiscussions(request.ctx, request.body, request.query),
        ),
      ),
  );

  api.patch(
    '/discussions/merge',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        querystring: longRunnerQuerySchema,
        body: bulkMergeBodySchema,
        response: longRunnerResponses,
      },
    },
    async (request, reply) =>
      reply.send(
        longRunnerReply(reply, await mergeDiscussions(request.ctx, request.body, request.query)),
      ),
  );

  api.post(
    '/discussions/split',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        body: splitBodySchema,
        response: { 200: splitResultSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(200).send(await splitDiscussion(request.ctx, request.body)),
  );

  api.delete(
    '/discussions/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        querystring: longRunnerQuerySchema,
        response: { ...longRunnerResponses, 204: z.null() },
      },
    },
    async (request, reply) =>
      reply.send(
        longRunnerReply(
          reply,
          await deleteDiscussion(request.ctx, request.params.id, request.query),
        ),
      ),
  );
}
