import { z } from 'zod';
import { limitParam, pageParam, pathIDSchema } from './common.ts';

/** The statuses of a job (Hearth's own call, docs/decisions.md "Jobs (issue 13)"). */
export const jobStatuses = ['queued', 'running', 'complete', 'failed', 'dead'] as const;

/** A row of the jobs table as administrators see it (`GET /jobs`, Hearth's own call). */
export const jobSchema = z.object({
  jobID: z.number().int(),
  type: z.string(),
  payload: z.unknown(),
  status: z.enum(jobStatuses),
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  jobTrackingID: z.string().nullable(),
  dateInserted: z.string(),
  dateUpdated: z.string(),
  dateCompleted: z.string().nullable(),
});

export type Job = z.infer<typeof jobSchema>;

/** `GET /jobs?status=dead&page=&limit=`: the jobs in one status, newest first. */
export const listJobsQuerySchema = z.object({
  status: z.enum(jobStatuses).default('dead'),
  page: pageParam,
  limit: limitParam(30, 100),
});

export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;

export const jobIDParamsSchema = z.object({ id: pathIDSchema('Job') });
