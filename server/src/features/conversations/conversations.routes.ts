import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  addParticipantsBodySchema,
  conversationIDParamsSchema,
  conversationListQuerySchema,
  conversationSchema,
  createConversationBodySchema,
  createMessageBodySchema,
  messageGetQuerySchema,
  messageIDParamsSchema,
  messageListQuerySchema,
  messageSchema,
  participantListQuerySchema,
  participantSchema,
} from '../../../../common/src/api/conversations.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { createMessage, getMessage, listMessages } from './conversation-messages.service.ts';
import {
  addConversationParticipants,
  createConversation,
  getConversation,
  leaveConversationAsMe,
  listConversations,
  listParticipants,
} from './conversations.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const tags = ['conversations'];

/** Conversations and messages API (api-contract §5). */
export async function conversationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/conversations',
    { schema: { tags, querystring: conversationListQuerySchema, response: { 200: z.array(conversationSchema), ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { conversations, limit } = await listConversations(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit, count: conversations.length });
      return conversations;
    },
  );

  api.post(
    '/conversations',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, body: createConversationBodySchema, response: { 201: conversationSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createConversation(request.ctx, request.body)),
  );

  api.get(
    '/conversations/:id',
    { schema: { tags, params: conversationIDParamsSchema, response: { 200: conversationSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getConversation(request.ctx, request.params.id);
    },
  );

  api.get(
    '/conversations/:id/participants',
    {
      schema: {
        tags,
        params: conversationIDParamsSchema,
        querystring: participantListQuerySchema,
        response: { 200: z.array(participantSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { participants, total } = await listParticipants(request.ctx, request.params.id, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return participants;
    },
  );

  api.post(
    '/conversations/:id/participants',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags,
        params: conversationIDParamsSchema,
        body: addParticipantsBodySchema,
        response: { 201: z.array(participantSchema), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addConversationParticipants(request.ctx, request.params.id, request.body.participantUserIDs)),
  );

  api.delete(
    '/conversations/:id/leave',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, params: conversationIDParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await leaveConversationAsMe(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/messages',
    { schema: { tags, querystring: messageListQuerySchema, response: { 200: z.array(messageSchema), ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { messages, total } = await listMessages(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return messages;
    },
  );

  api.get(
    '/messages/:id',
    {
      schema: {
        tags,
        params: messageIDParamsSchema,
        querystring: messageGetQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getMessage(request.ctx, request.params.id, request.query.expand);
    },
  );

  api.post(
    '/messages',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, body: createMessageBodySchema, response: { 201: messageSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createMessage(request.ctx, request.body)),
  );
}
