import type { Db } from '../db/db.ts';
import { nowIso } from '../dates.ts';
import { insertJob } from './jobs.repo.ts';
import { DEFAULT_MAX_ATTEMPTS, jobDefinitionOf, PermanentJobError } from './registry.ts';

export interface EnqueueOptions {
  /** When the job may run (default now): scheduled jobs such as draft publishing. */
  runAt?: Date | string;
  /** Overrides the definition's attempts. */
  maxAttempts?: number;
  /** A unique `jobTrackingID` for a tracking slip (api-contract §1.11). */
  trackingID?: string;
  /** The time source (default Date.now). */
  clock?: () => number;
}

type EnqueueListener = (type: string) => void;
const listeners = new Set<EnqueueListener>();

/**
 * Calls `listener` after each job enqueued in this process: the workers here wake at once, and
 * the event bus may carry the wake-up to other processes. Returns the unsubscribe function.
 */
export function onJobEnqueued(listener: EnqueueListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wakes this process's workers (e.g. when another process reports a new job). */
export function wakeJobWorkers(type = '*'): void {
  for (const listener of listeners) listener(type);
}

/**
 * Enqueues a job of a registered type. Pass the caller's transaction as `db`: the job then exists
 * if and only if the write commits. The payload is validated by the type's schema here, so a bad
 * payload fails the caller, not the worker.
 * @throws PermanentJobError for an unknown type; the schema's ZodError for a bad payload.
 */
export async function enqueueJob(db: Db, type: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
  const definition = jobDefinitionOf(type);
  if (!definition) throw new PermanentJobError(`No handler is registered for job type "${type}".`);
  const parsed: unknown = definition.schema.parse(payload);
  const now = nowIso(options.clock);
  const runAt = options.runAt === undefined ? now : new Date(options.runAt).toISOString();
  const jobID = await insertJob(db, {
    type,
    payload: JSON.stringify(parsed),
    runAt,
    maxAttempts: options.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    trackingID: options.trackingID ?? null,
    now,
  });
  // After this turn of the event loop, when the caller's transaction has usually committed; a
  // wake-up that comes too early finds nothing and the worker's next poll takes the job.
  setImmediate(() => wakeJobWorkers(type));
  return jobID;
}
