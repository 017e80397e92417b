import { z } from 'zod';
import { MAX_LONG_RUNNER_TIMEOUT } from './long-runner.constants.ts';
export * from './long-runner.constants.ts';

/**
 * Query of every long-running endpoint: `longRunnerMode` (`sync` works in the request; `async`
 * queues a job and answers 202 with tracking slips) and `longRunnerTimeout` in seconds (0..20;
 * 0 handles one item per call).
 */
export const longRunnerQuerySchema = z.object({
  longRunnerMode: z.enum(['sync', 'async']).default('sync'),
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

/** One queued action of an async long-running call (api-contract §1.11); Hearth: a jobs row. */
export const trackingSlipSchema = z.object({
  jobTrackingID: z.string(),
  jobID: z.string(),
  jobExecutionStatus: z.string(),
});

/** The 202 body of a long-running call in `longRunnerMode=async`. */
export const trackingSlipsResultSchema = z.object({
  trackingSlips: z.array(trackingSlipSchema),
});

export type TrackingSlip = z.infer<typeof trackingSlipSchema>;
export type TrackingSlipsResult = z.infer<typeof trackingSlipsResultSchema>;
