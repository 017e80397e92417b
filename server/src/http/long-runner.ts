import type { FastifyReply } from 'fastify';
import type { LongRunnerResult } from '../../../common/src/api/long-runner.ts';
import type { LongRunnerOutcome } from '../features/calls/calls.service.ts';

/**
 * Puts a long runner's outcome on the reply (api-contract §1.11): sets its status and returns the
 * body to send, `{ progress, callbackPayload }`, or null for a 204.
 */
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome<200>,
): LongRunnerResult;
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome,
): LongRunnerResult | null;
export function longRunnerReply(
  reply: FastifyReply,
  outcome: LongRunnerOutcome,
): LongRunnerResult | null {
  reply.status(outcome.status);
  if (outcome.status === 204) return null;
  return { progress: outcome.progress, callbackPayload: outcome.callbackPayload };
}
