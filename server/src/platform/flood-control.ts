import type { Db } from './db/db.ts';
import { AppError } from './errors.ts';
import { consumeThrottle, peekThrottle } from './throttle.ts';

/** A flood rule (api-contract §1.13): `count` posts per `seconds`; the one beyond locks for `lockSeconds`. */
export interface FloodLimits {
  count: number;
  seconds: number;
  lockSeconds: number;
}

/** api-contract §1.13's flood message, word for word. */
export function floodMessage({ count, seconds, lockSeconds }: FloodLimits): string {
  return `You have posted ${String(count)} times within ${String(seconds)} seconds. A spam block is now in effect on your account. You must wait at least ${String(lockSeconds)} seconds before attempting to post again.`;
}

/**
 * Counts a post of `scope` (e.g. `discussions:12`, `messages:12`) against its flood rule: the post
 * beyond the rule, and every post during the lock that follows, is refused.
 * @throws AppError 429 with the contract's message, also as a `flood` error on `body`, and Retry-After.
 */
export async function enforceFloodControl(db: Db, scope: string, limits: FloodLimits, now: number): Promise<void> {
  const message = floodMessage(limits);
  const lockKey = `floodLock:${scope}`;
  const lockRule = { limit: 0, windowSeconds: limits.lockSeconds };
  const refuse = (retryAfterSeconds: number) =>
    new AppError(429, message, {
      errors: [{ field: 'body', code: 'flood', message, status: 429 }],
      headers: { 'retry-after': String(retryAfterSeconds) },
    });
  const lock = await peekThrottle(db, lockKey, lockRule, now);
  if (!lock.allowed) throw refuse(lock.retryAfterSeconds);
  const decision = await consumeThrottle(db, `flood:${scope}`, { limit: limits.count, windowSeconds: limits.seconds }, now);
  if (!decision.allowed) {
    await consumeThrottle(db, lockKey, lockRule, now);
    throw refuse(limits.lockSeconds);
  }
}
