import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  categoryEditSchema,
  categoryFollowSchema,
  categoryGetQuerySchema,
  categoryIDParamsSchema,
  categoryListQuerySchema,
  categoryListSchema,
  categoryPreferencesParamsSchema,
  categoryPreferencesPatchSchema,
  categoryPreferencesSchema,
  categorySchema,
  categorySearchQuerySchema,
  createCategoryBodySchema,
  deleteCategoryQuerySchema,
  followedCategoryPreferencesSchema,
  patchCategoryBodySchema,
  userCategoryPreferencesParamsSchema,
} from '../../../../common/src/api/categories.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import { declareGuestRead } from '../../platform/guest-cache.ts';
import {
  followCategory,
  getCategoryPreferences,
  listFollowedCategoryPreferences,
  patchCategoryPreferences,
} from './categories.preferences.service.ts';
import { toCategoryExpand } from './categories.presentation.ts';
import { getCategory, listCategories, searchCategories } from './categories.service.ts';
import {
  createCategory,
  deleteCategory,
  getCategoryEdit,
  patchCategory,
} from './categories.write.service.ts';

const errors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** Categories API (api-contract §7). */
export async function categoriesRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/categories',
    {
      config: { guestCache: true },
      schema: {
        tags: ['categories'],
        querystring: categoryListQuerySchema,
        response: { 200: categoryListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await listCategories(request.ctx, request.query);
      if (result.format === 'flat') {
        setPagingHeaders(request, reply, {
          page: result.page,
          limit: result.limit,
          total: result.total,
        });
      }
      return result.categories;
    },
  );

  api.get(
    '/categories/search',
    {
      schema: {
        tags: ['categories'],
        querystring: categorySearchQuerySchema,
        response: { 200: z.array(categorySchema), ...errors },
      },
    },
    async (request, reply) => {
      const result = await searchCategories(request.ctx, request.query);
      setPagingHeaders(request, reply, {
        page: result.page,
        limit: result.limit,
        count: result.categories.length,
      });
      return result.categories;
    },
  );

  api.get(
    '/categories/preferences/:userID',
    {
      schema: {
        tags: ['categories'],
        params: userCategoryPreferencesParamsSchema,
        response: { 200: z.array(followedCategoryPreferencesSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.userID === '$me') reply.header('cache-control', 'no-cache');
      return listFollowedCategoryPreferences(request.ctx, request.params.userID);
    },
  );

  api.get(
    '/categories/:id',
    {
      config: { guestCache: true },
      schema: {
        tags: ['categories'],
        params: categoryIDParamsSchema,
        querystring: categoryGetQuerySchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => {
      const category = await getCategory(
        request.ctx,
        request.params.id,
        toCategoryExpand(request.query.expand),
      );
      declareGuestRead(request.ctx, { categoryIDs: [category.categoryID] });
      return category;
    },
  );

  api.get(
    '/categories/:id/edit',
    {
      schema: {
        tags: ['categories'],
        params: categoryIDParamsSchema,
        response: { 200: categoryEditSchema, ...errors },
      },
    },
    async (request) => getCategoryEdit(request.ctx, request.params.id),
  );

  api.post(
    '/categories',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['categories'],
        body: createCategoryBodySchema,
        response: { 201: categorySchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createCategory(request.ctx, request.body)),
  );

  api.patch(
    '/categories/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['categories'],
        params: categoryIDParamsSchema,
        body: patchCategoryBodySchema,
        response: { 200: categorySchema, ...errors },
      },
    },
    async (request) => patchCategory(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/categories/:id',
    {
      config: { guestCacheWrite: 'all' },
      schema: {
        tags: ['categories'],
        params: categoryIDParamsSchema,
        querystring: deleteCategoryQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCategory(request.ctx, request.params.id, {
        newCategoryID: request.query.newCategoryID,
      });
      return reply.status(204).send(null);
    },
  );

  api.put(
    '/categories/:id/follow',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['categories'],
        params: categoryIDParamsSchema,
        body: categoryFollowSchema,
        response: { 200: categoryFollowSchema, ...errors },
      },
    },
    async (request) => followCategory(request.ctx, request.params.id, request.body.followed),
  );

  api.get(
    '/categories/:id/preferences/:userID',
    {
      schema: {
        tags: ['categories'],
        params: categoryPreferencesParamsSchema,
        response: { 200: categoryPreferencesSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (request.params.userID === '$me') reply.header('cache-control', 'no-cache');
      return getCategoryPreferences(request.ctx, request.params.id, request.params.userID);
    },
  );

  api.patch(
    '/categories/:id/preferences/:userID',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['categories'],
        params: categoryPreferencesParamsSchema,
        body: categoryPreferencesPatchSchema,
        response: { 200: categoryPreferencesSchema, ...errors },
      },
    },
    async (request) =>
      patchCategoryPreferences(request.ctx, request.params.id, request.params.userID, request.body),
  );
}
