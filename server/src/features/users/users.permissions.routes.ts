import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorSchema, readExpand } from '../../../../common/src/api/common.ts';
import {
  permissionSetSchema,
  userPermissionsParamsSchema,
  userPermissionsQuerySchema,
} from '../../../../common/src/permissions/types.ts';
import { getUserPermissions } from './users.permissions.service.ts';

/** `GET /users/{id}/permissions` (api-contract §3), used as `GET /users/$me/permissions?expand=junctions`. */
export async function userPermissionsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/:id/permissions',
    {
      schema: {
        tags: ['users'],
        params: userPermissionsParamsSchema,
        querystring: userPermissionsQuerySchema,
        response: {
          200: permissionSetSchema,
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { expand } = request.query;
      const set = await getUserPermissions(
        request.ctx,
        request.params.id,
        readExpand(expand, ['junctions']).junctions,
      );
      // api-contract §1.1: anything addressed with $me (and permissions generally) is never cached.
      reply.header('cache-control', 'no-cache');
      return set;
    },
  );
}
