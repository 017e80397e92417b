/**
 * `npm run bench [-- --scale S|M|L] [--db sqlite|postgres] [--duration 10] [--warmup 3]
 *  [--connections 16] [--build] [--no-frontend] [--cpu-prof <endpoint key>] [--only <keys,…>] [--seed-only]
 *  [--no-guest-cache] [--in-place] [--workers N] [--run-name <name>]`
 *
 * 1. Seeds (or reuses) the deterministic dataset of the scale (bench/seed.ts) into a pristine copy,
 *    then clones it into the run database, so every run starts from the same data.
 * 2. Starts the production server (built assets, NODE_ENV=production) as its own process.
 * 3. Drives each endpoint from a separate process (bench/load.ts, autocannon) after a warm-up,
 *    sampling the server's RSS every 200 ms (bench/measure.ts): guests' reads, then the same reads
 *    as signed-in members (bearer tokens rotated per request, never from the guest cache); measures
 *    the front end in Chromium; the notification fan-out; the drafts' autosave and a due scheduled
 *    draft's publishing (bench/drafts-run.ts); comment creation runs last. Tables and targets:
 *    bench/report.ts.
 * 4. Writes bench/results/<db>-<scale>-<timestamp>.json and prints the tables and the targets.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../server/src/platform/db/db.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { scales, type Scale } from './scales.ts';
import { seedOrReuse, type Target } from './seed.ts';
import type { SeedInfo } from './seed-data.ts';
import { measureFrontEnd, type PageLoad } from './frontend.ts';
import { PG_BASE, pgUrl, runLoad, type EndpointResult } from './measure.ts';
import { evaluateTargets, formatTables } from './report.ts';
import { addMemberNotifications, endFanOut, measureFanOut, prepareFanOut, removeOutbox, type FanOutResult } from './fanout.ts';
import { ensureBuild, startServer, stopServer } from './server.ts';
import { autosaveBodies, measureScheduledPublishing, prepareDrafts, type ScheduledPublishResult } from './drafts-run.ts';
import { measureReports, prepareReports } from './reports-run.ts';
import { profileReads } from './profile-run.ts';

const root = path.resolve(import.meta.dirname, '..');

/** Followers of the fan-out run's category (issue 13: every notification delivered within 5 s). */
const FAN_OUT_FOLLOWERS = 10_000;

interface Options {
  scale: Scale;
  db: 'sqlite' | 'postgres';
  duration: number;
  warmup: number;
  connections: number;
  port: number;
  build: boolean;
  frontend: boolean;
  cpuProf: string | undefined;
  only: Set<string> | undefined;
  seedOnly: boolean;
  guestCache: boolean;
  inPlace: boolean;
  /** Server processes (WORKERS); 1 unless --workers says otherwise. */
  workers: number;
  /** The run copy's own name (`.bench/<db>-<scale>/run-<name>`, `hearth_bench_<scale>_<name>`), so two runs do not share it. */
  runName: string | undefined;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'S' },
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '16' },
      port: { type: 'string', default: '3917' },
      build: { type: 'boolean', default: false },
      'no-frontend': { type: 'boolean', default: false },
      'cpu-prof': { type: 'string' },
      // Comma-separated endpoint keys to run (list, ssrDiscussion, createComment, …); default all.
      only: { type: 'string' },
      'seed-only': { type: 'boolean', default: false },
      'no-guest-cache': { type: 'boolean', default: false },
      // Run on the seeded database itself instead of a copy (saves the disk of a second copy at
      // scale L; the run's tokens and comments stay in the seed).
      'in-place': { type: 'boolean', default: false },
      // WORKERS of the server (issue 18); CPU counts every worker and the primary, RSS the largest one.
      workers: { type: 'string', default: '1' },
      'run-name': { type: 'string' },
    },
  });
  const scale = scales[(values.scale ?? 'S').toUpperCase() as Scale['name']];
  if (!scale) throw new Error(`--scale must be S, M or L (got ${values.scale}).`);
  if (values['run-name'] !== undefined && !/^[a-z0-9_]+$/.test(values['run-name'])) throw new Error(`--run-name must be lower-case letters, digits and _ (got ${values['run-name']}).`);
  if (values.db !== 'sqlite' && values.db !== 'postgres') throw new Error(`--db must be sqlite or postgres (got ${values.db}).`);
  return {
    scale,
    db: values.db,
    duration: values.duration ? Number(values.duration) : scale.duration,
    warmup: Number(values.warmup),
    connections: Number(values.connections),
    port: Number(values.port),
    build: values.build ?? false,
    frontend: !values['no-frontend'],
    cpuProf: values['cpu-prof'],
    only: values.only ? new Set(values.only.split(',').map((key) => key.trim())) : undefined,
    seedOnly: values['seed-only'] ?? false,
    guestCache: !values['no-guest-cache'],
    inPlace: values['in-place'] ?? false,
    workers: Number(values.workers),
    runName: values['run-name'],
  };
}

