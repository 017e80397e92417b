import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { createTestClock } from '../../../test/clock.ts';
import { openDatabase } from '../db/db.ts';
import { runTransaction } from '../db/transaction.ts';
import { RETRY_BASE_MS } from './backoff.ts';
import { announceJob, enqueueJob, onJobEnqueued } from './enqueue.ts';
import { findJobByID } from './jobs.repo.ts';
import { PermanentJobError, registerJob } from './registry.ts';
import { JobWorker } from './worker.ts';

// Issue 13: the durable jobs table and its worker, on SQLite and PostgreSQL. No sleeps: the
// worker runs with runOnce()/drain() and a clock the tests move.

const clock = createTestClock(Date.parse('2026-03-01T12:00:00.000Z'));
const LEASE_MS = 60_000;

/** Side effects the test jobs leave, by key. */
const ran = new Map<string, number>();
const count = (key: string) => ran.get(key) ?? 0;
function record(key: string): void {
  ran.set(key, count(key) + 1);
}

const keyPayload = z.object({ key: z.string() });
registerJob('test.record', { schema: keyPayload, handler: async ({ key }) => record(key) });
registerJob('test.alwaysFails', {
  schema: keyPayload,
  maxAttempts: 3,
  handler: async ({ key }) => {
    record(key);
    throw new Error(`failure ${count(key)}`);
  },
});
registerJob('test.permanent', {
  schema: keyPayload,
  handler: async ({ key }) => {
    record(key);
    throw new PermanentJobError('The record is gone.');
  },
});
/** Waits until the test opens the gate of its key (first attempt only). */
const gates = new Map<string, { opened: Promise<void>; open: () => void }>();
registerJob('test.gated', {
  schema: keyPayload,
  handler: async ({ key }, run) => {
    record(`${key}:started`);
    const gate = gates.get(key);
    if (gate && run.attempts === 1) await gate.opened;
    record(key);
  },
});

