import { z } from 'zod';

/** Seconds a synchronous long-running call may work before answering 408 (api-contract §1.11). */
export const MAX_LONG_RUNNER_TIMEOUT = 20;

/** Default working time of a synchronous call when `longRunnerTimeout` is not given. */
export const DEFAULT_LONG_RUNNER_TIMEOUT = 20;

/** The content type of `POST /calls/run` (api-contract §20). */
export const CALLBACK_CONTENT_TYPE = 'application/system+jwt';

/**
 * Query of every long-running endpoint: `longRunnerMode` (only `sync`: Hearth has no job queue
 * for bulk actions yet) and `longRunnerTimeout` in seconds (0..20; 0 handles one item per call).
 */
export const longRunnerQuerySchema = z.object({
  longRunnerMode: z.enum(['sync']).default('sync'),
  longRunnerTimeout: z.coerce.number().min(0).max(MAX_LONG_RUNNER_TIMEOUT).optional(),
});

export type LongRunnerQuery = z.infer<typeof longRunnerQuerySchema>;

/** One failed item: its message and HTTP-like code. */
export const longRunnerExceptionSchema = z.object({
  message: z.string(),
  code: z.number().int(),
});

/** `progress` of a long-running call (api-contract §1.11). */
export const progressSchema = z.object({
  successIDs: z.array(z.number().int()),
  failedIDs: z.array(z.number().int()),
  exceptionsByID: z.record(z.string(), longRunnerExceptionSchema),
  countTotalIDs: z.number().int().nullable(),
});

export type Progress = z.infer<typeof progressSchema>;

/**
 * The body of a long-running call: its progress and, while work remains (status 408), the signed
 * payload to post to `/calls/run`; null once done.
 */
export const longRunnerResultSchema = z.object({
  progress: progressSchema,
  callbackPayload: z.string().nullable(),
});

export type LongRunnerResult = z.infer<typeof longRunnerResultSchema>;
