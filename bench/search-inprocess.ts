/**
 * `DATA_DIR=<dir> [COMPARE_DIR=<dir>] [N=10] [ONLY=two,filtered] [CAP=1000] [DUMP=file] node bench/search-inprocess.ts`
 * (issue 14): the bench's search requests (and three variants) through the engine in-process, one
 * caller, guest-like scope, on a copy of the S database in DATA_DIR (or DATABASE_URL). With
 * COMPARE_DIR (another copy, e.g. without an index), each request alternates between the two N
 * times, so both see the same machine load; prints medians and minima, checks the hits are equal.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../server/src/platform/db/db.ts';
import { migrateToLatest } from '../server/src/platform/db/migrate.ts';
import { SEARCH_CANDIDATE_CAP, SEARCH_TYPEAHEAD_CAP, type SearchRequest } from '../server/src/platform/search/search-engine.ts';
import { searchEngineFor } from '../server/src/platform/search/search-engines.ts';
import { parseSearchText } from '../server/src/platform/search/search-text.ts';

const env = process.env;
const open = (dataDir: string): DatabaseHandle => openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
const handles = [open(env.DATA_DIR ?? '.bench/search-sqlite-s'), ...(env.COMPARE_DIR ? [open(env.COMPARE_DIR)] : [])];
const main = handles[0]!;
if (env.MIGRATE) await migrateToLatest(main.db);
const pcs = await sql<{ id: number }>`select distinct "permissionCategoryID" as "id" from "categories"`.execute(main.db);
const busiest = await sql<{ id: number }>`select "categoryID" as "id" from "discussions" group by "categoryID" order by count(*) desc limit 1`.execute(main.db);
const base = (query: string): SearchRequest => ({
  text: parseSearchText(query),
  name: null,
  operator: 'and',
  prefixLast: false,
  recordTypes: new Set(['discussion', 'comment']),
  visiblePermissionCategoryIDs: pcs.rows.map((row) => row.id),
  includeChildCategories: false,
  excludeArchivedCategories: true,
  tagOperator: 'or',
  users: { includeBanned: false, onlyBanned: false },
  sort: 'relevance',
  collapse: false,
  cap: Number(env.CAP ?? SEARCH_CANDIDATE_CAP),
  limit: 30,
  offset: 0,
  now: '2026-11-27T00:00:00.000Z',
});
const requests: Record<string, SearchRequest> = {
  two: base('mobile layout'),
  filtered: {
    ...base('release notes'),
    categoryIDs: [busiest.rows[0]?.id ?? 1],
    excludeArchivedCategories: false,
    dateInserted: [{ op: '>=', value: '2020-01-01' }, { op: '<=', value: '2030-01-01' }],
  },
  auto: { ...base('onboar'), prefixLast: true, cap: Number(env.CAP ?? SEARCH_TYPEAHEAD_CAP), limit: 10, recordTypes: new Set(['discussion', 'category', 'user']) },
  page3: { ...base('mobile layout'), offset: 60 },
  collapse: { ...base('mobile layout'), collapse: true },
  newest: { ...base('mobile layout'), sort: '-dateInserted' },
};
const engine = searchEngineFor(main.dialect);
const stats = (times: number[]): string => {
  const sorted = [...times].sort((a, b) => a - b);
  return `median ${(sorted[sorted.length >> 1] ?? 0).toFixed(1)} ms, min ${(sorted[0] ?? 0).toFixed(1)} ms`;
};
const out: Record<string, unknown> = {};
for (const [key, request] of Object.entries(requests)) {
  if (env.ONLY && !env.ONLY.split(',').includes(key)) continue;
  const firsts = await Promise.all(handles.map((handle) => engine.search(handle.db, request)));
  const times: number[][] = handles.map(() => []);
  const cpu: number[][] = handles.map(() => []);
  for (let round = 0; round < Number(env.N ?? 10); round++) {
    for (const [index, handle] of handles.entries()) {
      const started = performance.now();
      const startedCpu = process.cpuUsage();
      await engine.search(handle.db, request);
      const used = process.cpuUsage(startedCpu);
      times[index]!.push(performance.now() - started);
      // node:sqlite runs on this thread: the process's CPU time is the query's (steadier than wall time on a busy machine).
      cpu[index]!.push((used.user + used.system) / 1000);
    }
  }
  const same = firsts.every((first) => JSON.stringify(first) === JSON.stringify(firsts[0]));
  console.log(`${key}: ${String(firsts[0]?.total)} matches; ${times.map(stats).join(' | ')}; CPU ${cpu.map(stats).join(' | ')}${handles.length > 1 ? `; same hits: ${String(same)}` : ''}`);
  out[key] = firsts[0];
}
if (env.DUMP) fs.writeFileSync(env.DUMP, JSON.stringify(out));
for (const handle of handles) await handle.close();
