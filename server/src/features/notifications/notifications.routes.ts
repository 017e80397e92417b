import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  notificationGetQuerySchema,
  notificationIDParamsSchema,
  notificationListQuerySchema,
  notificationReadBodySchema,
  notificationSchema,
} from '../../../../common/src/api/notifications.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import {
  getNotification,
  listNotifications,
  readAllNotifications,
  readNotification,
} from './notifications.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Notifications API (api-contract §4). */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const notifications = await listNotifications(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        count: notifications.length,
      });
      return notifications;
    },
  );

  api.get(
    '/notifications/:id',
    {
      schema: {
        tags: ['notifications'],
        params: notificationIDParamsSchema,
        querystring: notificationGetQuerySchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => getNotification(request.ctx, request.params.id, request.query.expand),
  );

  api.patch(
    '/notifications/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['notifications'],
        params: notificationIDParamsSchema,
        body: notificationReadBodySchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => readNotification(request.ctx, request.params.id),
  );

  api.put(
    '/notifications/:id/read',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['notifications'],
        params: notificationIDParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => readNotification(request.ctx, request.params.id),
  );

  api.patch(
    '/notifications',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['notifications'],
        body: notificationReadBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (_request, reply) => {
      await readAllNotifications(_request.ctx);
      return reply.status(204).send(null);
    },
  );
}