describe('jobs', () => {
  let t: TestApp;
  let worker: JobWorker;
  before(async () => {
    t = await createTestApp({}, { clock: clock.now });
    worker = new JobWorker({ services: t.app.deps, concurrency: 4, leaseMs: LEASE_MS, random: () => 0 });
  });
  after(async () => {
    await t.close();
  });

  test('a job runs once when drained, and is complete', async () => {
    const jobID = await enqueueJob(t.db, 'test.record', { key: 'once' }, { clock: clock.now });
    assert.equal(count('once'), 0, 'nothing runs before the worker does');
    assert.equal(await worker.drain(), 1);
    assert.equal(await worker.drain(), 0, 'a complete job does not run again');
    assert.equal(count('once'), 1);
    const job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'complete');
    assert.equal(job?.attempts, 1);
    assert.ok(job?.dateCompleted);
  });

  test('a failing job is retried with exponential back-off, then dead with its last error', async () => {
    const jobID = await enqueueJob(t.db, 'test.alwaysFails', { key: 'flaky' }, { clock: clock.now });
    await worker.drain();
    let job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'failed');
    assert.equal(job?.attempts, 1);
    // random() = 0: the first retry waits half the base delay, the second half of twice that.
    assert.equal(Date.parse(job?.runAt ?? ''), clock.now() + RETRY_BASE_MS / 2);
    assert.equal(await worker.drain(), 0, 'not before its time');

    clock.advance(RETRY_BASE_MS / 2);
    await worker.drain();
    job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'failed');
    assert.equal(job?.attempts, 2);
    assert.equal(Date.parse(job?.runAt ?? ''), clock.now() + RETRY_BASE_MS);

    clock.advance(RETRY_BASE_MS);
    await worker.drain();
    job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'dead', 'maxAttempts 3 reached');
    assert.equal(job?.attempts, 3);
    assert.match(job?.lastError ?? '', /failure 3/);
    clock.advance(24 * 60 * 60_000);
    assert.equal(await worker.drain(), 0, 'a dead job never runs again by itself');
    assert.equal(count('flaky'), 3);
  });

  test('a permanent failure is dead at once', async () => {
    const jobID = await enqueueJob(t.db, 'test.permanent', { key: 'gone' }, { clock: clock.now });
    await worker.drain();
    const job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'dead');
    assert.equal(job?.attempts, 1);
    assert.match(job?.lastError ?? '', /The record is gone\./);
  });

  test('a scheduled job waits for its runAt', async () => {
    const jobID = await enqueueJob(t.db, 'test.record', { key: 'scheduled' }, {
      clock: clock.now,
      runAt: new Date(clock.now() + 60 * 60_000),
    });
    clock.advance(59 * 60_000);
    assert.equal(await worker.drain(), 0);
    assert.equal(count('scheduled'), 0);
    clock.advance(60_000);
    assert.equal(await worker.drain(), 1);
    assert.equal(count('scheduled'), 1);
    assert.equal((await findJobByID(t.db, jobID))?.status, 'complete');
  });

  test('a job enqueued in a transaction exists only if the transaction commits', async () => {
    let rolledBackID = 0;
    await assert.rejects(
      runTransaction(t.db, async (trx) => {
        rolledBackID = await enqueueJob(trx, 'test.record', { key: 'rolledBack' }, { clock: clock.now });
        throw new Error('the write failed');
      }),
      /the write failed/,
    );
    assert.ok(rolledBackID > 0);
    assert.equal(await findJobByID(t.db, rolledBackID), undefined);
    const committedID = await runTransaction(t.db, (trx) =>
      enqueueJob(trx, 'test.record', { key: 'committed' }, { clock: clock.now }),
    );
    await worker.drain();
    assert.equal(count('rolledBack'), 0);
    assert.equal(count('committed'), 1);
    assert.equal((await findJobByID(t.db, committedID))?.status, 'complete');
  });

  test('a bad payload or an unknown type fails the caller, not the worker', async () => {
    await assert.rejects(enqueueJob(t.db, 'test.record', { key: 42 }), z.ZodError);
    await assert.rejects(enqueueJob(t.db, 'test.noSuchType', {}), /No handler is registered for job type "test\.noSuchType"\./);
  });

  test('a job whose worker stopped is claimed again after its lease, and only then', async () => {
    let open = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    gates.set('lease', { opened, open });
    const jobID = await enqueueJob(t.db, 'test.gated', { key: 'lease' }, { clock: clock.now });
    const stuck = new JobWorker({ services: t.app.deps, concurrency: 1, leaseMs: LEASE_MS, workerID: 'stuck' });
    const stuckRun = stuck.runOnce();
    // Wait until the first worker holds the job and its handler runs.
    while (count('lease:started') === 0) await new Promise((resolve) => setImmediate(resolve));
    const other = new JobWorker({ services: t.app.deps, concurrency: 1, leaseMs: LEASE_MS, workerID: 'other' });
    clock.advance(LEASE_MS - 1000);
    assert.equal(await other.runOnce(), 0, 'the lease still holds');
    clock.advance(1000);
    assert.equal(await other.runOnce(), 1, 'the lease ran out: claimed again');
    assert.equal(count('lease'), 1);
    let job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'complete');
    assert.equal(job?.attempts, 2);
    // The first worker wakes up late: its outcome no longer counts.
    open();
    await stuckRun;
    job = await findJobByID(t.db, jobID);
    assert.equal(job?.status, 'complete');
    assert.equal(job?.attempts, 2);
  });

  test('two workers on two connection pools run each of 200 jobs exactly once', async () => {
    const second = openDatabase({
      databaseUrl: t.database.databaseUrl,
      dataDir: t.database.dataDir,
    });
    try {
      const keys = Array.from({ length: 200 }, (_, index) => `many-${index}`);
      for (const key of keys) await enqueueJob(t.db, 'test.record', { key }, { clock: clock.now });
      const a = new JobWorker({ services: t.app.deps, concurrency: 4, leaseMs: LEASE_MS, workerID: 'a' });
      const b = new JobWorker({
        services: { ...t.app.deps, db: second.db },
        concurrency: 4,
        leaseMs: LEASE_MS,
        workerID: 'b',
      });
      const [byA, byB] = await Promise.all([a.drain(), b.drain()]);
      assert.equal(byA + byB, 200, `a ran ${byA}, b ran ${byB}`);
      assert.deepEqual(
        keys.filter((key) => count(key) !== 1),
        [],
        'every job ran exactly once',
      );
    } finally {
      await second.close();
    }
  });

  test('enqueued jobs are announced once per turn of the event loop, with their types', async () => {
    const announced: string[][] = [];
    const stop = onJobEnqueued((types) => announced.push(types));
    try {
      await enqueueJob(t.db, 'test.record', { key: 'announced' }, { clock: clock.now });
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(announced, [['test.record']]);
      announceJob('test.record');
      announceJob('test.permanent');
      announceJob('test.record');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(announced, [['test.record'], ['test.record', 'test.permanent']]);
    } finally {
      stop();
    }
    await worker.drain();
  });

  test(`the worker loop runs a job enqueued in this process without a drain (${testDialect})`, async () => {
    const loop = new JobWorker({ services: t.app.deps, concurrency: 2, leaseMs: LEASE_MS, pollMs: 60_000 });
    loop.start();
    try {
      let open = () => {};
      const done = new Promise<void>((resolve) => {
        open = resolve;
      });
      registerJob('test.signal', { schema: keyPayload, handler: async () => open() });
      await enqueueJob(t.db, 'test.signal', { key: 'loop' }, { clock: clock.now });
      await done;
    } finally {
      await loop.stop();
    }
  });
});
