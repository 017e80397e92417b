import type { Db } from '../db/db.ts';
import { nowIso } from '../dates.ts';
import { insertJob, insertJobOnce, insertJobs } from './jobs.repo.ts';
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

type EnqueueListener = (types: string[]) => void;
const enqueueListeners = new Set<EnqueueListener>();
const wakeListeners = new Set<() => void>();
/** Types enqueued in this turn of the event loop, announced together after it. */
let pendingTypes: Set<string> | undefined;

/**
 * Calls `listener` with the types of the jobs enqueued in this process, once per turn of the
 * event loop (the event bus carries the news to the other processes' workers). Returns the
 * unsubscribe function.
 */
export function onJobEnqueued(listener: EnqueueListener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** Calls `listener` whenever this process's workers should look for due jobs now. */
export function onJobWorkersWoken(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
}

/** Wakes this process's workers (e.g. when another process reports new jobs). */
export function wakeJobWorkers(): void {
  for (const listener of wakeListeners) listener();
}

/**
 * Tells this process's workers, and through `onJobEnqueued` the other processes, that a job of
 * `type` is due (enqueueJob calls it; so does a retry).
 */
export function announceJob(type: string): void {
  if (pendingTypes) {
    pendingTypes.add(type);
    return;
  }
  pendingTypes = new Set([type]);
  // After this turn of the event loop, when the caller's transaction has usually committed; a
  // wake-up that comes too early finds nothing and the worker's next poll takes the job.
  setImmediate(() => {
    const types = [...(pendingTypes ?? [])];
    pendingTypes = undefined;
    wakeJobWorkers();
    for (const listener of enqueueListeners) listener(types);
  });
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
  announceJob(type);
  return jobID;
}

/**
 * Enqueues several jobs of one type in as few statements as possible (a notification page's
 * e-mails); the same validation and transaction rule as `enqueueJob`.
 * @throws PermanentJobError for an unknown type; the schema's ZodError for a bad payload.
 */
export async function enqueueJobs(
  db: Db,
  type: string,
  payloads: readonly unknown[],
  options: Pick<EnqueueOptions, 'clock'> = {},
): Promise<number[]> {
  if (payloads.length === 0) return [];
  const definition = jobDefinitionOf(type);
  if (!definition) throw new PermanentJobError(`No handler is registered for job type "${type}".`);
  const now = nowIso(options.clock);
  const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const jobIDs = await insertJobs(
    db,
    payloads.map((payload) => ({ type, payload: JSON.stringify(definition.schema.parse(payload)), runAt: now, maxAttempts, now })),
  );
  announceJob(type);
  return jobIDs;
}

/**
 * Enqueues a job unless one with the same `key` was ever enqueued (and not yet pruned): a step
 * run again (its worker died after committing) adds nothing twice, e.g. one digest per member
 * and period. The key is stored as the row's unique `trackingID`.
 * @returns the new job's ID, or undefined when it already existed.
 * @throws PermanentJobError for an unknown type; the schema's ZodError for a bad payload.
 */
export async function enqueueJobOnce(
  db: Db,
  type: string,
  payload: unknown,
  key: string,
  options: Pick<EnqueueOptions, 'clock' | 'runAt'> = {},
): Promise<number | undefined> {
  const definition = jobDefinitionOf(type);
  if (!definition) throw new PermanentJobError(`No handler is registered for job type "${type}".`);
  const now = nowIso(options.clock);
  const jobID = await insertJobOnce(db, {
    type,
    payload: JSON.stringify(definition.schema.parse(payload)),
    runAt: options.runAt === undefined ? now : new Date(options.runAt).toISOString(),
    maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    trackingID: key,
    now,
  });
  if (jobID !== undefined) announceJob(type);
  return jobID;
}