/** The pristine seeded database and the run's working copy. */
function targets(options: Options): { seed: Target; run: Target } {
  const scale = options.scale.name.toLowerCase();
  if (options.db === 'sqlite') {
    const base = path.join(root, '.bench', `sqlite-${scale}`);
    return {
      seed: { db: 'sqlite', dataDir: path.join(base, 'seed'), databaseUrl: undefined },
      run: { db: 'sqlite', dataDir: path.join(base, options.runName ? `run-${options.runName}` : 'run'), databaseUrl: undefined },
    };
  }
  const dataDir = path.join(root, '.bench', `postgres-${scale}`);
  return {
    seed: { db: 'postgres', dataDir, databaseUrl: pgUrl(`hearth_bench_${scale}_seed`) },
    run: { db: 'postgres', dataDir, databaseUrl: pgUrl(options.runName ? `hearth_bench_${scale}_${options.runName}` : `hearth_bench_${scale}`) },
  };
}

/** Replaces the run database with a copy of the seeded one. */
async function cloneForRun(seed: Target, run: Target): Promise<void> {
  if (seed.db === 'sqlite') {
    fs.rmSync(run.dataDir, { recursive: true, force: true });
    fs.mkdirSync(run.dataDir, { recursive: true });
    fs.copyFileSync(path.join(seed.dataDir, 'hearth.db'), path.join(run.dataDir, 'hearth.db'));
    return;
  }
  const client = guardClient(new pg.Client({ connectionString: PG_BASE }));
  await client.connect();
  try {
    const runName = new URL(run.databaseUrl!).pathname.slice(1);
    const seedName = new URL(seed.databaseUrl!).pathname.slice(1);
    await client.query(`drop database if exists "${runName}" with (force)`);
    await client.query(`create database "${runName}" template "${seedName}"`);
  } finally {
    await client.end();
  }
}

/**
 * Bearer tokens for members (the members' reads and the comment-creation run) and flood control lifted to what a busy
 * member never reaches (20 comments within 1 s; the run spreads posts over hundreds of members),
 * written to the run copy only.
 */
