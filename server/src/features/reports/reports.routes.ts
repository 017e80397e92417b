import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../common/src/api/common.ts';
import {
  createReportBodySchema,
  createReportReasonBodySchema,
  emptyBodySchema,
  patchReportBodySchema,
  patchReportReasonBodySchema,
  reportIDParamsSchema,
  reportListQuerySchema,
  reportReasonIDParamsSchema,
  reportReasonSchema,
  reportReasonSortsBodySchema,
  reportReasonsQuerySchema,
  reportSchema,
  verifyRecordUserBodySchema,
} from '../../../../common/src/api/reports.ts';
import { setPagingHeaders } from '../../http/paging.ts';
import {
  createReportReason,
  deleteReportReason,
  getReportReason,
  listReportReasons,
  patchReportReason,
  sortReportReasons,
} from './report-reasons.service.ts';
import { approveReportRecord, dismissReport, patchReport, rejectReportRecord } from './reports.decide.ts';
import { createReport, getReport, listReports } from './reports.service.ts';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** Report reasons and reports (api-contract §27.3, §27.4, §27.5). */
export async function reportsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/report-reasons',
    { schema: { tags: ['reports'], querystring: reportReasonsQuerySchema, response: { 200: z.array(reportReasonSchema), ...errors } } },
    async (request) => listReportReasons(request.ctx, request.query),
  );

  api.get(
    '/report-reasons/:reportReasonID',
    {
      schema: {
        tags: ['reports'],
        params: reportReasonIDParamsSchema,
        querystring: reportReasonsQuerySchema,
        response: { 200: reportReasonSchema, ...errors },
      },
    },
    async (request) => getReportReason(request.ctx, request.params.reportReasonID, request.query),
  );

  api.post(
    '/report-reasons',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], body: createReportReasonBodySchema, response: { 201: reportReasonSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await createReportReason(request.ctx, request.body)),
  );

  api.put(
    '/report-reasons/sorts',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], body: reportReasonSortsBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await sortReportReasons(request.ctx, request.body);
      return reply.status(204).send(null);
    },
  );

  api.patch(
    '/report-reasons/:reportReasonID',
    {
      config: { guestCacheWrite: 'none' },
      schema: {
        tags: ['reports'],
        params: reportReasonIDParamsSchema,
        body: patchReportReasonBodySchema,
        response: { 200: reportReasonSchema, ...errors },
      },
    },
    async (request) => patchReportReason(request.ctx, request.params.reportReasonID, request.body),
  );

  api.delete(
    '/report-reasons/:reportReasonID',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], params: reportReasonIDParamsSchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteReportReason(request.ctx, request.params.reportReasonID);
      return reply.status(204).send(null);
    },
  );

  api.post(
    '/reports',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], body: createReportBodySchema, response: { 200: reportSchema, 201: reportSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await createReport(request.ctx, request.body);
      return reply.status(result.status).send(result.report);
    },
  );

  api.get(
    '/reports',
    { schema: { tags: ['reports'], querystring: reportListQuerySchema, response: { 200: z.array(reportSchema), ...errors } } },
    async (request, reply) => {
      const { reports, paging } = await listReports(request.ctx, request.query);
      setPagingHeaders(request, reply, paging);
      return reports;
    },
  );

  api.get(
    '/reports/:id',
    { schema: { tags: ['reports'], params: reportIDParamsSchema, response: { 200: reportSchema, ...errors } } },
    async (request) => getReport(request.ctx, request.params.id),
  );

  api.patch(
    '/reports/:id',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], params: reportIDParamsSchema, body: patchReportBodySchema, response: { 200: reportSchema, ...errors } },
    },
    async (request) => patchReport(request.ctx, request.params.id, request.body),
  );

  api.patch(
    '/reports/:id/dismiss',
    {
      config: { guestCacheWrite: 'none' },
      schema: { tags: ['reports'], params: reportIDParamsSchema, body: verifyRecordUserBodySchema, response: { 200: reportSchema, ...errors } },
    },
    async (request) => dismissReport(request.ctx, request.params.id, request.body),
  );

  api.patch(
    '/reports/:id/approve-record',
    {
      config: { guestCacheWrite: 'declared' },
      schema: { tags: ['reports'], params: reportIDParamsSchema, body: verifyRecordUserBodySchema, response: { 200: reportSchema, ...errors } },
    },
    async (request) => approveReportRecord(request.ctx, request.params.id, request.body),
  );

  api.patch(
    '/reports/:id/reject-record',
    {
      config: { guestCacheWrite: 'declared' },
      schema: { tags: ['reports'], params: reportIDParamsSchema, body: emptyBodySchema, response: { 200: reportSchema, ...errors } },
    },
    async (request) => rejectReportRecord(request.ctx, request.params.id),
  );
}
