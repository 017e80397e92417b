import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from './harness.ts';
import { freePort } from './free-port.ts';

// Issue 11 item 6: the real server (`node server/src/main.ts`, SQLite) whose standard output's
// reader goes away must keep answering and must end within 10 s of SIGTERM.

const root = path.resolve(import.meta.dirname, '../..');

/** GET /api/v2/health with a time limit; the status, or the error's code when nothing answers. */
async function health(port: number): Promise<number | string> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`, {
      signal: AbortSignal.timeout(2000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    return error instanceof Error ? error.name : String(error);
  }
}

/** Polls the health check until it answers 200 (at most `attempts` tries, each bounded). */
async function waitForHealth(
  port: number,
  child: ChildProcess,
  attempts = 150,
): Promise<number | string> {
  let last: number | string = 'never asked';
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (child.exitCode !== null) return `exited with ${child.exitCode}`;
    last = await health(port);
    if (last === 200) return last;
    // Between tries, wait for the child to print something or for a short timer, whichever first.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}

/** Resolves with the exit code or signal when the child ends, or with 'still running' after `ms`. */
async function exitWithin(child: ChildProcess, ms: number): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null)
    return `exited ${child.exitCode ?? child.signalCode}`;
  const timer = new Promise<string>((resolve) =>
    setTimeout(() => resolve('still running'), ms).unref(),
  );
  const exited = once(child, 'exit').then(([code, signal]) => `exited ${String(code ?? signal)}`);
  return Promise.race([timer, exited]);
}

// The spawned server runs on SQLite: the PostgreSQL run of the API suite skips this file.
describe('the server process', { skip: testDialect === 'postgres' }, () => {
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  after(() => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function start(
    extra: NodeJS.ProcessEnv = {},
  ): Promise<{ child: ChildProcess; port: number; stderr: () => string }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-process-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Admin-Password-123!',
      LOG_LEVEL: 'info',
      GUEST_CACHE_SECONDS: '0',
      // One process, as these tests were written for (several: server/test/workers.api.test.ts).
      WORKERS: '1',
      ...extra,
    };
    const child = spawn(process.execPath, ['server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    return { child, port, stderr: () => errors };
  }

  test('keeps answering when the reader of its standard output closes, and SIGTERM ends it within 10 s', async () => {
    const { child, port, stderr } = await start();
    const stdout = child.stdout;
    assert.ok(stdout);
    // The reader takes the first few bytes, then goes away (like `npm start | head -c 10`).
    await once(stdout, 'readable');
    stdout.read(10);
    stdout.destroy();

    assert.equal(
      await waitForHealth(port, child),
      200,
      `health after the log reader closed; stderr: ${stderr()}`,
    );
    // Many requests, each logged twice, into the closed pipe.
    for (let index = 0; index < 50; index += 1)
      assert.equal(await health(port), 200, `request ${index}`);

    child.kill('SIGTERM');
    assert.match(await exitWithin(child, 10_000), /^exited/, `SIGTERM; stderr: ${stderr()}`);
  });

  test('in production without BASE_URL it warns at start (issue 11 item 16)', async () => {
    const { child, stderr } = await start({ NODE_ENV: 'production' });
    const stdout = child.stdout;
    assert.ok(stdout);
    let printed = '';
    for await (const chunk of stdout) {
      printed += String(chunk);
      if (printed.includes('Hearth is running')) break;
    }
    assert.match(
      printed,
      /Warning: BASE_URL is not set\./,
      `stdout: ${printed}; stderr: ${stderr()}`,
    );
    child.kill('SIGTERM');
    assert.match(await exitWithin(child, 10_000), /^exited/);
  });

  test('keeps answering when the reader of its standard output stops reading, and SIGTERM ends it within 10 s', async () => {
    const { child, port, stderr } = await start();
    const stdout = child.stdout;
    assert.ok(stdout);
    // The reader is alive but reads nothing: the pipe fills up (a parent that stopped reading).
    stdout.pause();
    assert.equal(await waitForHealth(port, child), 200, `health; stderr: ${stderr()}`);
    // Enough logged requests to fill a 64 KB pipe several times over.
    for (let index = 0; index < 600; index += 1)
      assert.equal(await health(port), 200, `request ${index}`);

    child.kill('SIGTERM');
    assert.match(await exitWithin(child, 10_000), /^exited/, `SIGTERM; stderr: ${stderr()}`);
  });
});
