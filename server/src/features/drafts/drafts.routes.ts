import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createDraftBodySchema,
  draftEditSchema,
  draftIDParamsSchema,
  draftListItemSchema,
  draftListQuerySchema,
  draftSchema,
  patchDraftBodySchema,
  scheduleDraftBodySchema,
} from '../../../../common/src/api/drafts.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import {
  cancelDraftSchedule,
  createDraft,
  deleteDraft,
  getDraft,
  getDraftEdit,
  listDrafts,
  patchDraft,
  scheduleDraft,
} from './drafts.service.ts';
import './drafts.publish.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };
const tags = ['drafts'];

/** Drafts and scheduling (api-contract §23). Drafts are private: no guest cache is involved. */
export async function draftsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/drafts',
    { schema: { tags, querystring: draftListQuerySchema, response: { 200: z.array(draftListItemSchema), ...errors } } },
    async (request, reply) => {
      const { drafts, total } = await listDrafts(request.ctx, request.query);
      setPagingHeaders(request, reply, { page: request.query.page, limit: request.query.limit, total });
      return drafts;
    },
  );

  api.get(
    '/drafts/:id',
    { schema: { tags, params: draftIDParamsSchema, response: { 200: draftSchema, ...errors } } },
    async (request) => getDraft(request.ctx, request.params.id),
  );

  api.get(
    '/drafts/:id/edit',
    { schema: { tags, params: draftIDParamsSchema, response: { 200: draftEditSchema, ...errors } } },
    async (request) => getDraftEdit(request.ctx, request.params.id),
  );

  api.post(
    '/drafts',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, body: createDraftBodySchema, response: { 201: draftSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createDraft(request.ctx, request.body)),
  );

  api.patch(
    '/drafts/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, params: draftIDParamsSchema, body: patchDraftBodySchema, response: { 200: draftSchema, ...errors } },
    },
    async (request) => patchDraft(request.ctx, request.params.id, request.body),
  );

  api.delete(
    '/drafts/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, params: draftIDParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteDraft(request.ctx, request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.patch(
    '/drafts/schedule/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, params: draftIDParamsSchema, body: scheduleDraftBodySchema, response: { 200: draftSchema, ...errors } },
    },
    async (request) => scheduleDraft(request.ctx, request.params.id, request.body),
  );

  api.patch(
    '/drafts/cancel-schedule/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags, params: draftIDParamsSchema, response: { 200: draftSchema, ...errors } },
    },
    async (request) => cancelDraftSchedule(request.ctx, request.params.id),
  );
}
