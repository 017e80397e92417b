import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  confirmationSentSchema,
  confirmedEmailSchema,
  confirmEmailBodySchema,
  emptyObjectSchema,
  passwordResetSchema,
  pendingRegistrationSchema,
  registerBodySchema,
  registeredUserSchema,
  requestPasswordBodySchema,
  resetPasswordBodySchema,
  userIDParamsSchema,
  userRefParamsSchema,
} from '../../../../common/src/api/auth.ts';
import { errorSchema } from '../../../../common/src/api/common.ts';
import { confirmEmail, registerUser, requestPasswordReset, resendConfirmation, resetPassword } from './accounts.service.ts';
import { clearSessionCookie } from './sessions.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema };

/** Registration, e-mail confirmation and password reset (api-contract §2). */
export async function accountsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/users/register',
    {
      config: { guestCacheWrite: 'none', csrfExempt: true },
      schema: {
        tags: ['users'],
        body: registerBodySchema,
        response: { 201: registeredUserSchema, 202: pendingRegistrationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await registerUser(request.ctx, request.body, request.log);
      if (result.kind === 'pending') return reply.status(202).send([]);
      return reply.status(201).send(result.user);
    },
  );

  api.post(
    '/users/:id/confirm-email',
    {
      config: { guestCacheWrite: 'none', csrfExempt: true },
      schema: { tags: ['users'], params: userIDParamsSchema, body: confirmEmailBodySchema, response: { 201: confirmedEmailSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await confirmEmail(request.ctx, request.params.id, request.body.confirmationCode);
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/users/:id/confirm-email/resend',
    { config: { guestCacheWrite: 'none' }, schema: { tags: ['users'], params: userRefParamsSchema, response: { 201: confirmationSentSchema, ...errors } } },
    async (request, reply) => {
      const result = await resendConfirmation(request.ctx, request.params.id);
      return reply.status(201).send(result);
    },
  );

  api.post(
    '/users/request-password',
    { config: { guestCacheWrite: 'none' }, schema: { tags: ['users'], body: requestPasswordBodySchema, response: { 201: emptyObjectSchema, ...errors } } },
    async (request, reply) => {
      await requestPasswordReset(request.ctx, request.body.email);
      return reply.status(201).send({});
    },
  );

  api.post(
    '/users/:id/reset-password',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['users'], params: userIDParamsSchema, body: resetPasswordBodySchema, response: { 201: passwordResetSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await resetPassword(request.ctx, request.params.id, request.body);
      // Every session of the user ended, the request's own included.
      if (request.ctx.actor.userID === result.userID) clearSessionCookie(reply, request.ctx);
      return reply.status(201).send(result);
    },
  );
}
