import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  banBodySchema,
  banResultSchema,
  createUserBodySchema,
  deleteUserBodySchema,
  getUserQuerySchema,
  listUsersQuerySchema,
  meCountsSchema,
  meSchema,
  patchUserBodySchema,
  photoResultSchema,
  reactedItemSchema,
  reactedQuerySchema,
  userEditSchema,
  userFragmentSchema,
  userRefParamsSchema,
  usersByNamesQuerySchema,
  userSchema,
} from '../../../../common/src/api/users.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { fieldError } from '../../platform/errors.ts';
import { createUser } from './users.create.ts';
import { listReactedPosts } from './users.reacted.ts';
import { patchUser } from './users.edit.ts';
import { deleteUser, setUserBan } from './users.moderation.ts';
import {
  deleteUserPhoto,
  photoTooBigMessage,
  setUserPhoto,
  USER_PHOTO_MAX_BYTES,
  type UploadedPhoto,
} from './users.photo.ts';
import {
  findUsersByName,
  getMe,
  getMeCounts,
  getUser,
  getUserForEdit,
  listUsers,
} from './users.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

/** Reads the multipart field `photo` (one file, at most USER_PHOTO_MAX_BYTES). */
async function readPhoto(request: FastifyRequest): Promise<UploadedPhoto> {
  const missing = () => fieldError('photo', 'photo is required.', 400, 'missingField');
  if (!request.isMultipart()) throw missing();
  const part = await request.file({
    limits: { fileSize: USER_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 11 },
  });
  if (!part) throw missing();
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw fieldError('photo', photoTooBigMessage(), 422);
    throw error;
  }
  if (part.fieldname !== 'photo') throw missing();
  return { fileName: part.filename, bytes };
}

/** Users API (api-contract §3), except `GET /users/{id}/permissions`. */
export async function usersRoutes(app: FastifyInstance): Promise<void> {
  // Multipart only for this plugin's routes (the picture upload).
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        querystring: z.object({}),
        response: { 200: meSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getMe(request.ctx);
    },
  );

  api.get(
    '/users/me-counts',
    {
      schema: {
        tags: ['users'],
        querystring: z.object({}),
        response: { 200: meCountsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return getMeCounts(request.ctx);
    },
  );

  api.get(
    '/users/by-names',
    {
      schema: {
        tags: ['users'],
        querystring: usersByNamesQuerySchema,
        response: { 200: z.array(userFragmentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const users = await findUsersByName(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        count: users.length,
      });
      return users;
    },
  );

  api.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        querystring: listUsersQuerySchema,
        response: { 200: z.array(userSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { users, total } = await listUsers(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        total,
      });
      return users;
    },
  );

  api.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        querystring: getUserQuerySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.id.kind === 'me') reply.header('cache-control', 'no-cache');
      return getUser(request.ctx, request.params.id, request.query.expand);
    },
  );

  api.get(
    '/users/:id/reacted',
    {
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        querystring: reactedQuerySchema,
        response: { 200: z.array(reactedItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const items = await listReactedPosts(request.ctx, request.params.id, request.query);
      setPagingHeaders(request, reply, {
        page: request.query.page,
        limit: request.query.limit,
        count: items.length,
      });
      return items;
    },
  );

  api.get(
    '/users/:id/edit',
    {
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        querystring: z.object({}),
        response: { 200: userEditSchema, ...errors },
      },
    },
    async (request) => getUserForEdit(request.ctx, request.params.id),
  );

  api.post(
    '/users',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['users'],
        body: createUserBodySchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await createUser(request.ctx, request.body, request.log);
      return reply.status(201).send(user);
    },
  );

  api.patch(
    '/users/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        body: patchUserBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => patchUser(request.ctx, request.params.id, request.body, request.log),
  );

  api.delete(
    '/users/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        body: deleteUserBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUser(request.ctx, request.params.id, request.body.deleteMethod);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/users/:id/ban',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        body: banBodySchema,
        response: { 200: banResultSchema, ...errors },
      },
    },
    async (request) => setUserBan(request.ctx, request.params.id, request.body),
  );

  api.post(
    '/users/:id/photo',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: photoResultSchema, ...errors, 413: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await setUserPhoto(request.ctx, request.params.id, () => readPhoto(request));
      return reply.status(201).send(result);
    },
  );

  api.delete(
    '/users/:id/photo',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['users'],
        params: userRefParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteUserPhoto(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
