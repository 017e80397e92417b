import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createRoleBodySchema,
  patchRoleBodySchema,
  roleGetQuerySchema,
  roleIDParamsSchema,
  roleListQuerySchema,
  roleListSchema,
  rolePermissionsInputSchema,
  rolePermissionsSchema,
  roleSchema,
} from '../../../../common/src/api/roles.ts';
import {
  createRole,
  deleteRole,
  getRole,
  listRoles,
  patchRole,
  setRolePermissions,
  toRoleExpand,
} from './roles.service.ts';

const errors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const readErrors = { ...errors, 416: errorSchema };

/** Roles API (api-contract §16). */
export async function rolesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/roles',
    {
      schema: {
        tags: ['roles'],
        querystring: roleListQuerySchema,
        response: { 200: roleListSchema, ...readErrors },
      },
    },
    async (request) => listRoles(request.ctx, toRoleExpand(request.query.expand)),
  );

  api.get(
    '/roles/:id',
    {
      schema: {
        tags: ['roles'],
        params: roleIDParamsSchema,
        querystring: roleGetQuerySchema,
        response: { 200: roleSchema, ...readErrors },
      },
    },
    async (request) => getRole(request.ctx, request.params.id, toRoleExpand(request.query.expand)),
  );

  api.post(
    '/roles',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['roles'],
        body: createRoleBodySchema,
        response: { 201: roleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const role = await createRole(request.ctx, request.body);
      return reply.status(201).send(role);
    },
  );

  api.patch(
    '/roles/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['roles'],
        params: roleIDParamsSchema,
        body: patchRoleBodySchema,
        response: { 200: roleSchema, ...errors },
      },
    },
    async (request) => patchRole(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/roles/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['roles'],
        params: roleIDParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRole(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/roles/:id/permissions',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['roles'],
        params: roleIDParamsSchema,
        body: rolePermissionsInputSchema,
        response: { 200: rolePermissionsSchema, ...errors },
      },
    },
    async (request) => setRolePermissions(request.ctx, request.params.id, request.body, 'replace'),
  );

  api.patch(
    '/roles/:id/permissions',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['roles'],
        params: roleIDParamsSchema,
        body: rolePermissionsInputSchema,
        response: { 200: rolePermissionsSchema, ...errors },
      },
    },
    async (request) => setRolePermissions(request.ctx, request.params.id, request.body, 'merge'),
  );
}
