import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { freePort } from '../../../test/free-port.ts';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import { enqueueJob } from './enqueue.ts';
import { findJobByID, type JobRow } from './jobs.repo.ts';
import { SLOW_ONCE_JOB } from './jobs.process.test-support.ts';

// Issue 13: a job survives a kill -9 of the process running it. The real server
// (`node server/src/main.ts`) runs a job that hangs; it is killed with SIGKILL; a new process
// claims the job once its lease (1 s) has run out and completes it, exactly once.

const root = path.resolve(import.meta.dirname, '../../../..');
const fixture = path.join(import.meta.dirname, 'jobs.process.test-support.ts');

/** Polls `check` (every 50 ms, at most `ms`) until it returns a value; throws with `what` otherwise. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`a job whose process is killed (${testDialect})`, () => {
  const children: ChildProcess[] = [];
  let database: TestDatabase | undefined;
  after(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.drop();
  });

  async function startServer(): Promise<{ child: ChildProcess; output: () => string }> {
    assert.ok(database);
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', fixture, 'server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: database.dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'Admin-Password-123!',
        LOG_LEVEL: 'warn',
        WORKERS: '1',
        JOB_CONCURRENCY: '1',
        JOB_LEASE_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitFor('the server to answer', async () => {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`, { signal: AbortSignal.timeout(1000) });
        await response.arrayBuffer();
        return response.status === 200 ? true : undefined;
      } catch {
        return undefined;
      }
    });
    return { child, output: () => output };
  }

  test('kill -9 while it runs: after a restart it runs again and completes once', async () => {
    database = await createTestDatabase();
    const marker = path.join(database.dataDir, 'slow-job.log');
    const read = () => (fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8') : '');

    const first = await startServer();
    const jobID = await enqueueJob(database.handle.db, SLOW_ONCE_JOB, { marker });
    await waitFor('the first attempt to start', () => (read().includes('started 1') ? true : undefined));
    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    const held = await findJobByID(database.handle.db, jobID);
    assert.equal(held?.status, 'running', 'the killed process still holds the job');

    const second = await startServer();
    const done = await waitFor<JobRow>(`the job to complete (${second.output()})`, async () => {
      const job = await findJobByID(database?.handle.db ?? assert.fail(), jobID);
      return job?.status === 'complete' ? job : undefined;
    });
    assert.equal(done.attempts, 2);
    assert.equal(read(), 'started 1\nstarted 2\ncompleted\n', 'one interrupted run, one complete run');
    second.child.kill('SIGTERM');
    await once(second.child, 'exit');
  });
});
