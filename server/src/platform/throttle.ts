import type { Db } from './db/db.ts';
import { AppError } from './errors.ts';
import {
  deleteStaleThrottles,
  deleteThrottle,
  deleteThrottlesStartingWith,
  findThrottle,
  findThrottleLock,
  incrementThrottle,
  setThrottleLock,
  type ThrottleRow,
} from './throttle.repo.ts';

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

/**
 * The address a per-address throttle counts: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its
 * /64 network, since one host is usually given a whole /64 and could otherwise step through it.
 */
export function throttleAddress(ipAddress: string): string {
  const address = ipAddress.split('%')[0] ?? ipAddress;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups];
  const network = groups.slice(0, 4).map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${network.join(':')}::/64`;
}

/** "Try again in N seconds.": when a refused caller may try again, in words. */
export function retryAfterDescription(seconds: number): string {
  return `Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

/**
 * api-contract §1.13: a refused throttle answers 429 with the rule's message, when to retry in
 * `description`, and `Retry-After` (seconds).
 */
export function throttledError(message: string, decision: ThrottleDecision): AppError {
  return new AppError(429, message, {
    description: retryAfterDescription(decision.retryAfterSeconds),
    headers: { 'retry-after': String(decision.retryAfterSeconds) },
  });
}

/**
 * A growing back-off: the first `freeFailures` failures cost nothing; each one after that locks the
 * key for `baseSeconds` doubled per failure, at most `maxSeconds`. The count is forgotten
 * `resetAfterSeconds` after the last failure.
 */
export interface BackoffRule {
  freeFailures: number;
  baseSeconds: number;
  maxSeconds: number;
  resetAfterSeconds: number;
}

/** How long the failure numbered `failures` (1-based) locks its key under `rule`, in seconds. */
export function backoffSeconds(rule: BackoffRule, failures: number): number {
  const over = failures - rule.freeFailures;
  if (over <= 0) return 0;
  return Math.min(rule.maxSeconds, rule.baseSeconds * 2 ** Math.min(over - 1, 30));
}

/** Whether `key` is locked by its back-off now, and for how long. */
export async function peekBackoff(db: Db, key: string, now: number): Promise<ThrottleDecision> {
  const lockedUntil = await findThrottleLock(db, key);
  if (lockedUntil === null) return { allowed: true, retryAfterSeconds: 0 };
  const left = Date.parse(lockedUntil) - now;
  return left > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) } : { allowed: true, retryAfterSeconds: 0 };
}

/** Counts a failure on `key` and locks it for its back-off; answers the lock's length in seconds. */
export async function recordBackoffFailure(db: Db, key: string, rule: BackoffRule, now: number): Promise<number> {
  const row = await incrementThrottle(db, key, new Date(now).toISOString(), new Date(now - rule.resetAfterSeconds * 1000).toISOString(), true);
  const seconds = backoffSeconds(rule, row.count);
  await setThrottleLock(db, key, seconds > 0 ? new Date(now + seconds * 1000).toISOString() : null);
  return seconds;
}

/** Forgets every key that starts with `prefix` (e.g. one account's failures from every address). */
export async function clearThrottlesStartingWith(db: Db, prefix: string): Promise<void> {
  await deleteThrottlesStartingWith(db, prefix);
}

/**
 * Counts a hit and throws when it exceeds the rule.
 * @throws AppError 429 with `Retry-After`.
 */
export async function enforceThrottle(db: Db, key: string, rule: ThrottleRule, message: string, now: number = Date.now()): Promise<void> {
  const decision = await consumeThrottle(db, key, rule, now);
  if (!decision.allowed) throw throttledError(message, decision);
}
