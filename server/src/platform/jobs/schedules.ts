import { z } from 'zod';
import type { Db } from '../db/db.ts';
import { nowIso } from '../dates.ts';
import { announceJob } from './enqueue.ts';
import { insertJobOnce } from './jobs.repo.ts';
import { DEFAULT_MAX_ATTEMPTS, registerJob, type JobRun } from './registry.ts';

// Recurring jobs (CONVENTIONS §6 "Schedules live in platform/jobs/schedules.ts"): each run is a
// row of the jobs table, so a schedule survives restarts; a run queues the next one, and every
// process queues the next run when it starts. A run's `trackingID` is `schedule:<type>:<runAt>`,
// unique, so however many processes (or retries) queue the same run, it exists once.

/** A recurring job: when it runs, and what it does. */
export interface RecurringJob {
  type: string;
  /** The first run time strictly after `afterMs` (milliseconds since the epoch). */
  nextRunAfter(afterMs: number): number;
  /** The work of the run planned for `scheduledFor` (idempotent, as every job). */
  run(scheduledFor: Date, run: JobRun): Promise<void>;
}

const recurringJobs = new Map<string, RecurringJob>();

const payloadSchema = z.object({ scheduledFor: z.iso.datetime() });

/** Queues the run of `job` that follows `afterMs`, unless it is already queued. */
async function queueNextRun(db: Db, job: RecurringJob, afterMs: number, clock: () => number): Promise<void> {
  const runAt = new Date(job.nextRunAfter(afterMs)).toISOString();
  const jobID = await insertJobOnce(db, {
    type: job.type,
    payload: JSON.stringify({ scheduledFor: runAt }),
    runAt,
    maxAttempts: DEFAULT_MAX_ATTEMPTS,
    trackingID: `schedule:${job.type}:${runAt}`,
    now: nowIso(clock),
  });
  if (jobID !== undefined) announceJob(job.type);
}

/**
 * Registers a recurring job (at module load, by the feature that owns it). Its handler runs the
 * work, then queues the next run after the later of now and the planned time, so a server that
 * was down for weeks runs one catch-up, not one per missed period.
 */
export function registerRecurringJob(job: RecurringJob): void {
  recurringJobs.set(job.type, job);
  registerJob(job.type, {
    schema: payloadSchema,
    handler: async (payload, run) => {
      const scheduledFor = new Date(payload.scheduledFor);
      await job.run(scheduledFor, run);
      const { db, clock } = run.services;
      await queueNextRun(db, job, Math.max(scheduledFor.getTime(), clock()), clock);
    },
  });
}

/** Queues the next run of every registered recurring job that has none queued (each process, at start). */
export async function scheduleRecurringJobs(db: Db, clock: () => number): Promise<void> {
  for (const job of recurringJobs.values()) await queueNextRun(db, job, clock(), clock);
}
