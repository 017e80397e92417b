import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { retryDelayMs } from './backoff.ts';
import { onJobWorkersWoken } from './enqueue.ts';
import { claimDueJobs, deleteCompleteJobsBefore, finishJob, renewJobLease, type JobRow } from './jobs.repo.ts';
import { jobDefinitionOf, PermanentJobError, type JobServices } from './registry.ts';

/** Where the worker logs (a pino logger fits). */
export interface JobLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface JobWorkerOptions {
  services: JobServices;
  /** Jobs run at once by this worker (at least 1 for runOnce; the loop runs only when started). */
  concurrency: number;
  /** A running job's lease; it is renewed every third of it while the handler works. */
  leaseMs: number;
  /** How often an idle worker looks for due jobs (default 1 s). */
  pollMs?: number;
  workerID?: string;
  /** The jitter of retries (tests pass a fixed one). */
  random?: () => number;
  logger?: JobLogger;
}

const silent: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };
/** Complete jobs are kept this long (for tracking slips and the administrators' view). */
const KEEP_COMPLETE_MS = 7 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2000;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/**
 * Runs the jobs of the `jobs` table in this process (ARCHITECTURE.md "Jobs"). `start()` begins
 * the loop: it claims due jobs up to `concurrency`, wakes at once when this process enqueues one,
 * and otherwise polls every `pollMs`. `stop()` ends the loop and waits for running jobs. Tests
 * leave the loop off and call `runOnce()` or `drain()` with a clock they move.
 */
export class JobWorker {
  readonly workerID: string;
  private readonly options: JobWorkerOptions;
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private ticking = false;
  private tickAgain = false;
  private tickPromise: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private lastPrune = 0;

