/** One endpoint's measured run: the load generator's figures, the server's peak RSS and CPU per request. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import type { Target } from './seed.ts';
import type { LoadResult, LoadSpec } from './load.ts';

export const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function pgUrl(database: string): string {
  const url = new URL(PG_BASE);
  url.pathname = `/${database}`;
  return url.toString();
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

/**
 * The server's processes: the one the bench started and, with WORKERS > 1, the workers it forked
 * (its children; the primary itself serves nothing), so CPU and RSS count all of them.
 */
export function serverProcesses(pid: number): number[] {
  const pids = [pid];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // After the command name: state, then the parent's pid (proc(5)).
      const parent = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      if (parent === pid) pids.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return pids;
}

export interface EndpointResult extends LoadResult {
  key: string;
  label: string;
  method: string;
  path: string;
  /** The largest RSS of one server process (with WORKERS > 1: of one worker, or the primary). */
  peakRssMb: number;
  /** The largest RSS of all server processes together (absent in older result files). */
  peakRssTotalMb?: number;
  /**
   * CPU time per request (user + system, warm-up included) of the server's processes (every
   * worker and the primary) and, on
   * PostgreSQL, of the database's backends for the run database. Unlike req/s, these hardly move
   * when something else runs on the machine: they compare changes on a busy machine.
   */
  serverCpuMs: number;
  databaseCpuMs: number | null;
}

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** Cumulative CPU ticks (user + system) of each process still alive. */
export function cpuTicks(pids: readonly number[]): Map<number, number> {
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
export function cpuSpentMs(before: Map<number, number>, after: Map<number, number>): number {
  let ticks = 0;
  for (const [pid, now] of after) ticks += now - (before.get(pid) ?? 0);
  return ticks * CLOCK_TICK_MS;
}

/** The PostgreSQL backends serving the run database (an empty list on SQLite). */
export async function databaseBackends(run: Target): Promise<number[]> {
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
export async function runLoad(key: string, label: string, spec: LoadSpec, serverPid: number, path_: string, run: Target): Promise<EndpointResult> {
  const file = path.join(os.tmpdir(), `hearth-bench-${process.pid}-${key}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'load.ts'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let peak = 0;
  let peakTotal = 0;
  let serverPids = [serverPid];
  const sample = () => {
    const sizes = serverPids.map(rssMb);
    peak = Math.max(peak, ...sizes);
    peakTotal = Math.max(peakTotal, sizes.reduce((sum, size) => sum + size, 0));
  };
  let sampler: NodeJS.Timeout | undefined;
  // CPU counted over the measured part only (from READY, after the warm-up).
  let cpuBefore: Promise<{ server: Map<number, number>; database: Map<number, number> }> | undefined;
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (!sampler && output.includes('READY')) {
      serverPids = serverProcesses(serverPid);
      sample();
      sampler = setInterval(sample, 200);
      const server = cpuTicks(serverPids);
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
  const serverSpent = before ? cpuSpentMs(before.server, cpuTicks(serverProcesses(serverPid))) : 0;
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
    peakRssTotalMb: Math.round(peakTotal),
    serverCpuMs: perRequest(serverSpent),
    databaseCpuMs: databaseSpent === null ? null : perRequest(databaseSpent),
  };
}
