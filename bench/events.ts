/**
 * Event streams (issue 13 targets): one server process holds `--streams` open `GET /api/v2/events`
 * streams of signed-in members (its RSS: target < 400 MB at 5,000), and comments posted through a
 * second process on the same PostgreSQL reach the readers of their discussion in the first (time
 * from sending the POST to the `comment` event on each reader's stream: target p99 ≤ 1 s).
 *
 * `node bench/events.ts [--db postgres|sqlite] [--streams 5000] [--users 1000] [--readers 100]
 *  [--events 100] [--interval 200]`
 *
 * A fresh database (`hearth_bench_events`, or `.bench/events-sqlite`): installed, `--users`
 * members with bearer tokens (each holds streams/users streams, under the 8 per reader), one
 * discussion. `--readers` of the streams read that discussion (`?discussionID=`). On SQLite only
 * the memory part runs (no second process shares events there).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import type { Insertable } from 'kysely';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';
import type { Database } from '../server/src/platform/db/schema.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { cpuSpentMs, cpuTicks, pgUrl, serverProcesses } from './measure.ts';
import { insertChunked } from './seed-posts.ts';
import { benchEnv, type Target } from './seed.ts';
import { startServer, stopServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    streams: { type: 'string', default: '5000' },
    users: { type: 'string', default: '1000' },
    readers: { type: 'string', default: '100' },
    events: { type: 'string', default: '100' },
    interval: { type: 'string', default: '200' },
  },
});
const STREAMS = Number(args.streams);
const USERS = Number(args.users);
const READERS = Math.min(Number(args.readers), STREAMS);
const EVENTS = Number(args.events);
const INTERVAL_MS = Number(args.interval);
const isPg = args.db === 'postgres';
const log = (line: string): void => void process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const target: Target = {
  db: isPg ? 'postgres' : 'sqlite',
  dataDir: path.join(root, '.bench', `events-${isPg ? 'postgres' : 'sqlite'}`),
  databaseUrl: isPg ? pgUrl('hearth_bench_events') : undefined,
};

async function freshDatabase(): Promise<void> {
  fs.rmSync(target.dataDir, { recursive: true, force: true });
  fs.mkdirSync(target.dataDir, { recursive: true });
  if (!isPg) return;
  const client = guardClient(new pg.Client({ connectionString: pgUrl('postgres') }));
  await client.connect();
  try {
    await client.query('drop database if exists hearth_bench_events with (force)');
    await client.query('create database hearth_bench_events');
  } finally {
    await client.end();
  }
}

/** Installs Hearth, adds the members and their tokens (and the admin's); lifts flood control. */
async function prepare(): Promise<{ tokens: string[]; adminToken: string; categoryID: number }> {
  const config = loadConfig({ ...benchEnv(target) });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(database, config, () => {});
    const { db } = database;
    const bool = (value: boolean): boolean => (isPg ? value : ((value ? 1 : 0) as unknown as boolean));
    const roles = await db.selectFrom('roles').select(['roleID', 'type']).execute();
    const memberRole = roles.find((role) => role.type === 'member')?.roleID;
    const adminRole = roles.find((role) => role.type === 'administrator')?.roleID;
    if (memberRole === undefined || adminRole === undefined) throw new Error('No member or administrator role.');
    const admin = await db.selectFrom('userRoles').select('userID').where('roleID', '=', adminRole).executeTakeFirstOrThrow();
    const users: Insertable<Database['users']>[] = Array.from({ length: USERS }, (_, index) => ({
      name: `streamer${String(index + 1)}`,
      email: `streamer${String(index + 1)}@example.test`,
      password: 'x',
      emailConfirmed: bool(true),
      photo: null,
      title: null,
      insertIPAddress: null,
      lastIPAddress: null,
      inviteUserID: null,
      dateInserted: nowIso(),
      dateLastActive: nowIso(),
      dateUpdated: null,
    }));
    const userIDs: number[] = [];
    await insertChunked(users, 1000, async (chunk) => {
      const rows = await db.insertInto('users').values(chunk).returning('userID').execute();
      userIDs.push(...rows.map((row) => row.userID));
    });
    await insertChunked(userIDs, 1000, (chunk) => db.insertInto('userRoles').values(chunk.map((userID) => ({ userID, roleID: memberRole }))).execute());
    const tokens = userIDs.map(() => `va.${randomToken(32)}`);
    const adminToken = `va.${randomToken(32)}`;
    const tokenRows = [...userIDs.map((userID, index) => ({ userID, token: tokens[index]! })), { userID: admin.userID, token: adminToken }].map(({ userID, token }) => ({
      userID,
      name: 'bench',
      tokenHash: hashToken(token),
      dateInserted: nowIso(),
      dateExpires: isoAfter(6 * 3600),
    }));
    await insertChunked(tokenRows, 1000, (chunk) => db.insertInto('accessTokens').values(chunk).execute());
    for (const [configKey, value] of [
      ['floodControl.comments.count', 1000],
      ['floodControl.comments.seconds', 1],
    ] as const) {
      await db
        .insertInto('config')
        .values({ configKey, value: JSON.stringify(value), dateUpdated: nowIso() })
        .onConflict((oc) => oc.column('configKey').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
    const category = await db.selectFrom('categories').select('categoryID').where('categoryID', '>', 0).orderBy('categoryID').executeTakeFirstOrThrow();
    return { tokens, adminToken, categoryID: category.categoryID };
  } finally {
    await database.close();
  }
}

async function post<T>(port: number, token: string, url: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`http://127.0.0.1:${String(port)}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** One open stream; `onComment` hears each `comment` event's commentID. */
interface Stream {
  request: http.ClientRequest;
  response: http.IncomingMessage;
}

function openStream(port: number, token: string, query: string, onComment: (commentID: number) => void): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: `/api/v2/events${query}`, agent: false, headers: { accept: 'text/event-stream', authorization: `Bearer ${token}` } },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          reject(new Error(`stream answered ${String(response.statusCode)}`));
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (message.includes('event: comment\n')) {
              const data = /\ndata: (.*)/.exec(message)?.[1];
              if (data) onComment((JSON.parse(data) as { commentID: number }).commentID);
            }
            end = buffer.indexOf('\n\n');
          }
        });
        resolve({ request, response });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function rssOf(pid: number): number {
  return serverProcesses(pid).reduce((sum, id) => {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${String(id)}/status`, 'utf8'));
    return sum + (match ? Number(match[1]) / 1024 : 0);
  }, 0);
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  log(`Event streams bench on ${target.db}: ${String(STREAMS)} streams of ${String(USERS)} members, ${String(READERS)} reading one discussion`);
  await freshDatabase();
  const { tokens, adminToken, categoryID } = await prepare();
  const servers: ChildProcess[] = [];
  const streams: Stream[] = [];
  try {
    const holder = await startServer(target, 3941, undefined, true);
    servers.push(holder);
    const poster = isPg ? await startServer(target, 3942, undefined, true) : holder;
    if (isPg) servers.push(poster);
    const posterPort = isPg ? 3942 : 3941;
    const discussion = await post<{ discussionID: number }>(posterPort, adminToken, '/api/v2/discussions', {
      name: 'Live bench',
      body: 'Streams read this.',
      format: 'markdown',
      categoryID,
    });
    if (discussion.status !== 201) throw new Error(`POST /discussions answered ${String(discussion.status)}`);
    const discussionID = discussion.json.discussionID;
    await sleep(2000);
    const rssBefore = rssOf(holder.pid!);

    const arrivals = new Map<number, number[]>();
    const heard = (commentID: number) => {
      let list = arrivals.get(commentID);
      if (!list) arrivals.set(commentID, (list = []));
      list.push(performance.now());
    };
    const holderCpu = () => cpuTicks(serverProcesses(holder.pid!));
    const cpuBeforeOpening = holderCpu();
    const openStarted = performance.now();
    let refused = 0;
    for (let start = 0; start < STREAMS; start += 100) {
      const batch = Array.from({ length: Math.min(100, STREAMS - start) }, (_, offset) => start + offset);
      const opened = await Promise.allSettled(
        batch.map((index) =>
          openStream(3941, tokens[index % tokens.length]!, index < READERS ? `?discussionID=${String(discussionID)}` : '', index < READERS ? heard : () => {}),
        ),
      );
      for (const result of opened) {
        if (result.status === 'fulfilled') streams.push(result.value);
        else refused += 1;
      }
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    const openingCpuMs = cpuSpentMs(cpuBeforeOpening, holderCpu());
    log(`  opened ${String(streams.length)} streams in ${openSeconds.toFixed(1)} s (${String(refused)} refused); holder CPU ${String(openingCpuMs)} ms (${(openingCpuMs / Math.max(1, streams.length)).toFixed(2)} ms per stream)`);
    await sleep(5000);
    const rssHolding = rssOf(holder.pid!);
    log(`  holder RSS: ${rssBefore.toFixed(0)} MB before, ${rssHolding.toFixed(0)} MB holding them (${(((rssHolding - rssBefore) * 1024) / Math.max(1, streams.length)).toFixed(1)} KB per stream)`);

    const fromSend: number[] = [];
    const fromAnswer: number[] = [];
    let missing = 0;
    let peakRss = rssHolding;
    const readers = streams.filter((_, index) => index < READERS).length;
    let cpuBeforeEvents = holderCpu();
    if (isPg || READERS > 0) {
      // Five comments first, not counted: the first requests of each process compile their paths.
      for (let event = -5; event < EVENTS; event += 1) {
        const sent = performance.now();
        const comment = await post<{ commentID: number }>(posterPort, adminToken, '/api/v2/comments', {
          discussionID,
          body: `Live comment ${String(event)}`,
          format: 'markdown',
        });
        const answered = performance.now();
        if (comment.status !== 201) throw new Error(`POST /comments answered ${String(comment.status)}`);
        const deadline = performance.now() + 5000;
        while ((arrivals.get(comment.json.commentID)?.length ?? 0) < readers && performance.now() < deadline) await sleep(5);
        const times = arrivals.get(comment.json.commentID) ?? [];
        if (event < 0) {
          cpuBeforeEvents = holderCpu();
          continue;
        }
        missing += readers - times.length;
        for (const time of times) {
          fromSend.push(time - sent);
          fromAnswer.push(Math.max(0, time - answered));
        }
        if (event % 20 === 0) peakRss = Math.max(peakRss, rssOf(holder.pid!));
        await sleep(Math.max(0, INTERVAL_MS - (performance.now() - sent)));
      }
    }
    const eventsCpuMs = cpuSpentMs(cpuBeforeEvents, holderCpu());
    fromSend.sort((a, b) => a - b);
    fromAnswer.sort((a, b) => a - b);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    log(`  ${String(EVENTS)} comments posted through ${isPg ? 'the other process' : 'the same process'}, ${String(readers)} readers each: ${String(fromSend.length)} deliveries, ${String(missing)} missing after 5 s`);
    log(`  holder CPU while delivering: ${String(eventsCpuMs)} ms (${(eventsCpuMs / Math.max(1, fromSend.length)).toFixed(2)} ms per delivery, heartbeats included)`);
    log(`  delivery from sending the POST: p50 ${ms(percentile(fromSend, 50))}, p95 ${ms(percentile(fromSend, 95))}, p99 ${ms(percentile(fromSend, 99))}, max ${ms(fromSend.at(-1) ?? Number.NaN)}`);
    log(`  delivery after its 201: p50 ${ms(percentile(fromAnswer, 50))}, p99 ${ms(percentile(fromAnswer, 99))}, max ${ms(fromAnswer.at(-1) ?? Number.NaN)}`);
    log(`  holder peak RSS during the events: ${peakRss.toFixed(0)} MB; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
    const targets = [
      [`${String(STREAMS)} open streams in one process < 400 MB RSS`, streams.length === STREAMS && peakRss < 400, `${String(streams.length)} open, ${peakRss.toFixed(0)} MB`],
      ...(isPg ? [['an event reaches a stream in another process, p99 ≤ 1 s', missing === 0 && percentile(fromSend, 99) <= 1000, `p99 ${ms(percentile(fromSend, 99))}, ${String(missing)} missing`]] : []),
    ] as const;
    for (const [name, met, value] of targets) log(`  target: ${name}: ${met ? 'met' : 'MISSED'} (${value})`);
  } finally {
    for (const stream of streams) stream.request.destroy();
    for (const server of servers) await stopServer(server);
  }
}

await main();