  constructor(options: JobWorkerOptions) {
    this.options = options;
    this.workerID = options.workerID ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  private now(): number {
    return this.options.services.clock();
  }

  private iso(milliseconds: number): string {
    return new Date(milliseconds).toISOString();
  }

  /** Claims up to `limit` due jobs for this worker. */
  private async claim(limit: number): Promise<JobRow[]> {
    const now = this.now();
    return claimDueJobs(this.options.services.db, {
      workerID: this.workerID,
      now: this.iso(now),
      lockedUntil: this.iso(now + this.options.leaseMs),
      limit,
    });
  }

  private async finish(
    job: JobRow,
    outcome: { status: 'complete' } | { status: 'failed' | 'dead'; error: string; retryAt?: number },
  ): Promise<void> {
    const { db } = this.options.services;
    const now = this.iso(this.now());
    const held =
      outcome.status === 'complete'
        ? await finishJob(db, { jobID: job.jobID, workerID: this.workerID, status: 'complete', now })
        : await finishJob(db, {
            jobID: job.jobID,
            workerID: this.workerID,
            status: outcome.status,
            now,
            lastError: outcome.error,
            ...(outcome.retryAt !== undefined ? { runAt: this.iso(outcome.retryAt) } : {}),
          });
    const logger = this.options.logger ?? silent;
    const fields = { jobID: job.jobID, type: job.type, attempts: job.attempts };
    if (!held) logger.warn(fields, 'job finished after its lease ran out; another worker owns it now');
    else if (outcome.status === 'dead') logger.error({ ...fields, error: outcome.error }, 'job is dead');
    else if (outcome.status === 'failed') logger.warn({ ...fields, error: outcome.error }, 'job failed; it will be retried');
  }

  /** Runs one claimed job to its end (complete, failed for a retry, or dead). */
  private async runJob(job: JobRow): Promise<void> {
    const definition = jobDefinitionOf(job.type);
    if (job.attempts > job.maxAttempts) {
      // Its last attempt's worker died (the lease ran out): no attempts are left.
      const error = `The worker running it stopped before it finished, after ${job.maxAttempts} attempts.`;
      await this.finish(job, { status: 'dead', error });
      return;
    }
    if (!definition) {
      await this.failed(job, new Error(`No handler is registered for job type "${job.type}".`));
      return;
    }
    let payload: unknown;
    try {
      payload = definition.schema.parse(JSON.parse(job.payload));
    } catch (error) {
      await this.finish(job, { status: 'dead', error: `Invalid payload: ${messageOf(error)}` });
      return;
    }
    const { leaseMs } = this.options;
    const heartbeat = setInterval(() => {
      const now = this.now();
      renewJobLease(this.options.services.db, {
        jobID: job.jobID,
        workerID: this.workerID,
        lockedUntil: this.iso(now + leaseMs),
        now: this.iso(now),
      }).catch((error: unknown) => {
        (this.options.logger ?? silent).warn({ jobID: job.jobID, error: messageOf(error) }, 'could not renew a job lease');
      });
    }, Math.max(1, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    try {
      await definition.handler(payload, {
        jobID: job.jobID,
        type: job.type,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        trackingID: job.trackingID,
        services: this.options.services,
      });
    } catch (error) {
      clearInterval(heartbeat);
      await this.failed(job, error);
      return;
    }
    clearInterval(heartbeat);
    await this.finish(job, { status: 'complete' });
  }

  /** A failed attempt: retried after an exponential back-off, or dead when none are left. */
  private async failed(job: JobRow, error: unknown): Promise<void> {
    const text = messageOf(error);
    if (error instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
      await this.finish(job, { status: 'dead', error: text });
      return;
    }
    const retryAt = this.now() + retryDelayMs(job.attempts, this.options.random);
    await this.finish(job, { status: 'failed', error: text, retryAt });
  }

  /** Runs a job and never rejects: a failure to record its outcome is logged (the lease recovers it). */
  private async settle(job: JobRow): Promise<void> {
    try {
      await this.runJob(job);
    } catch (error) {
      (this.options.logger ?? silent).error({ jobID: job.jobID, error: messageOf(error) }, 'could not record a job outcome');
    }
  }

  /** Claims the due jobs this worker has room for and runs them all; resolves with how many ran. */
  async runOnce(): Promise<number> {
    const jobs = await this.claim(Math.max(1, this.options.concurrency));
    await Promise.all(jobs.map((job) => this.settle(job)));
    return jobs.length;
  }

  /** Runs due jobs until none is left (jobs scheduled later, retries included, stay queued). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.runOnce();
      if (count === 0) return total;
      total += count;
    }
  }

  /** Starts the loop (no-op when concurrency is 0 or it already runs). */
  start(): void {
    if (this.started || this.options.concurrency <= 0) return;
    this.started = true;
    this.unsubscribe = onJobWorkersWoken(() => this.wake());
    this.wake();
  }

  /** Looks for due jobs now instead of at the next poll. */
  wake(): void {
    if (!this.started) return;
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.tickPromise = this.tick();
  }

  private schedule(milliseconds: number): void {
    if (!this.started) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), milliseconds);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    this.ticking = true;
    const logger = this.options.logger ?? silent;
    try {
      do {
        this.tickAgain = false;
        const room = this.options.concurrency - this.running.size;
        if (room <= 0) return;
        const jobs = await this.claim(room);
        for (const job of jobs) {
          const promise: Promise<void> = this.settle(job).finally(() => {
            this.running.delete(promise);
            this.wake();
          });
          this.running.add(promise);
        }
        if (jobs.length === room) this.tickAgain = true;
      } while (this.tickAgain && this.started);
      await this.prune();
    } catch (error) {
      logger.error({ error: messageOf(error) }, 'could not claim jobs');
    } finally {
      this.ticking = false;
      // A wake-up that came while this tick finished looks again at once.
      this.schedule(this.tickAgain ? 0 : (this.options.pollMs ?? 1000));
    }
  }

  /** Deletes complete jobs older than a week, at most once an hour per worker. */
  private async prune(): Promise<void> {
    const now = this.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await deleteCompleteJobsBefore(this.options.services.db, this.iso(now - KEEP_COMPLETE_MS));
  }

  /** Stops the loop and waits for the jobs that are running. */
  async stop(): Promise<void> {
    this.started = false;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.tickPromise;
    await Promise.allSettled([...this.running]);
  }
}
