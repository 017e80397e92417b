import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  notificationDefaultsPatchSchema,
  notificationPreferencesParamsSchema,
  notificationPreferencesPatchSchema,
  notificationPreferencesSchema,
  notificationPreferencesSchemaSchema,
  notificationSchemaQuerySchema,
} from '../../../../common/src/api/notifications.ts';
import {
  getDefaultPreferences,
  getNotificationPreferences,
  getPreferencesSchema,
  patchDefaultPreferences,
  patchNotificationPreferences,
} from './notification-preferences.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Notification preferences API (api-contract §6). */
export async function notificationPreferencesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notification-preferences'];

  api.get(
    '/notification-preferences/schema',
    { schema: { tags, querystring: notificationSchemaQuerySchema, response: { 200: notificationPreferencesSchemaSchema, ...errors } } },
    async (request) => getPreferencesSchema(request.ctx, request.query),
  );

  api.get(
    '/notification-preferences/defaults',
    { schema: { tags, querystring: z.object({}), response: { 200: notificationPreferencesSchema, ...errors } } },
    async (request) => getDefaultPreferences(request.ctx),
  );

  api.patch(
    '/notification-preferences/defaults',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, body: notificationDefaultsPatchSchema, response: { 200: notificationPreferencesSchema, ...errors } },
    },
    async (request) => patchDefaultPreferences(request.ctx, request.body),
  );

  api.get(
    '/notification-preferences/:userID',
    { schema: { tags, params: notificationPreferencesParamsSchema, response: { 200: notificationPreferencesSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getNotificationPreferences(request.ctx, request.params.userID);
    },
  );

  api.patch(
    '/notification-preferences/:userID',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags,
        params: notificationPreferencesParamsSchema,
        body: notificationPreferencesPatchSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => patchNotificationPreferences(request.ctx, request.params.userID, request.body),
  );
}
