import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { Db } from '../db/db.ts';
import { dialectOf } from '../db/dialect.ts';
import type { Database, JobsTable } from '../db/schema.ts';

export type JobRow = Selectable<JobsTable>;

export const JOB_STATUSES = ['queued', 'running', 'complete', 'failed', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A queued job as it is written. */
export interface NewJobRow {
  type: string;
  payload: string;
  runAt: string;
  maxAttempts: number;
  trackingID: string | null;
  now: string;
}

function jobValues(job: NewJobRow) {
  return {
    type: job.type,
    payload: job.payload,
    status: 'queued' as const,
    runAt: job.runAt,
    maxAttempts: job.maxAttempts,
    trackingID: job.trackingID,
    dateInserted: job.now,
    dateUpdated: job.now,
  };
}

/** Adds a job row (inside the caller's transaction when `db` is one) and returns its ID. */
export async function insertJob(db: Db, job: NewJobRow): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values(jobValues(job))
    .returning('jobID')
    .executeTakeFirstOrThrow();
  return row.jobID;
}

/**
 * Adds a job row unless one with the same `trackingID` exists (the unique index decides, so two
 * processes scheduling the same run add one row); returns the new ID, or undefined.
 */
export async function insertJobOnce(
  db: Db,
  job: NewJobRow & { trackingID: string },
): Promise<number | undefined> {
  const row = await db
    .insertInto('jobs')
    .values(jobValues(job))
    .onConflict((oc) => oc.column('trackingID').doNothing())
    .returning('jobID')
    .executeTakeFirst();
  return row?.jobID;
}

/** Inserts several queued jobs, one statement per 500; returns their IDs in order. */
export async function insertJobs(
  db: Db,
  jobs: readonly {
    type: string;
    payload: string;
    runAt: string;
    maxAttempts: number;
    now: string;
  }[],
): Promise<number[]> {
  const ids: number[] = [];
  // 8 parameters a row: 500 rows stay far below either database's parameter limit.
  for (let start = 0; start < jobs.length; start += 500) {
    const rows = await db
      .insertInto('jobs')
      .values(jobs.slice(start, start + 500).map((job) => jobValues({ ...job, trackingID: null })))
      .returning('jobID')
      .execute();
    ids.push(...rows.map((row) => row.jobID));
  }
  return ids;
}

/**
 * Claims up to `limit` due jobs for `workerID` until `lockedUntil`, counting an attempt: first
 * failed jobs whose retry time has come and running jobs whose lease ran out (their worker died),
 * then queued jobs whose runAt has come, each oldest first. On PostgreSQL the candidate rows are
 * locked `FOR UPDATE SKIP LOCKED`, so workers in several processes claim disjoint jobs without
 * waiting on each other; on SQLite each UPDATE…RETURNING is atomic (one writer at a time).
 */
export async function claimDueJobs(
  db: Db,
  claim: { workerID: string; now: string; lockedUntil: string; limit: number },
): Promise<JobRow[]> {
  // Queued jobs are claimed in their own statement: `status = 'queued'` reads the (status, runAt)
  // index in order and stops at `limit`, while one OR over every status made both databases
  // gather and sort every due row on each claim (3.5 ms with 9,600 queued e-mails on SQLite:
  // most of a 10,000-follower fan-out's CPU, docs/performance.md). Failed and expired jobs are few.
  const retried = await claimWhere(db, claim, claim.limit, (eb) =>
    eb.or([
      eb.and([eb('status', '=', 'failed'), eb('runAt', '<=', claim.now)]),
      eb.and([eb('status', '=', 'running'), eb('lockedUntil', '<=', claim.now)]),
    ]),
  );
  if (retried.length >= claim.limit) return retried;
  const queued = await claimWhere(db, claim, claim.limit - retried.length, (eb) =>
    eb.and([eb('status', '=', 'queued'), eb('runAt', '<=', claim.now)]),
  );
  return [...retried, ...queued];
}

async function claimWhere(
  db: Db,
  claim: { workerID: string; now: string; lockedUntil: string },
  limit: number,
  due: (eb: ExpressionBuilder<Database, 'jobs'>) => Expression<SqlBool>,
): Promise<JobRow[]> {
  const isPostgres = dialectOf(db) === 'postgres';
  const candidates = db
    .selectFrom('jobs')
    .select('jobID')
    .where(due)
    .orderBy('runAt')
    .orderBy('jobID')
    .limit(limit)
    .$if(isPostgres, (query) => query.forUpdate().skipLocked());
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      lockedBy: claim.workerID,
      lockedUntil: claim.lockedUntil,
      dateUpdated: claim.now,
    }))
    .where('jobID', 'in', candidates)
    .returningAll()
    .execute();
}

/** Extends the lease of a job this worker still holds; false when it lost it. */
export async function renewJobLease(
  db: Db,
  lease: { jobID: number; workerID: string; lockedUntil: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lockedUntil: lease.lockedUntil, dateUpdated: lease.now })
    .where('jobID', '=', lease.jobID)
    .where('lockedBy', '=', lease.workerID)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records the end of an attempt of a job this worker holds: complete, failed (retried at runAt)
 * or dead. False when the worker had lost the job's lease (another worker owns it now).
 */
export async function finishJob(
  db: Db,
  finish: {
    jobID: number;
    workerID: string;
    status: 'complete' | 'failed' | 'dead';
    now: string;
    runAt?: string;
    lastError?: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: finish.status,
      lockedBy: null,
      lockedUntil: null,
      dateUpdated: finish.now,
      ...(finish.status === 'complete' ? { dateCompleted: finish.now } : {}),
      ...(finish.runAt !== undefined ? { runAt: finish.runAt } : {}),
      ...(finish.lastError !== undefined ? { lastError: finish.lastError } : {}),
    })
    .where('jobID', '=', finish.jobID)
    .where('lockedBy', '=', finish.workerID)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One page of jobs in a status, newest first (served by jobs_status_list). */
export async function findJobsByStatus(
  db: Db,
  query: { status: JobStatus; offset: number; limit: number },
): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('status', '=', query.status)
    .orderBy('jobID', 'desc')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
}

/** How many jobs are in a status. */
export async function countJobsByStatus(db: Db, status: JobStatus): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findJobByID(db: Db, jobID: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('jobID', '=', jobID).executeTakeFirst();
}

/**
 * Puts a dead or failed job back in the queue to run now with a fresh count of attempts (its
 * last error stays for reference). False when the job is in another status.
 */
export async function requeueJob(db: Db, jobID: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      status: 'queued',
      attempts: 0,
      runAt: now,
      lockedBy: null,
      lockedUntil: null,
      dateUpdated: now,
    })
    .where('jobID', '=', jobID)
    .where('status', 'in', ['dead', 'failed'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes complete jobs finished before `before` (the table keeps a week of history). */
export async function deleteCompleteJobsBefore(db: Db, before: string): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('status', '=', 'complete')
    .where('dateCompleted', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
