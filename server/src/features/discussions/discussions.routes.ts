import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  bookmarkBodySchema,
  bookmarkedQuerySchema,
  bulkCloseBodySchema,
  bulkDeleteBodySchema,
  bulkMergeBodySchema,
  bulkMoveBodySchema,
  createDiscussionBodySchema,
  discussionEditSchema,
  discussionGetQuerySchema,
  discussionIDParamsSchema,
  discussionListSchema,
  discussionQuoteSchema,
  discussionSchema,
  discussionTagsBodySchema,
  discussionTypeBodySchema,
  discussionsQuerySchema,
  dismissBodySchema,
  dismissResultSchema,
  moveSuccessSchema,
  muteBodySchema,
  patchDiscussionBodySchema,
  premoderationResultSchema,
  splitBodySchema,
  splitResultSchema,
} from '../../../../common/src/api/discussions.ts';
import {
  longRunnerQuerySchema,
  longRunnerResultSchema,
} from '../../../../common/src/api/long-runner.ts';
import { tagFragmentSchema } from '../../../../common/src/api/tags.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { declareGuestRead } from '../../platform/guest-cache.ts';
import {
  bulkCloseDiscussions,
  bulkDeleteDiscussions,
  bulkMoveDiscussions,
  deleteDiscussion,
  mergeDiscussions,
  splitDiscussion,
} from './discussions.bulk.ts';
import {
  bookmarkDiscussion,
  bumpDiscussion,
  changeDiscussionType,
  createDiscussion,
  dismissDiscussion,
  getDiscussion,
  getDiscussionEdit,
  getDiscussionQuote,
  listBookmarked,
  listDiscussions,
  muteDiscussion,
  patchDiscussion,
  setTagsOfDiscussion,
} from './discussions.service.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

// A long-running call whose records failed answers their highest status with the progress body.
const progressOrError = z.union([longRunnerResultSchema, errorSchema]);
const longRunnerResponses = {
  ...errors,
  200: longRunnerResultSchema,
  408: longRunnerResultSchema,
  400: progressOrError,
  403: progressOrError,
  404: progressOrError,
  409: progressOrError,
  500: progressOrError,
};

/** Discussions API (contract §8). */
export async function discussionsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/discussions',
    {
      config: { guestCache: true },
      schema: {
        tags: ['discussions'],
        querystring: discussionsQuerySchema,
        response: { 200: discussionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await listDiscussions(request.ctx, request.query);
      // A category's list changes only with its categories (a guest's cached copy; guest-cache.ts).
      if (request.query.categoryID !== undefined && request.query.categoryID.length > 0)
        declareGuestRead(request.ctx, { categoryIDs: request.query.categoryID });
      setPagingHeaders(request, reply, result.paging);
      return result.discussions;
    },
  );

  api.get(
    '/discussions/bookmarked',
    {
      schema: {
        tags: ['discussions'],
        querystring: bookmarkedQuerySchema,
        response: { 200: discussionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await listBookmarked(request.ctx, request.query);
      setPagingHeaders(request, reply, result.paging);
      return result.discussions;
    },
  );

  api.post(
    '/discussions',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        body: createDiscussionBodySchema,
        response: { 201: discussionSchema, 202: premoderationResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createDiscussion(request.ctx, request.body);
      return result.kind === 'pending'
        ? reply.status(202).send({ message: result.message, status: 202 })
        : reply.status(201).send(result.discussion);
    },
  );

  api.post(
    '/discussions/question',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        body: createDiscussionBodySchema,
        response: { 201: discussionSchema, 202: premoderationResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await createDiscussion(request.ctx, request.body, 'question');
      return result.kind === 'pending'
        ? reply.status(202).send({ message: result.message, status: 202 })
        : reply.status(201).send(result.discussion);
    },
  );

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
        await bulkDeleteDiscussions(request.ctx, reply, request.body.discussionIDs, request.query),
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
    async (request, reply) =>
      reply.send(await bulkMoveDiscussions(request.ctx, reply, request.body, request.query)),
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
      reply.send(await bulkCloseDiscussions(request.ctx, reply, request.body, request.query)),
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
      reply.send(await mergeDiscussions(request.ctx, reply, request.body, request.query)),
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

  api.get(
    '/discussions/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        querystring: discussionGetQuerySchema,
        response: { 200: discussionSchema, ...errors },
      },
    },
    async (request) => {
      declareGuestRead(request.ctx, { discussionIDs: [request.params.id] });
      return getDiscussion(request.ctx, request.params.id, request.query.expand);
    },
  );

  api.patch(
    '/discussions/:id',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: patchDiscussionBodySchema,
        response: { 200: discussionSchema, ...errors },
      },
    },
    async (request) => patchDiscussion(request.ctx, request.params.id, request.body),
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
      reply.send(await deleteDiscussion(request.ctx, reply, request.params.id, request.query)),
  );

  api.get(
    '/discussions/:id/edit',
    {
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        response: { 200: discussionEditSchema, ...errors },
      },
    },
    async (request) => getDiscussionEdit(request.ctx, request.params.id),
  );

  api.get(
    '/discussions/:id/quote',
    {
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        response: { 200: discussionQuoteSchema, ...errors },
      },
    },
    async (request) => getDiscussionQuote(request.ctx, request.params.id),
  );

  api.put(
    '/discussions/:id/bookmark',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: bookmarkBodySchema,
        response: { 200: bookmarkBodySchema, ...errors },
      },
    },
    async (request) => bookmarkDiscussion(request.ctx, request.params.id, request.body.bookmarked),
  );

  api.put(
    '/discussions/:id/dismiss',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: dismissBodySchema.optional().default({ dismissed: true }),
        response: { 200: dismissResultSchema, ...errors },
      },
    },
    async (request) => dismissDiscussion(request.ctx, request.params.id, request.body.dismissed),
  );

  api.put(
    '/discussions/:id/mute',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: muteBodySchema,
        response: { 200: muteBodySchema, ...errors },
      },
    },
    async (request) => muteDiscussion(request.ctx, request.params.id, request.body.muted),
  );

  api.patch(
    '/discussions/:id/bump',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        response: { 200: discussionSchema, ...errors },
      },
    },
    async (request) => bumpDiscussion(request.ctx, request.params.id),
  );

  api.put(
    '/discussions/:id/type',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: discussionTypeBodySchema,
        response: { 200: discussionSchema, ...errors },
      },
    },
    async (request) => changeDiscussionType(request.ctx, request.params.id, request.body.type),
  );

  api.put(
    '/discussions/:id/tags',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: discussionTagsBodySchema,
        response: { 200: z.array(tagFragmentSchema), ...errors },
      },
    },
    async (request) => setTagsOfDiscussion(request.ctx, request.params.id, request.body, 'replace'),
  );

  api.post(
    '/discussions/:id/tags',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['discussions'],
        params: discussionIDParamsSchema,
        body: discussionTagsBodySchema,
        response: { 201: z.array(tagFragmentSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await setTagsOfDiscussion(request.ctx, request.params.id, request.body, 'add')),
  );
}
