/**
 * `npm run bench [-- --scale S|M|L] [--db sqlite|postgres] [--duration 10] [--warmup 3]
 *  [--connections 16] [--build] [--no-frontend] [--cpu-prof <endpoint key>] [--only <keys,…>] [--seed-only]
 *  [--no-guest-cache] [--in-place]`
 *
 * 1. Seeds (or reuses) the deterministic dataset of the scale (bench/seed.ts) into a pristine copy,
 *    then clones it into the run database, so every run starts from the same data.
 * 2. Starts the production server (built assets, NODE_ENV=production) as its own process.
 * 3. Drives each endpoint from a separate process (bench/load.ts, autocannon) after a warm-up,
 *    sampling the server's RSS every 200 ms; measures the front end in Chromium; comment creation
 *    runs last.
 * 4. Writes bench/results/<db>-<scale>-<timestamp>.json and prints the tables and the targets.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
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
import { benchEnv, seedOrReuse, type SeedInfo, type Target } from './seed.ts';
import type { LoadResult, LoadSpec } from './load.ts';
import { measureFrontEnd, type PageLoad } from './frontend.ts';

const root = path.resolve(import.meta.dirname, '..');
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

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
    },
  });
  const scale = scales[(values.scale ?? 'S').toUpperCase() as Scale['name']];
  if (!scale) throw new Error(`--scale must be S, M or L (got ${values.scale}).`);
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
  };
}

function pgUrl(database: string): string {
  const url = new URL(PG_BASE);
  url.pathname = `/${database}`;
  return url.toString();
}

/** The pristine seeded database and the run's working copy. */
function targets(options: Options): { seed: Target; run: Target } {
  const scale = options.scale.name.toLowerCase();
  if (options.db === 'sqlite') {
    const base = path.join(root, '.bench', `sqlite-${scale}`);
    return {
      seed: { db: 'sqlite', dataDir: path.join(base, 'seed'), databaseUrl: undefined },
      run: { db: 'sqlite', dataDir: path.join(base, 'run'), databaseUrl: undefined },
    };
  }
  const dataDir = path.join(root, '.bench', `postgres-${scale}`);
  return {
    seed: { db: 'postgres', dataDir, databaseUrl: pgUrl(`hearth_bench_${scale}_seed`) },
    run: { db: 'postgres', dataDir, databaseUrl: pgUrl(`hearth_bench_${scale}`) },
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
 * Bearer tokens for members (the comment-creation run) and flood control lifted to what a busy
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

function ensureBuild(force: boolean, log: (line: string) => void): void {
  const ready = fs.existsSync(path.join(root, 'dist/web/index.html')) && fs.existsSync(path.join(root, 'dist/server-entry/entry-server.js'));
  if (ready && !force) return;
  log('Building the web app (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed.');
}

async function startServer(run: Target, port: number, cpuProfDir: string | undefined, guestCache: boolean): Promise<ChildProcess> {
  // The V8 flags of `npm start` (package.json): a 4 MB young generation semi-space keeps the
  // process's RSS under 250 MB (default 16 MB: ~320 MB after a few read runs, same throughput), and
  // the old generation grows by half instead of V8's default factor (up to 4×) before the next
  // collection (uncached page renders: peak RSS ~270 MB instead of ~380 MB, same CPU).
  const args = ['--max-semi-space-size=4', '--heap-growing-percent=50', ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []), 'server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      ...benchEnv(run),
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...(guestCache ? {} : { GUEST_CACHE_SECONDS: '0' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited: ${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer within 60 s: ${output}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface EndpointResult extends LoadResult {
  key: string;
  label: string;
  method: string;
  path: string;
  peakRssMb: number;
  /**
   * CPU time per request (user + system, warm-up included) of the server process and, on
   * PostgreSQL, of the database's backends for the run database. Unlike req/s, these hardly move
   * when something else runs on the machine: they compare changes on a busy machine.
   */
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** Cumulative CPU ticks (user + system) of each process still alive. */
function cpuTicks(pids: readonly number[]): Map<number, number> {
  const ticks = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command name: utime and stime are fields 14 and 15 (proc(5)).
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // exited
    }
  }
  return ticks;
}

/** Milliseconds of CPU spent since `before` by the processes of `after` (new ones count in full). */
function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks * CLOCK_TICK_MS;
}

/** The PostgreSQL backends serving the run database (an empty list on SQLite). */
async function databaseBackends(run: Target): Promise<number[]> {
  if (!run.databaseUrl) return [];
  const client = guardClient(new pg.Client({ connectionString: pgUrl('postgres') }));
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
      new URL(run.databaseUrl).pathname.slice(1),
    ]);
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Runs bench/load.ts for one endpoint, sampling the server's RSS during the measured part. */
async function runLoad(key: string, label: string, spec: LoadSpec, serverPid: number, path_: string, run: Target): Promise<EndpointResult> {
  const file = path.join(os.tmpdir(), `hearth-bench-${process.pid}-${key}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  // CPU counted over the measured part only (from READY, after the warm-up).
  let cpuBefore: Promise<{ server: Map<number, number>; database: Map<number, number> }> | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (!sampler && output.includes('READY')) {
      peak = rssMb(serverPid);
      sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 200);
      const server = cpuTicks([serverPid]);
      cpuBefore = databaseBackends(run).then((pids) => ({ server, database: cpuTicks(pids) }));
    }
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (sampler) clearInterval(sampler);
  fs.rmSync(file, { force: true });
  const line = output.split('\n').find((row) => row.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`The load generator failed for ${key} (exit ${code}): ${output}`);
  const result = JSON.parse(line) as LoadResult;
  const before = await cpuBefore;
  const serverSpent = before ? cpuSpentMs(before.server, cpuTicks([serverPid])) : 0;
  const databaseSpent = run.databaseUrl && before ? cpuSpentMs(before.database, cpuTicks(await databaseBackends(run))) : null;
  const requests = Math.max(1, result.requests);
  const perRequest = (spent: number) => Math.round((spent / requests) * 1000) / 1000;
  return {
    key,
    label,
    method: spec.method,
    path: path_,
    ...result,
    peakRssMb: Math.round(peak),
    serverCpuMs: perRequest(serverSpent),
    databaseCpuMs: databaseSpent === null ? null : perRequest(databaseSpent),
  };
}

interface Target_ {
  name: string;
  met: boolean | null;
  value: string;
}

export function evaluateTargets(endpoints: EndpointResult[], pages: PageLoad[]): Target_[] {
  const by = (key: string) => endpoints.find((row) => row.key === key);
  const out: Target_[] = [];
  const rate = (key: string, name: string, minRps: number, maxP99?: number) => {
    const row = by(key);
    if (!row) return;
    const met = row.requestsPerSecond >= minRps && (maxP99 === undefined || row.p99 <= maxP99) && row.errors === 0;
    out.push({ name, met, value: `${row.requestsPerSecond} req/s, p99 ${row.p99} ms, ${row.errors} errors` });
  };
  rate('list', 'guest discussion list JSON ≥ 5,000 req/s, p99 ≤ 20 ms (target is at L)', 5000, 20);
  // "A discussion with comments" is two calls (the discussion, its 20 comments): both must reach it.
  const discussionCalls = ['discussion', 'discussionComments'].map(by).filter((row) => row !== undefined);
  if (discussionCalls.length > 0) {
    const slower = discussionCalls.reduce((a, b) => (b.requestsPerSecond < a.requestsPerSecond ? b : a));
    out.push({
      name: 'discussion with comments JSON ≥ 4,000 req/s (each of the two calls)',
      met: slower.requestsPerSecond >= 4000 && discussionCalls.every((row) => row.errors === 0),
      value: discussionCalls.map((row) => `${row.key} ${row.requestsPerSecond} req/s`).join(', '),
    });
  }
  rate('ssrDiscussion', 'SSR discussion page ≥ 1,500 req/s, p99 ≤ 40 ms', 1500, 40);
  const page1 = by('commentsPage1');
  const page50 = by('commentsPage50');
  if (page1 && page50) {
    out.push({
      name: 'comment page 50 within 1.5× of page 1 (req/s and p99)',
      met: page50.requestsPerSecond * 1.5 >= page1.requestsPerSecond && page50.p99 <= page1.p99 * 1.5,
      value: `page 1 ${page1.requestsPerSecond} req/s p99 ${page1.p99} ms; page 50 ${page50.requestsPerSecond} req/s p99 ${page50.p99} ms`,
    });
  }
  rate('createComment', 'comment creation ≥ 500/s', 500);
  const cold = pages.find((row) => row.page === 'discussion page' && row.cache === 'cold');
  if (cold) {
    const kb = (cold.bytes.js + cold.bytes.css) / 1024;
    out.push({ name: 'discussion page first load ≤ 150 KB JS+CSS (compressed)', met: kb <= 150, value: `${kb.toFixed(1)} KB` });
    out.push({ name: 'discussion page LCP ≤ 500 ms cold', met: cold.lcpMs !== null && cold.lcpMs <= 500, value: `${cold.lcpMs ?? '–'} ms` });
  }
  const shifts = pages.filter((row) => row.cls !== null && row.cls !== undefined);
  if (shifts.length > 0) {
    const worst = shifts.reduce((most, row) => ((row.cls ?? 0) > (most.cls ?? 0) ? row : most));
    out.push({ name: 'CLS ≤ 0.1 on every page', met: (worst.cls ?? 0) <= 0.1, value: `worst ${worst.cls} (${worst.page}, ${worst.cache})` });
  }
  const reads = endpoints.filter((row) => row.method === 'GET');
  if (reads.length) {
    const peak = Math.max(...reads.map((row) => row.peakRssMb));
    out.push({ name: 'one process < 250 MB RSS during reads', met: peak < 250, value: `${peak} MB peak` });
  }
  out.push({ name: 'L no more than 1.5× slower than S', met: null, value: 'node bench/compare.ts <S result> <L result> --limit 1.5' });
  out.push({ name: 'PostgreSQL within 2× of SQLite', met: null, value: 'node bench/compare.ts <sqlite result> <postgres result> --limit 2' });
  return out;
}

function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, index) => cell.padEnd(widths[index]!)).join(' | ')} |`;
  return [line(headers), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

export function formatTables(result: { endpoints: EndpointResult[]; frontEnd: PageLoad[]; targets: Target_[] }): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;
  const ms = (value: number) => String(Math.round(value * 10) / 10);
  return [
    table(
      ['endpoint', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'peak RSS MB', 'CPU ms/req server', 'CPU ms/req database'],
      result.endpoints.map((row) => [
        row.label,
        ms(row.requestsPerSecond),
        ms(row.p50),
        ms(row.p95),
        ms(row.p99),
        String(row.errors),
        String(row.peakRssMb),
        // Older result files (bench/compare.ts reads them too) have no CPU figures.
        row.serverCpuMs === undefined ? '–' : row.serverCpuMs.toFixed(2),
        row.databaseCpuMs === undefined || row.databaseCpuMs === null ? '–' : row.databaseCpuMs.toFixed(2),
      ]),
    ),
    '',
    table(
      ['page', 'cache', 'requests', 'JS KB', 'CSS KB', 'HTML KB', 'total KB', 'encoding', 'LCP ms', 'CLS', 'TTI ms'],
      result.frontEnd.map((row) => [
        row.page,
        row.cache,
        String(row.requests),
        kb(row.bytes.js),
        kb(row.bytes.css),
        kb(row.bytes.html),
        kb(row.bytes.total),
        [...new Set(Object.values(row.encodings).flat())].join(',') || '–',
        row.lcpMs === null ? '–' : String(row.lcpMs),
        // Older result files (bench/compare.ts reads them too) have no CLS.
        row.cls === null || row.cls === undefined ? '–' : row.cls.toFixed(3),
        row.ttiMs === null ? '–' : String(row.ttiMs),
      ]),
    ),
    '',
    table(
      ['target', 'met', 'measured'],
      result.targets.map((row) => [row.name, row.met === null ? 'n/a' : row.met ? 'met' : 'MISSED', row.value]),
    ),
  ].join('\n');
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
  const server = await startServer(run, options.port, cpuProfDir, options.guestCache);
  const base = `http://127.0.0.1:${options.port}`;
  const endpoints: EndpointResult[] = [];
  let frontEnd: PageLoad[] = [];
  try {
    const discussion = (await (await fetch(`${base}/api/v2/discussions/${info.discussionID}`)).json()) as { url: string };
    const discussionPath = new URL(discussion.url).pathname;
    const reads: { key: string; label: string; path: string }[] = [
      { key: 'list', label: 'discussion list JSON (guest, limit=30)', path: '/api/v2/discussions?limit=30' },
      { key: 'categoryList', label: "a category's list JSON", path: `/api/v2/discussions?categoryID=${info.categoryID}&limit=30` },
      { key: 'discussion', label: 'discussion JSON', path: `/api/v2/discussions/${info.discussionID}` },
      { key: 'discussionComments', label: 'its 20 comments JSON', path: `/api/v2/comments?discussionID=${info.discussionID}&limit=30` },
      { key: 'commentsPage1', label: 'long discussion, comments page 1', path: `/api/v2/comments?discussionID=${info.longDiscussionID}&page=1&limit=30` },
      { key: 'commentsPage50', label: 'long discussion, comments page 50', path: `/api/v2/comments?discussionID=${info.longDiscussionID}&page=50&limit=30` },
      { key: 'ssrDiscussion', label: 'SSR discussion page HTML', path: discussionPath },
      { key: 'ssrList', label: 'SSR list page HTML (/discussions)', path: '/discussions' },
      { key: 'categories', label: '/api/v2/categories', path: '/api/v2/categories' },
    ];
    for (const read of reads) {
      if (options.cpuProf && options.cpuProf !== read.key) continue;
      if (options.only && !options.only.has(read.key)) continue;
      const check = await fetch(`${base}${read.path}`);
      if (!check.ok) log(`  warning: ${read.path} answered ${check.status}`);
      await check.arrayBuffer();
      const result = await runLoad(
        read.key,
        read.label,
        { url: `${base}${read.path}`, method: 'GET', connections: options.connections, warmupSeconds: options.warmup, durationSeconds: options.duration },
        server.pid!,
        read.path,
        run,
      );
      endpoints.push(result);
      log(`  ${read.label}: ${result.requestsPerSecond} req/s, p99 ${result.p99} ms, ${result.errors} errors, CPU per request: server ${result.serverCpuMs} ms, database ${result.databaseCpuMs ?? '–'} ms`);
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
  }

  const targetsMet = evaluateTargets(endpoints, frontEnd);
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