async function prepareRun(run: Target, info: SeedInfo): Promise<string[]> {
  const database = openDatabase({ databaseUrl: run.databaseUrl, dataDir: run.dataDir });
  try {
    const tokens = info.memberIDs.map(() => `va.${randomToken(32)}`);
    await database.db
      .insertInto('accessTokens')
      .values(info.memberIDs.map((userID, index) => ({ userID, name: 'bench', tokenHash: hashToken(tokens[index]!), dateInserted: nowIso(), dateExpires: isoAfter(6 * 3600) })))
      .execute();
    for (const [configKey, value] of [
      ['floodControl.comments.count', 20],
      ['floodControl.comments.seconds', 1],
      ['floodControl.comments.lockSeconds', 1],
    ] as const) {
      await database.db
        .insertInto('config')
        .values({ configKey, value: JSON.stringify(value), dateUpdated: nowIso() })
        .onConflict((oc) => oc.column('configKey').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
    return tokens;
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const started = performance.now();
  const { seed, run: copy } = targets(options);
  const run = options.inPlace ? seed : copy;
  log(`Hearth bench: scale ${options.scale.name}, ${options.db}, ${options.duration} s per endpoint after a ${options.warmup} s warm-up, ${options.connections} connections, guest cache ${options.guestCache ? 'on' : 'off'}.`);
  const { info, reused } = await seedOrReuse(seed, options.scale, log);
  if (reused) log(`Reusing the seeded database (seeded ${info.seededAt} in ${info.seedSeconds} s).`);
  if (options.seedOnly) return;
  if (!options.inPlace) await cloneForRun(seed, run);
  const tokens = await prepareRun(run, info);
  ensureBuild(options.build, log);

  const cpuProfDir = options.cpuProf ? path.join(root, 'bench', 'results', 'profiles') : undefined;
  const server = await startServer(run, options.port, cpuProfDir, options.guestCache, options.workers);
  const base = `http://127.0.0.1:${options.port}`;
  const endpoints: EndpointResult[] = [];
  let frontEnd: PageLoad[] = [];
  let fanOut: FanOutResult | undefined;
  let scheduledPublish: ScheduledPublishResult | undefined;
  let reportsSeed: { reports: number; queueEntries: number; seconds: number } | undefined;
  try {
    const discussion = (await (await fetch(`${base}/api/v2/discussions/${info.discussionID}`)).json()) as { url: string };
    const discussionPath = new URL(discussion.url).pathname;
    // Members' reads carry a bearer token (rotated per request over the run's members), so they
    // never come from the guest cache: the whole work on every request, as members get it.
    const reads: { key: string; label: string; path: string; member?: true }[] = [
      { key: 'list', label: 'discussion list JSON (guest, limit=30)', path: '/api/v2/discussions?limit=30' },
      { key: 'categoryList', label: "a category's list JSON", path: `/api/v2/discussions?categoryID=${info.categoryID}&limit=30` },
      { key: 'discussion', label: 'discussion JSON', path: `/api/v2/discussions/${info.discussionID}` },
      { key: 'discussionComments', label: 'its 20 comments JSON', path: `/api/v2/comments?discussionID=${info.discussionID}&limit=30` },
      { key: 'commentsPage1', label: 'long discussion, comments page 1', path: `/api/v2/comments?discussionID=${info.longDiscussionID}&page=1&limit=30` },
      { key: 'commentsPage50', label: 'long discussion, comments page 50', path: `/api/v2/comments?discussionID=${info.longDiscussionID}&page=50&limit=30` },
      { key: 'ssrDiscussion', label: 'SSR discussion page HTML', path: discussionPath },
      { key: 'ssrList', label: 'SSR list page HTML (/discussions)', path: '/discussions' },
      { key: 'categories', label: '/api/v2/categories', path: '/api/v2/categories' },
      { key: 'memberList', label: 'discussion list JSON (member, limit=30)', path: '/api/v2/discussions?limit=30', member: true },
      { key: 'memberDiscussion', label: 'discussion JSON (member)', path: `/api/v2/discussions/${info.discussionID}`, member: true },
      { key: 'memberComments', label: 'its 20 comments JSON (member)', path: `/api/v2/comments?discussionID=${info.discussionID}&limit=30`, member: true },
      { key: 'memberSsrDiscussion', label: 'SSR discussion page HTML (member)', path: discussionPath, member: true },
      { key: 'memberSsrList', label: 'SSR list page HTML (member)', path: '/discussions', member: true },
    ];
    if (['profileDiscussions', 'profileSsr'].some((key) => (!options.cpuProf || options.cpuProf === key) && (!options.only || options.only.has(key))))
      reads.push(...(await profileReads(run)));
    if (!options.cpuProf || options.cpuProf === 'memberNotifications') {
      if (!options.only || options.only.has('memberNotifications')) {
        await addMemberNotifications(run, info.memberIDs, 30);
        reads.push({ key: 'memberNotifications', label: 'GET /api/v2/notifications (member)', path: '/api/v2/notifications', member: true });
      }
    }
    for (const read of reads) {
      if (options.cpuProf && options.cpuProf !== read.key) continue;
      if (options.only && !options.only.has(read.key)) continue;
      const check = await fetch(`${base}${read.path}`, read.member ? { headers: { authorization: `Bearer ${tokens[0]!}` } } : {});
      if (!check.ok) log(`  warning: ${read.path} answered ${check.status}`);
      if (check.headers.has('x-www-authenticate')) log(`  warning: ${read.path} refused the member's token`);
      await check.arrayBuffer();
      const result = await runLoad(
        read.key,
        read.label,
        {
          url: `${base}${read.path}`,
          method: 'GET',
          connections: options.connections,
          warmupSeconds: options.warmup,
          durationSeconds: options.duration,
          ...(read.member ? { tokens } : {}),
        },
        server.pid!,
        read.path,
        run,
      );
      endpoints.push(result);
      log(`  ${read.label}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors} errors, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms, peak RSS ${result.peakRssMb} MB per process (${result.peakRssTotalMb ?? '–'} MB together)`);
    }
    if (options.frontend && !options.cpuProf && !options.only) {
      frontEnd = await measureFrontEnd(base, [
        { label: 'discussion page', path: discussionPath },
        { label: 'list page', path: '/discussions' },
        { label: 'home page', path: '/' },
        { label: 'categories page', path: '/categories' },
        { label: 'category page', path: `/categories/${info.categoryID}` },
      ]);
      log('  front end measured');
    }
    if ((!options.cpuProf || options.cpuProf === 'fanOut') && (!options.only || options.only.has('fanOut'))) {
      const followers = await prepareFanOut(run, info, FAN_OUT_FOLLOWERS);
      fanOut = await measureFanOut(base, run, info, tokens[0]!, server.pid!, followers.length);
      await endFanOut(run, info);
      log(`  fan-out: ${fanOut.delivered} notifications to ${fanOut.followers} followers in ${fanOut.deliveredSeconds} s (CPU: server ${fanOut.serverCpuMs} ms, database ${fanOut.databaseCpuMs ?? '–'} ms); ${fanOut.emails} e-mails in ${fanOut.emailedSeconds ?? 'more than 180'} s`);
    }
    const wants = (key: string) => (!options.cpuProf || options.cpuProf === key) && (!options.only || options.only.has(key));
    if (wants('autosave') || wants('scheduledPublish')) {
      const drafts = await prepareDrafts(run, info);
      if (wants('autosave')) {
        const result = await runLoad(
          'autosave',
          'autosave PATCH /api/v2/drafts/{id} (member)',
          { url: base, method: 'PATCH', connections: options.connections, warmupSeconds: Math.min(options.warmup, 2), durationSeconds: options.duration, bodies: autosaveBodies(), tokens, paths: drafts.paths },
          server.pid!,
          '/api/v2/drafts/{id}',
          run,
        );
        endpoints.push(result);
        log(`  autosave: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors} errors ${JSON.stringify(result.statusCodes)}, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms`);
      }
      if (wants('scheduledPublish')) {
        scheduledPublish = await measureScheduledPublishing(base, info, drafts.adminToken);
        log(`  scheduled publishing: due drafts published ${scheduledPublish.delaysMs.join(', ')} ms after their time, ${scheduledPublish.waiting} others waiting`);
      }
    }
    const reportKeys = ['reportsList', 'reportsListDefault', 'approvalQueue', 'editWithoutRevision', 'editWithRevision'];
    if (reportKeys.some(wants)) {
      const prepared = await prepareReports(run, info.memberIDs);
      log(`  reports: ${prepared.reports} open reports (${prepared.queueEntries} approval-required) written in ${prepared.seedSeconds} s`);
      reportsSeed = { reports: prepared.reports, queueEntries: prepared.queueEntries, seconds: prepared.seedSeconds };
      const settings = { base, connections: options.connections, warmup: options.warmup, duration: options.duration, pid: server.pid!, run, wants, log };
      endpoints.push(...(await measureReports(settings, prepared)));
    }
    if ((!options.cpuProf || options.cpuProf === 'createComment') && (!options.only || options.only.has('createComment'))) {
      const bodies = info.sinkDiscussionIDs.flatMap((discussionID, index) => [
        JSON.stringify({ discussionID, format: 'markdown', body: `Benchmark reply ${index}: thanks, **that worked** for us too. See [the guide](https://example.com/guide).` }),
        JSON.stringify({ discussionID, format: 'markdown', body: `Another data point from run ${index}:\n\n- restarted the service\n- cleared the cache\n\nStill slow on mobile.` }),
      ]);
      const result = await runLoad(
        'createComment',
        'POST /api/v2/comments (member)',
        { url: `${base}/api/v2/comments`, method: 'POST', connections: options.connections, warmupSeconds: Math.min(options.warmup, 2), durationSeconds: options.duration, bodies, tokens },
        server.pid!,
        '/api/v2/comments',
        run,
      );
      endpoints.push(result);
      log(`  comment creation: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors} errors ${JSON.stringify(result.statusCodes)}, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms`);
    }
  } finally {
    await stopServer(server);
    if (fanOut) removeOutbox(run);
  }

  const targetsMet = evaluateTargets(endpoints, frontEnd, fanOut, scheduledPublish);
  const totalSeconds = Math.round((performance.now() - started) / 1000);
  const result = {
    scale: options.scale.name,
    db: options.db,
    date: nowIso(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? '', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    settings: { duration: options.duration, warmup: options.warmup, connections: options.connections, guestCache: options.guestCache },
    seed: { reused, seconds: info.seedSeconds, counts: info.counts },
    totalSeconds,
    endpoints,
    frontEnd,
    fanOut: fanOut ?? null,
    scheduledPublish: scheduledPublish ?? null,
    reportsSeed: reportsSeed ?? null,
    targets: targetsMet,
  };
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${options.db}-${options.scale.name}${options.guestCache ? '' : '-nocache'}-${result.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  log('');
  log(formatTables(result));
  log('');
  log(`Seed: ${reused ? 'reused' : 'seeded'} (${info.seedSeconds} s to seed). Whole run: ${totalSeconds} s. Results: ${path.relative(root, file)}`);
  if (cpuProfDir) log(`CPU profile of the server: ${path.relative(root, cpuProfDir)}`);
}

if (import.meta.main) {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  }
}
