import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, createTestDatabase, testDialect, type TestDatabase } from './harness.ts';
import { freePort } from './free-port.ts';

// Issue 18 "every core": the real server with WORKERS=2 (node:cluster) on SQLite and on
// PostgreSQL. A write's answer comes once every worker has emptied what it changed, so a read sent
// at once over another connection, landing on the other worker, is never stale: a guest's cached
// read, a permission change, the settings. Which worker answered is read from its request log line
// (pino's `pid`, matched by the `x-request-id` the test sends); the test waits on log lines and
// answers, never on timers.

const root = path.resolve(import.meta.dirname, '../..');
const STARTUP_LIMIT_MS = 180_000;
const EVENT_LIMIT_MS = 10_000;

interface LogLine {
  pid?: number;
  reqId?: string;
  msg?: string;
  cache?: string;
}

/** The server's JSON log lines as they arrive, and a way to wait for one. */
class LogWatcher {
  readonly lines: LogLine[] = [];
  text = '';
  #waiters: (() => void)[] = [];
  #rest = '';

  constructor(stream: NodeJS.ReadableStream) {
    stream.on('data', (chunk: Buffer) => {
      const text = this.#rest + chunk.toString();
      this.text += chunk.toString();
      const parts = text.split('\n');
      this.#rest = parts.pop() ?? '';
      for (const part of parts) {
        try {
          this.lines.push(JSON.parse(part) as LogLine);
        } catch {
          this.lines.push({ msg: part });
        }
      }
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** Resolves with the first line (from `from` on) matching `test`, or rejects after `ms`. */
  async waitFor(test: (line: LogLine) => boolean, ms: number, from = 0): Promise<LogLine> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.lines.slice(from).find(test);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching log line within ${String(ms)} ms; output:\n${this.text.slice(-3000)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let requestSequence = 0;

/** One request on its own connection (the cluster hands connections to the workers in turn). */
async function send(
  port: number,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer & { requestID: string }> {
  requestSequence += 1;
  const requestID = `workers-test-${String(requestSequence)}`;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const request = http.request({
    host: '127.0.0.1',
    port,
    method,
    path: url,
    agent: false,
    headers: {
      'x-request-id': requestID,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...options.headers,
    },
    timeout: 30_000,
  });
  request.end(payload);
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  let body = '';
  for await (const chunk of response) body += String(chunk);
  return { status: response.statusCode ?? 0, headers: response.headers, body, requestID };
}

describe('several workers (WORKERS=2)', () => {
  let child: ChildProcess;
  let log: LogWatcher;
  let port: number;
  let dataDir: string;
  let database: TestDatabase | undefined;
  let admin: Record<string, string>;
  let discussionID: number;

  /** The worker (pid) that answered a request, from its request log line. */
  const workerOf = async (requestID: string): Promise<number> => {
    const line = await log.waitFor((entry) => entry.reqId === requestID && entry.pid !== undefined, EVENT_LIMIT_MS);
    return line.pid ?? 0;
  };

  /** Reads (a guest's, unless `headers` say) on fresh connections until each worker has answered one; by worker. */
  const readInBothWorkers = async (url: string, headers?: Record<string, string>): Promise<Map<number, Answer[]>> => {
    const byWorker = new Map<number, Answer[]>();
    for (let attempt = 0; attempt < 40 && byWorker.size < 2; attempt += 1) {
      const answer = await send(port, 'GET', url, headers ? { headers } : {});
      const pid = await workerOf(answer.requestID);
      byWorker.set(pid, [...(byWorker.get(pid) ?? []), answer]);
    }
    assert.equal(byWorker.size, 2, 'both workers answered guest reads');
    return byWorker;
  };


  before(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-workers-'));
    if (testDialect === 'postgres') database = await createTestDatabase();
    port = await freePort();
    child = spawn(process.execPath, ['server/src/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${String(port)}`,
        ADMIN_PASSWORD,
        LOG_LEVEL: 'debug',
        WORKERS: '2',
        // Far longer than the test: only the other worker's invalidation can make its reads fresh.
        GUEST_CACHE_SECONDS: '600',
        JOB_CONCURRENCY: '0',
        ...(database?.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    assert.ok(child.stdout);
    log = new LogWatcher(child.stdout);
    child.stderr?.on('data', (chunk: Buffer) => {
      log.text += chunk.toString();
    });
    const running = await log.waitFor((line) => /^Hearth is running/.test(line.msg ?? ''), STARTUP_LIMIT_MS);
    assert.match(running.msg ?? '', /, 2 workers\)$/);
    assert.equal(log.lines.filter((line) => /^Hearth is running/.test(line.msg ?? '')).length, 1, 'one set of start-up lines');

    const site = { 'x-requested-with': 'vanilla', referer: `http://127.0.0.1:${String(port)}/` };
    const signIn = await send(port, 'POST', '/api/v2/authenticate/password', {
      headers: site,
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    assert.equal(signIn.status, 201, signIn.body);
    const cookie = String(signIn.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    admin = { ...site, cookie };
    const categories = JSON.parse((await send(port, 'GET', '/api/v2/categories')).body) as { categoryID: number }[];
    const created = await send(port, 'POST', '/api/v2/discussions', {
      headers: admin,
      body: { name: 'Before', body: 'Hello', format: 'markdown', categoryID: categories[0]?.categoryID },
    });
    assert.equal(created.status, 201, created.body);
    discussionID = (JSON.parse(created.body) as { discussionID: number }).discussionID;
  });

  after(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  test('a guest read cached in both workers is fresh in both after a write through one', async () => {
    const url = `/api/v2/discussions/${String(discussionID)}`;
    // Twice in each worker: the second answer of each comes from that worker's cache.
    await readInBothWorkers(url);
    const cached = await readInBothWorkers(url);
    for (const answers of cached.values()) {
      assert.equal(answers.at(-1)?.headers['x-hearth-cache'], 'hit');
      assert.equal((JSON.parse(answers.at(-1)?.body ?? '{}') as { name: string }).name, 'Before');
    }

    const patch = await send(port, 'PATCH', url, { headers: admin, body: { name: 'After' } });
    assert.equal(patch.status, 200, patch.body);

    // At once, no waiting: the answer came after the other worker emptied its cache.
    const fresh = await readInBothWorkers(url);
    for (const [pid, answers] of fresh) {
      for (const answer of answers)
        assert.equal((JSON.parse(answer.body) as { name: string }).name, 'After', `worker ${String(pid)}`);
    }
  });

  test("a permission change made in one worker is seen by the other (the guest loses discussions.view)", async () => {
    const url = `/api/v2/discussions/${String(discussionID)}`;
    await readInBothWorkers(url);
    const cached = await readInBothWorkers(url);
    for (const answers of cached.values()) assert.equal(answers.at(-1)?.status, 200);

    const roles = JSON.parse((await send(port, 'GET', '/api/v2/roles', { headers: admin })).body) as {
      roleID: number;
      type: string | null;
    }[];
    const guestRole = roles.find((role) => role.type === 'guest');
    assert.ok(guestRole);
    const revoke = await send(port, 'PATCH', `/api/v2/roles/${String(guestRole.roleID)}/permissions`, {
      headers: admin,
      body: [{ type: 'category', id: 0, permissions: { 'discussions.view': false } }],
    });
    assert.equal(revoke.status, 200, revoke.body);

    const after = await readInBothWorkers(url);
    for (const [pid, answers] of after) {
      for (const answer of answers) assert.notEqual(answer.status, 200, `worker ${String(pid)}: ${answer.body}`);
    }
    const restore = await send(port, 'PATCH', `/api/v2/roles/${String(guestRole.roleID)}/permissions`, {
      headers: admin,
      body: [{ type: 'category', id: 0, permissions: { 'discussions.view': true } }],
    });
    assert.equal(restore.status, 200, restore.body);
  });

  test('a setting changed through one worker is read at once from the other (its settings cache)', async () => {
    const url = '/api/v2/config?select=garden.title';
    const title = (answer: Answer | undefined) => (JSON.parse(answer?.body ?? '{}') as Record<string, unknown>)['garden.title'];
    // Each worker reads the settings, so each holds them in its cache (5 s).
    const cached = await readInBothWorkers(url, admin);
    for (const answers of cached.values()) assert.equal(answers.at(-1)?.status, 200, answers.at(-1)?.body);
    const patch = await send(port, 'PATCH', '/api/v2/config', { headers: admin, body: { 'garden.title': 'Renamed forum' } });
    assert.equal(patch.status, 200, patch.body);
    const fresh = await readInBothWorkers(url, admin);
    for (const [pid, answers] of fresh) {
      for (const answer of answers) assert.equal(title(answer), 'Renamed forum', `worker ${String(pid)}`);
    }
  });

  test('a worker that dies is replaced, and the forum keeps answering', async () => {
    const listening = () => log.lines.filter((line) => line.msg?.startsWith('Server listening')).map((line) => line.pid);
    const [victim] = listening();
    assert.ok(victim);
    const from = log.lines.length;
    process.kill(victim, 'SIGKILL');
    const restart = await log.waitFor((line) => line.msg?.includes(`(pid ${String(victim)}) ended with signal SIGKILL`) === true, EVENT_LIMIT_MS, from);
    assert.match(restart.msg ?? '', /; starting another( in 0\.5 s)?\.$/);
    const replacement = await log.waitFor((line) => line.msg?.startsWith('Server listening') === true, STARTUP_LIMIT_MS, from);
    assert.notEqual(replacement.pid, victim);
    // Both the survivor and the replacement answer, with the same data, and a write through either
    // is read at once from the other (the killed worker is not waited for).
    const url = `/api/v2/discussions/${String(discussionID)}`;
    const answers = await readInBothWorkers(url);
    assert.ok(answers.has(replacement.pid ?? 0));
    const patch = await send(port, 'PATCH', url, { headers: admin, body: { name: 'After the kill' } });
    assert.equal(patch.status, 200, patch.body);
    const fresh = await readInBothWorkers(url);
    for (const [pid, list] of fresh) {
      for (const answer of list) assert.equal((JSON.parse(answer.body) as { name: string }).name, 'After the kill', `worker ${String(pid)}`);
    }
    assert.ok(!log.text.includes('did not confirm a cache invalidation'), 'every invalidation was confirmed in time');
  });

  test('SIGTERM to the primary ends every worker', async () => {
    const workers = new Set(
      log.lines.filter((line) => line.msg?.startsWith('Server listening')).map((line) => line.pid),
    );
    assert.equal(workers.size, 3);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
    for (const pid of workers) {
      assert.throws(() => process.kill(pid ?? 0, 0), /ESRCH/, `worker ${String(pid)} ended`);
    }
  });
});
