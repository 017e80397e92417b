/**
 * `npm run bench:search [-- --db sqlite|postgres] [--scale S|M|L] [--in-place] [--duration 10] [--warmup 3]
 *  [--connections 16] [--no-rebuild]`
 * (issue 14): the search rows at a scale (S by default). Copies the pristine dataset of `npm run bench`
 * of that scale (seeding it first when absent; `--in-place` works on the seed itself, as
 * `npm run bench -- --in-place` does, which saves the copy's disk at L), rebuilds the search index
 * on the copy (timed),
 * measures the index's size against the text it indexes, then drives three reads of
 * `GET /api/v2/search` against the production server: a two-word query, a filtered query
 * (category + date range) and an autocomplete request. Writes bench/results/search-<db>-S-<ts>.json
 * and prints a Markdown table for docs/performance.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../server/src/platform/db/db.ts';
import { migrateToLatest } from '../server/src/platform/db/migrate.ts';
import { guardClient } from '../server/src/platform/db/pg-errors.ts';
import { searchEngineFor } from '../server/src/platform/search/search-engines.ts';
import { PG_BASE, pgUrl, runLoad, type EndpointResult } from './measure.ts';
import { scales } from './scales.ts';
import { readMarker, seedOrReuse, type Target } from './seed.ts';
import { startServer, stopServer } from './server.ts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    'no-rebuild': { type: 'boolean', default: false },
    scale: { type: 'string', default: 'S' },
    'in-place': { type: 'boolean', default: false },
  },
});
const scale = scales[(values.scale ?? 'S').toUpperCase() as keyof typeof scales];
if (!scale) throw new Error(`--scale must be S, M or L (got ${String(values.scale)}).`);
const scaleKey = scale.name.toLowerCase();
const inPlace = values['in-place'] ?? false;
const dbName = values.db === 'postgres' ? 'postgres' : 'sqlite';
const log = (line: string) => process.stdout.write(`${line}\n`);

async function prepareCopy(): Promise<Target> {
  if (dbName === 'sqlite') {
    const seed: Target = { db: 'sqlite', dataDir: path.join(root, '.bench', `sqlite-${scaleKey}`, 'seed'), databaseUrl: undefined };
    await seedOrReuse(seed, scale, log);
    if (inPlace) return seed;
    const run: Target = { db: 'sqlite', dataDir: path.join(root, '.bench', `search-sqlite-${scaleKey}`), databaseUrl: undefined };
    fs.rmSync(run.dataDir, { recursive: true, force: true });
    fs.mkdirSync(run.dataDir, { recursive: true });
    fs.copyFileSync(path.join(seed.dataDir, 'hearth.db'), path.join(run.dataDir, 'hearth.db'));
    return run;
  }
  const seed: Target = { db: 'postgres', dataDir: path.join(root, '.bench', `postgres-${scaleKey}`), databaseUrl: pgUrl(`hearth_bench_${scaleKey}_seed`) };
  await seedOrReuse(seed, scale, log);
  if (inPlace) return seed;
  const client = guardClient(new pg.Client({ connectionString: PG_BASE }));
  await client.connect();
  try {
    await client.query(`drop database if exists "hearth_bench_search_${scaleKey}" with (force)`);
    await client.query(`create database "hearth_bench_search_${scaleKey}" template "hearth_bench_${scaleKey}_seed"`);
  } finally {
    await client.end();
  }
  return { db: 'postgres', dataDir: seed.dataDir, databaseUrl: pgUrl(`hearth_bench_search_${scaleKey}`) };
}

interface IndexFacts {
  buildSeconds: number;
  indexMb: number;
  textMb: number;
  categoryID: number;
}

/** Builds the index (the migration) on the copy, timed, and reads its size and the text's. */
async function buildIndex(run: Target): Promise<IndexFacts> {
  const database = openDatabase({ databaseUrl: run.databaseUrl, dataDir: run.dataDir });
  try {
    // The pristine copy may hold the index already (migration 0018 runs at every start): the build
    // is timed as the rebuild command runs it, over every post.
    await migrateToLatest(database.db);
    const started = performance.now();
    if (!values['no-rebuild']) await searchEngineFor(database.dialect).rebuild(database.db, () => {});
    const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
    const text = await sql<{ bytes: number | string }>`select (select sum(length("name") + length("bodyPlainText")) from "discussions") + (select sum(length("bodyPlainText")) from "comments") as "bytes"`.execute(database.db);
    const size =
      database.dialect === 'postgres'
        ? // The GIN and trigram indexes, and the stored vectors they index (migration 0027).
          await sql<{ bytes: number | string }>`select (select sum(pg_relation_size(indexrelid)) from pg_index i join pg_class c on c.oid = i.indexrelid where c.relname in ('discussions_search', 'comments_search', 'discussions_search_substring', 'comments_search_substring')) + pg_table_size('"discussionsSearch"') + pg_table_size('"commentsSearch"') as "bytes"`.execute(database.db)
        : await sql<{ bytes: number | string }>`select sum(pgsize) as "bytes" from dbstat where name like 'discussionsSearch%' or name like 'commentsSearch%'`.execute(database.db);
    const marker = await readMarker(database.db);
    const mb = (value: number | string | undefined) => Math.round((Number(value ?? 0) / 1_048_576) * 10) / 10;
    return { buildSeconds, indexMb: mb(size.rows[0]?.bytes), textMb: mb(text.rows[0]?.bytes), categoryID: marker?.categoryID ?? 1 };
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const run = await prepareCopy();
  log(`Building the search index on ${inPlace ? 'the seed' : 'a copy'} of ${scale.name} (${dbName})…`);
  const facts = await buildIndex(run);
  log(`  index built in ${String(facts.buildSeconds)} s: ${String(facts.indexMb)} MB for ${String(facts.textMb)} MB of text`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(run, port, undefined, true);
  const base = `http://127.0.0.1:${String(port)}`;
  const reads = [
    { key: 'search-two-words', label: 'Search: two words', path: '/api/v2/search?query=mobile%20layout' },
    { key: 'search-filtered', label: 'Search: category + date', path: `/api/v2/search?query=release%20notes&categoryID=${String(facts.categoryID)}&dateInserted=%5B2020-01-01,2030-01-01%5D` },
    { key: 'search-autocomplete', label: 'Search: autocomplete', path: '/api/v2/search?query=onboar&limit=10&includeTypeaheads=true&expand=breadcrumbs,-body&recordTypes=discussion,category,user' },
  ];
  const endpoints: EndpointResult[] = [];
  try {
    for (const read of reads) {
      const check = await fetch(`${base}${read.path}`);
      log(`  ${read.path} → ${String(check.status)}, ${check.headers.get('x-app-page-result-count') ?? '?'} results`);
      await check.arrayBuffer();
      const result = await runLoad(
        read.key,
        read.label,
        { url: `${base}${read.path}`, method: 'GET', connections: Number(values.connections), warmupSeconds: Number(values.warmup), durationSeconds: Number(values.duration) },
        server.pid!,
        read.path,
        run,
      );
      endpoints.push(result);
      log(`  ${read.label}: ${String(result.requestsPerSecond)} req/s, p50 ${String(result.p50)} ms, p99 ${String(result.p99)} ms, ${String(result.errors + result.non2xx)} errors`);
    }
  } finally {
    await stopServer(server);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(root, 'bench', 'results', `search-${dbName}-${scale.name}-${stamp}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ db: dbName, scale: scale.name, index: facts, endpoints }, null, 2)}\n`);
  log(`\n| ${dbName} ${scale.name} | req/s | p50 ms | p99 ms | server CPU ms/req | database CPU ms/req |\n|---|---|---|---|---|---|`);
  for (const result of endpoints)
    log(`| ${result.label} | ${String(result.requestsPerSecond)} | ${String(result.p50)} | ${String(result.p99)} | ${String(result.serverCpuMs)} | ${String(result.databaseCpuMs ?? '–')} |`);
  log(`\nIndex build ${String(facts.buildSeconds)} s; index ${String(facts.indexMb)} MB for ${String(facts.textMb)} MB of text. Results: ${path.relative(root, file)}`);
}

if (import.meta.main) {
  await main();
}
