import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  sessionDeleteQuerySchema,
  sessionListQuerySchema,
  sessionSchema,
  signInBodySchema,
  signOutBodySchema,
} from '../../../../common/src/api/auth.ts';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { userFragmentSchema } from '../../../../common/src/api/users.ts';
import { deleteSessions, listSessions, signInWithPassword, signOut } from './auth.service.ts';
import { clearSessionCookie, setSessionCookie } from './sessions.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema };

/** Sign-in, sign-out and sessions (api-contract §2). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/authenticate/password',
    {
      // A banned user's stale cookie must not stop someone else signing in on the same browser.
      config: { guestCacheWrite: 'none', allowBanned: true },
      schema: { tags: ['authenticate'], body: signInBodySchema, response: { 201: userFragmentSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, session } = await signInWithPassword(request.ctx, request.body);
      setSessionCookie(reply, request.ctx, session);
      return reply.status(201).send(user);
    },
  );

  api.post(
    '/authenticate/signout',
    {
      config: { guestCacheWrite: 'none', allowBanned: true },
      schema: { tags: ['authenticate'], body: signOutBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await signOut(request.ctx, request.body);
      clearSessionCookie(reply, request.ctx);
      return reply.status(204).send(null);
    },
  );

  api.get(
    '/sessions',
    { schema: { tags: ['sessions'], querystring: sessionListQuerySchema, response: { 200: z.array(sessionSchema), ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return listSessions(request.ctx, request.query);
    },
  );

  api.delete(
    '/sessions',
    { config: { guestCacheWrite: 'none' }, schema: { tags: ['sessions'], querystring: sessionDeleteQuerySchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { endedCurrent } = await deleteSessions(request.ctx, request.query);
      if (endedCurrent) clearSessionCookie(reply, request.ctx);
      return reply.status(204).send(null);
    },
  );
}
