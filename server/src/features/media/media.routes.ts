import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  deleteMediaQuerySchema,
  mediaIDParamsSchema,
  mediaSchema,
  uploadMediaQuerySchema,
} from '../../../../common/src/api/media.ts';
import { deleteMedia, getMedia, uploadMedia, type IncomingFile } from './media.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

/** Opens the multipart field `file` (one file, cut past `maxBytes`); null when there is none. */
async function openFile(request: FastifyRequest, maxBytes: number): Promise<IncomingFile | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({
    limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: false,
  });
  if (!part) return null;
  if (part.fieldname !== 'file') {
    part.file.resume();
    return null;
  }
  return { fileName: part.filename, stream: part.file, wasTruncated: () => part.file.truncated };
}

/** Uploads (api-contract §18). */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  // Multipart only for this plugin's routes.
  await app.register(fastifyMultipart);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/media',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['media'],
        querystring: uploadMediaQuerySchema,
        consumes: ['multipart/form-data'],
        response: { 201: mediaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const media = await uploadMedia(request.ctx, (maxBytes) => openFile(request, maxBytes));
      return reply.status(201).send(media);
    },
  );

  api.get(
    '/media/:id',
    {
      schema: {
        tags: ['media'],
        params: mediaIDParamsSchema,
        response: { 200: mediaSchema, ...errors },
      },
    },
    async (request) => getMedia(request.ctx, request.params.id),
  );

  api.delete(
    '/media/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['media'],
        params: mediaIDParamsSchema,
        querystring: deleteMediaQuerySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteMedia(request.ctx, request.params.id, {
        deleteFile: request.query.deleteFile ?? true,
      });
      return reply.status(204).send(null);
    },
  );
}
