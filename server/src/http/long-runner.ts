import type { FastifyReply } from 'fastify';
import type {
  LongRunnerResult,
  TrackingSlipsResult,
} from '../../../common/src/api/long-runner.ts';
import type { LongRunnerOutcome } from '../features/calls/calls.service.ts';

/**
 * Puts a long runner's outcome on the reply (api-contract §1.11): sets its status and returns the
 * body to send, `{ progress, callbackPayload }`, `{ trackingSlips }` for a queued (async) call
 * (202), or null for a 204.
 */
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome & { trackingSlips?: undefined },
): LongRunnerResult | null;
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome<200>,
): LongRunnerResult | TrackingSlipsResult;
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome,
): LongRunnerResult | TrackingSlipsResult | null;
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome,
): LongRunnerResult | TrackingSlipsResult | null {
  reply.status(outcome.status);
  if (outcome.status === 204) return null;
  if (outcome.trackingSlips) return { trackingSlips: outcome.trackingSlips };
  return { progress: outcome.progress, callbackPayload: outcome.callbackPayload };
}
