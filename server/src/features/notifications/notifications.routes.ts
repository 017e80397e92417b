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
import { unsubscribeByToken } from './notifications.unsubscribe.ts';
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

  // RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form.
  await api.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => {
      done(null, {});
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/notifications/unsubscribe/:token',
      {
        config: { guestCacheWrite: 'none', csrfExempt: true },
        schema: {
          tags: ['notifications'],
          params: z.object({ token: z.string().min(1).max(1000) }),
          response: {
            200: z.object({ unsubscribed: z.literal(true), activityType: z.string(), categoryID: z.number().int().nullable() }),
            ...errors,
          },
        },
      },
      async (request, reply) => reply.status(200).send(await unsubscribeByToken(request.ctx, request.params.token)),
    );
  });

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
