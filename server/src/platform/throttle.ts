import type { Db } from './db/db.ts';
import { AppError } from './errors.ts';
import { deleteStaleThrottles, deleteThrottle, findThrottle, incrementThrottle, type ThrottleRow } from './throttle.repo.ts';

/** At most `limit` hits per fixed window of `windowSeconds`, counted in the `throttles` table (shared by processes). */
export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

export interface ThrottleDecision {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
}

/** No rule's window is longer than this; older rows are pruned now and then. */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_N_HITS = 200;
let hitsSincePrune = 0;

function decide(row: ThrottleRow, rule: ThrottleRule, now: number, refuseAt: number): ThrottleDecision {
  const windowEnd = Date.parse(row.windowStart) + rule.windowSeconds * 1000;
  if (windowEnd <= now || row.count < refuseAt) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}

/** Counts a hit on `key` and says whether it stays within the rule (the hit that exceeds it is refused). */
export async function consumeThrottle(db: Db, key: string, rule: ThrottleRule, now: number = Date.now()): Promise<ThrottleDecision> {
  hitsSincePrune += 1;
  if (hitsSincePrune >= PRUNE_EVERY_N_HITS) {
    hitsSincePrune = 0;
    await deleteStaleThrottles(db, new Date(now - STALE_AFTER_MS).toISOString());
  }
  const cutoff = new Date(now - rule.windowSeconds * 1000).toISOString();
  const row = await incrementThrottle(db, key, new Date(now).toISOString(), cutoff);
  return decide(row, rule, now, rule.limit + 1);
}

/** Whether one more hit on `key` would be refused, without counting it (e.g. failed sign-ins). */
export async function peekThrottle(db: Db, key: string, rule: ThrottleRule, now: number = Date.now()): Promise<ThrottleDecision> {
  const row = await findThrottle(db, key);
  return row ? decide(row, rule, now, rule.limit) : { allowed: true, retryAfterSeconds: 0 };
}

/** Forgets the hits on `key` (e.g. failed sign-ins after a successful one). */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await deleteThrottle(db, key);
}

/** api-contract §1.13: a refused throttle answers 429 with the rule's message and `Retry-After`. */
export function throttledError(message: string, decision: ThrottleDecision): AppError {
  return new AppError(429, message, { headers: { 'retry-after': String(decision.retryAfterSeconds) } });
}

/**
 * Counts a hit and throws when it exceeds the rule.
 * @throws AppError 429 with `Retry-After`.
 */
export async function enforceThrottle(db: Db, key: string, rule: ThrottleRule, message: string): Promise<void> {
  const decision = await consumeThrottle(db, key, rule);
  if (!decision.allowed) throw throttledError(message, decision);
}
