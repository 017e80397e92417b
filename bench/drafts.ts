/**
 * `node bench/drafts.ts [--db sqlite|postgres] [--duration 10] [--connections 16] [--waiting 10000]`
 * Issue 16's targets, measured on the real server (its own process, built like `npm start` without
 * the web build): autosave `PATCH /drafts/{id}` requests per second (bodies of about 1 KB rotated
 * over 64 drafts), and how long after its `dateScheduled` a due draft is published while
 * `--waiting` other scheduled drafts (with their jobs) wait for later dates. The drafts table's
 * size, not the forum's, is what these calls touch, so no forum dataset is seeded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../server/src/platform/db/db.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { insertJobs } from '../server/src/platform/jobs/jobs.repo.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { PUBLISH_SCHEDULED_DRAFT_JOB } from '../server/src/features/drafts/drafts.job-names.ts';
import { PG_BASE, pgUrl } from './measure.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    waiting: { type: 'string', default: '10000' },
    port: { type: 'string', default: '3927' },
  },
});
const usePostgres = values.db === 'postgres';
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-bench-drafts-'));
const pgName = `hearth_bench_drafts_${process.pid}`;
const databaseUrl = usePostgres ? pgUrl(pgName) : undefined;

async function adminClient(): Promise<pg.Client> {
  const client = guardClient(new pg.Client({ connectionString: PG_BASE }));
  await client.connect();
  return client;
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--max-semi-space-size=4', '--heap-growing-percent=50', 'server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: base,
      ADMIN_PASSWORD: 'Bench-Admin-Password-1',
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      JOB_CONCURRENCY: '4',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/v2/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The server did not answer: ${output}`);
}

if (usePostgres) {
  const client = await adminClient();
  await client.query(`create database "${pgName}"`);
  await client.end();
}
const server = await startServer();
const database = openDatabase({ dataDir, databaseUrl });
const db = database.db;
try {
  const admin = await db.selectFrom('users').select('userID').where('name', '=', 'admin').executeTakeFirstOrThrow();
  const token = `va.${randomToken(32)}`;
  await db
    .insertInto('accessTokens')
    .values({ userID: admin.userID, name: 'bench', tokenHash: hashToken(token), dateInserted: nowIso(), dateExpires: isoAfter(6 * 3600) })
    .execute();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-requested-with': 'vanilla' };
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/api/v2${url}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  const category = await call<{ categoryID: number }>('POST', '/categories', { name: 'Bench', urlcode: 'bench' });
  const paragraph = 'Autosaved words of a long reply. '.repeat(30);
  const attributes = (n: number) => ({ body: JSON.stringify([{ type: 'p', children: [{ text: `${paragraph}${n}` }] }]), format: 'rich2', draftType: 'comment' });

  // 1. Autosave throughput.
  const draftIDs: number[] = [];
  for (let index = 0; index < 64; index += 1)
    draftIDs.push((await call<{ draftID: number }>('POST', '/drafts', { recordType: 'comment', parentRecordID: 1, attributes: attributes(index) })).draftID);
  const drive = (seconds: number, method: 'PATCH' | 'GET' = 'PATCH') =>
    new Promise<autocannon.Result>((resolve, reject) => {
      let n = 0;
      const instance = autocannon(
        {
          url: base,
          connections: Number(values.connections),
          duration: seconds,
          requests: [
            {
              method,
              headers,
              setupRequest: (request) => {
                n += 1;
                const path = `/api/v2/drafts/${draftIDs[n % draftIDs.length]}`;
                return method === 'GET' ? { ...request, path } : { ...request, path, body: JSON.stringify({ attributes: attributes(n) }) };
              },
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      instance.on('error', reject);
    });
  await drive(2);
  const load = await drive(Number(values.duration));
  // The same machine's answer to a read of one draft, for scale (a loaded machine lowers both).
  const read = await drive(Number(values.duration), 'GET');
  const autosave = {
    readRequestsPerSecond: Math.round(read.requests.average),
    requestsPerSecond: Math.round(load.requests.average),
    p50: load.latency.p50,
    p99: load.latency.p99,
    non2xx: load.non2xx,
    errors: load.errors,
  };

  // 2. A due draft among `--waiting` scheduled ones.
  const waiting = Number(values.waiting);
  const later = isoAfter(24 * 3600);
  const now = nowIso();
  for (let start = 0; start < waiting; start += 1000) {
    const count = Math.min(1000, waiting - start);
    const rows = Array.from({ length: count }, (_, index) => ({
      recordType: 'discussion',
      recordID: null,
      parentRecordType: 'category',
      parentRecordID: category.categoryID,
      attributes: JSON.stringify({ body: '[]', format: 'rich2', draftMeta: { name: `Later ${start + index}`, categoryID: category.categoryID, postTypeID: 'discussion' } }),
      insertUserID: admin.userID,
      dateInserted: now,
      updateUserID: null,
      dateUpdated: now,
      draftStatus: 'scheduled',
      dateScheduled: later,
      failedReason: null,
    }));
    const inserted = await db.insertInto('drafts').values(rows).returning('draftID').execute();
    await insertJobs(
      db,
      inserted.map((row) => ({ type: PUBLISH_SCHEDULED_DRAFT_JOB, payload: JSON.stringify({ draftID: row.draftID, dateScheduled: later }), runAt: later, maxAttempts: 5, now })),
    );
  }
  await call('PATCH', '/config', { 'drafts.scheduling.minimumLeadSeconds': 0 });
  const delays: number[] = [];
  for (let sample = 0; sample < 5; sample += 1) {
    const name = `Due now ${sample}`;
    const dateScheduled = new Date(Date.now() + 2000).toISOString();
    await call('POST', '/drafts', {
      recordType: 'discussion',
      draftStatus: 'scheduled',
      dateScheduled,
      attributes: { body: JSON.stringify([{ type: 'p', children: [{ text: 'On time.' }] }]), format: 'rich2', draftMeta: { name, categoryID: category.categoryID, postTypeID: 'discussion' } },
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = await db.selectFrom('discussions').select('discussionID').where('name', '=', name).executeTakeFirst();
      if (found) {
        delays.push(Date.now() - Date.parse(dateScheduled));
        break;
      }
      if (Date.now() > deadline) throw new Error(`${name} was not published within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const result = {
    db: values.db,
    autosave,
    publishing: { waitingScheduledDrafts: waiting, delaysAfterDateScheduledMs: delays, maxMs: Math.max(...delays) },
    targets: {
      'autosave PATCH /drafts/{id} ≥ 1000 requests/s': autosave.requestsPerSecond >= 1000,
      'a due draft published within 5 s with the others waiting': Math.max(...delays) <= 5000,
    },
  };
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  if (server.exitCode === null) server.kill('SIGKILL');
  await database.close();
  if (usePostgres) {
    const client = await adminClient();
    await client.query(`drop database if exists "${pgName}" with (force)`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
