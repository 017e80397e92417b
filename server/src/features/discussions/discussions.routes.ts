import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookmarkBodySchema,
  bookmarkedQuerySchema,
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
  muteBodySchema,
  patchDiscussionBodySchema,
  premoderationResultSchema,
} from '../../../../common/src/api/discussions.ts';
import { tagFragmentSchema } from '../../../../common/src/api/tags.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { declareGuestRead } from '../../platform/guest-cache.ts';
import { bookmarkDiscussion, dismissDiscussion, muteDiscussion } from './discussions.user-state.ts';
import {
  bumpDiscussion,
  changeDiscussionType,
  patchDiscussion,
  setTagsOfDiscussion,
} from './discussions.edit.ts';
import { createDiscussion } from './discussions.create.ts';
import { getDiscussion, getDiscussionEdit, getDiscussionQuote } from './discussions.read.ts';
import { listBookmarked, listDiscussions } from './discussions.list.ts';
import { errors } from './discussions.responses.ts';
import { discussionsBulkRoutes } from './discussions.bulk.routes.ts';

/** Discussions API (contract §8); the bulk actions are in discussions.bulk.routes.ts. */
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
        ? reply.status(202).send({ message: result.message, status: 202, reportID: result.reportID })
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
        ? reply.status(202).send({ message: result.message, status: 202, reportID: result.reportID })
        : reply.status(201).send(result.discussion);
    },
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

  await discussionsBulkRoutes(app);
}
