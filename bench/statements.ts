/**
 * `node bench/statements.ts [--db sqlite|postgres] [--scale S] [--member] <path> …`: the SQL
 * statements one request runs on the bench's run database (after a warm-up request), in order,
 * with their count: where duplicate loads and round trips show (docs/performance.md, issue 18).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';
import { NodeSqliteDatabase } from '../server/src/platform/db/node-sqlite.ts';
import { hashToken } from '../server/src/features/tokens/token-hash.ts';
import { randomToken } from '../server/src/platform/secrets.ts';
import { isoAfter, nowIso } from '../server/src/platform/dates.ts';
import { readMarker, benchEnv, type Target } from './seed.ts';
import { pgUrl } from './measure.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { db: { type: 'string', default: 'sqlite' }, scale: { type: 'string', default: 'S' }, member: { type: 'boolean', default: false } },
});
const root = path.resolve(import.meta.dirname, '..');
const scale = (values.scale ?? 'S').toLowerCase();
const run: Target =
  values.db === 'postgres'
    ? { db: 'postgres', dataDir: path.join(root, '.bench', `postgres-${scale}`), databaseUrl: pgUrl(`hearth_bench_${scale}`) }
    : { db: 'sqlite', dataDir: path.join(root, '.bench', `sqlite-${scale}`, 'run'), databaseUrl: undefined };

let log: string[] | undefined;
// STACK=<text>: also prints where statements containing <text> come from.
const stackOf = process.env.STACK;
Error.stackTraceLimit = 100;
const record = (text: string, ms?: number) => {
  if (!log) return;
  log.push(`${ms === undefined ? '' : `[${ms.toFixed(3)} ms] `}${text.replace(/\s+/g, ' ').slice(0, 220)}`);
  if (stackOf && text.includes(stackOf)) {
    const frames = (new Error().stack ?? '').split('\n').filter((line) => line.includes('/server/src/') && !line.includes('/platform/db/'));
    log.push(`    at ${frames.slice(0, 8).map((line) => line.trim().replace(/^at /, '').replace(root, '')).join(' < ')}`);
  }
};
const prepare = NodeSqliteDatabase.prototype.prepare;
NodeSqliteDatabase.prototype.prepare = function (this: NodeSqliteDatabase, sql: string) {
  const statement = prepare.call(this, sql);
  return {
    get reader() {
      return statement.reader;
    },
    all: (parameters: ReadonlyArray<unknown>) => {
      const started = performance.now();
      const rows = statement.all(parameters);
      record(sql, performance.now() - started);
      return rows;
    },
    run: (parameters: ReadonlyArray<unknown>) => (record(sql), statement.run(parameters)),
    iterate: (parameters: ReadonlyArray<unknown>) => (record(sql), statement.iterate(parameters)),
  };
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  record(typeof first === 'string' ? first : (first.text ?? ''));
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const config = loadConfig({ ...benchEnv(run), GUEST_CACHE_SECONDS: '0', JOB_CONCURRENCY: '0' });
const database = openDatabase({ databaseUrl: run.databaseUrl, dataDir: run.dataDir });
const app = await buildApp({ config, database, logger: false, distDir: path.join(root, 'dist') });
try {
  const info = await readMarker(database.db);
  if (!info) throw new Error('No bench seed in the run database: run `npm run bench -- --only list` first.');
  let headers: Record<string, string> = {};
  if (values.member) {
    const token = `va.${randomToken(32)}`;
    await database.db
      .insertInto('accessTokens')
      .values({ userID: info.memberIDs[1]!, name: 'statements', tokenHash: hashToken(token), dateInserted: nowIso(), dateExpires: isoAfter(3600) })
      .execute();
    headers = { authorization: `Bearer ${token}` };
  }
  for (const raw of positionals) {
    const url = raw.replace('{discussionID}', String(info.discussionID)).replace('{categoryID}', String(info.categoryID));
    await app.inject({ method: 'GET', url, headers });
    log = [];
    const response = await app.inject({ method: 'GET', url, headers });
    const counts = new Map<string, number>();
    for (const line of log) counts.set(line, (counts.get(line) ?? 0) + 1);
    process.stdout.write(`\n${url} → ${response.statusCode}: ${log.length} statements\n`);
    for (const [line, count] of counts) process.stdout.write(`  ${count > 1 ? `${count}× ` : ''}${line}\n`);
    log = undefined;
  }
} finally {
  await app.close();
  await database.close();
}
