import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentEditSchema,
  commentGetQuerySchema,
  commentIDParamsSchema,
  commentPendingSchema,
  commentQuoteSchema,
  commentSchema,
  commentsQuerySchema,
  commentThreadQuerySchema,
  commentThreadSchema,
  createCommentBodySchema,
  deleteCommentsBodySchema,
  patchCommentBodySchema,
} from '../../../../common/src/api/comments.ts';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { escalationCommentSchema } from '../../../../common/src/api/escalations.ts';
import {
  longRunnerQuerySchema,
  trackingSlipsResultSchema,
  longRunnerResultSchema,
} from '../../../../common/src/api/long-runner.ts';
import { longRunnerReply } from '../../http/long-runner.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { declareGuestRead } from '../../platform/guest-cache.ts';
import { createComment } from './comments.create.ts';
import { deleteComment, deleteCommentsList } from './comments.delete.ts';
import { patchComment } from './comments.edit.ts';
import {
  deleteEscalationCommentByID,
  patchEscalationComment,
} from '../escalations/escalations.comment-changes.ts';
import { getComment, getCommentEdit, getCommentQuote, listComments } from './comments.service.ts';
import { getCommentThread } from './comments.thread.service.ts';
import {
  createEscalationComment,
  findReadableEscalationComment,
  listEscalationComments,
} from '../escalations/escalations.comments.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

/** A long-running call answers its progress with the highest item status when items failed. */
const progressOrError = z.union([longRunnerResultSchema, errorSchema]);

/** Comments API (contract §9). */
export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/comments',
    {
      config: { guestCache: true },
      schema: {
        tags: ['comments'],
        querystring: commentsQuerySchema,
        response: { 200: z.array(z.union([commentSchema, escalationCommentSchema])), ...errors },
      },
    },
    async (request, reply) => {
      const { query } = request;
      // api-contract §9, §27.7: an escalation's comments belong to the escalations feature.
      const result =
        query.parentRecordType === 'escalation' && query.parentRecordID !== undefined
          ? await listEscalationComments(request.ctx, { ...query, escalationID: query.parentRecordID })
          : await listComments(request.ctx, query);
      setPagingHeaders(request, reply, result.paging);
      return result.comments;
    },
  );

  api.get(
    '/comments/thread',
    {
      config: { guestCache: true },
      schema: {
        tags: ['comments'],
        querystring: commentThreadQuerySchema,
        response: { 200: commentThreadSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { paging, ...thread } = await getCommentThread(request.ctx, request.query);
      if (request.query.parentRecordType === 'discussion')
        declareGuestRead(request.ctx, { discussionIDs: [request.query.parentRecordID] });
      setPagingHeaders(request, reply, paging);
      return thread;
    },
  );

  api.get(
    '/comments/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['comments'],
        params: commentIDParamsSchema,
        querystring: commentGetQuerySchema,
        response: { 200: z.union([commentSchema, escalationCommentSchema]), ...errors },
      },
    },
    async (request) => {
      // api-contract §9: a comment on an escalation (its ID is from the same key space).
      const onEscalation = await findReadableEscalationComment(request.ctx, request.params.id);
      if (onEscalation) return onEscalation;
      const comment = await getComment(request.ctx, request.params.id, request.query);
      declareGuestRead(request.ctx, { discussionIDs: [comment.discussionID] });
      return comment;
    },
  );

  api.get(
    '/comments/:id/edit',
    {
      schema: {
        tags: ['comments'],
        params: commentIDParamsSchema,
        response: { 200: commentEditSchema, ...errors },
      },
    },
    async (request) => getCommentEdit(request.ctx, request.params.id),
  );

  api.get(
    '/comments/:id/quote',
    {
      schema: {
        tags: ['comments'],
        params: commentIDParamsSchema,
        response: { 200: commentQuoteSchema, ...errors },
      },
    },
    async (request) => getCommentQuote(request.ctx, request.params.id),
  );

  api.post(
    '/comments',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['comments'],
        body: createCommentBodySchema,
        response: { 201: z.union([commentSchema, escalationCommentSchema]), 202: commentPendingSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (body.parentRecordType === 'escalation' && body.parentRecordID !== undefined) {
        const comment = await createEscalationComment(request.ctx, {
          escalationID: body.parentRecordID,
          body: body.body,
          format: body.format,
        });
        return reply.status(201).send(comment);
      }
      const result = await createComment(request.ctx, request.body);
      return result.status === 201
        ? reply.status(201).send(result.comment)
        : reply.status(202).send(result.body);
    },
  );

  api.patch(
    '/comments/:id',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['comments'],
        params: commentIDParamsSchema,
        body: patchCommentBodySchema,
        response: { 200: z.union([commentSchema, escalationCommentSchema]), ...errors },
      },
    },
    async (request) =>
      // api-contract §9: a comment on an escalation (its ID is from the same key space).
      (await patchEscalationComment(request.ctx, request.params.id, request.body)) ??
      patchComment(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/comments/:id',
    {
      config: { guestCacheWrite: 'declared' },
      schema: {
        tags: ['comments'],
        params: commentIDParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await deleteEscalationCommentByID(request.ctx, request.params.id)))
        await deleteComment(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.delete(
    '/comments/list',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['comments'],
        querystring: longRunnerQuerySchema,
        body: deleteCommentsBodySchema,
        response: {
          200: longRunnerResultSchema,
          202: trackingSlipsResultSchema,
          204: z.null(),
          400: progressOrError,
          403: progressOrError,
          404: progressOrError,
          408: longRunnerResultSchema,
          409: progressOrError,
          422: progressOrError,
          500: progressOrError,
        },
      },
    },
    async (request, reply) => {
      const outcome = await deleteCommentsList(request.ctx, request.body, request.query);
      return reply.send(longRunnerReply(reply, outcome));
    },
  );
}
