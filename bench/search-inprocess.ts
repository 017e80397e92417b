/**
 * `node bench/search-inprocess.ts` (issue 14): the bench's search requests run in-process against a
 * copy of the S database in $DATA_DIR (or $DATABASE_URL), median of N runs each; DUMP=file writes the hits.
 */
import { openDatabase } from '../server/src/platform/db/db.ts';
import { migrateToLatest } from '../server/src/platform/db/migrate.ts';
import { searchEngineFor } from '../server/src/platform/search/search-engines.ts';
import { parseSearchText } from '../server/src/platform/search/search-text.ts';
import type { SearchRequest } from '../server/src/platform/search/search-engine.ts';
import { sql } from 'kysely';
const url = process.env.DATABASE_URL;
const h = openDatabase({ databaseUrl: url, dataDir: process.env.DATA_DIR ?? '/tmp/s1' });
if (process.env.MIGRATE) await migrateToLatest(h.db);
const pcs = await sql<{ id: number }>`select distinct "permissionCategoryID" as id from categories`.execute(h.db);
const cat = await sql<{ id: number }>`select "categoryID" as id from discussions group by "categoryID" order by count(*) desc limit 1`.execute(h.db);
const base = (q: string): SearchRequest => ({ text: parseSearchText(q), name: null, operator: 'and', prefixLast: false, recordTypes: new Set(['discussion', 'comment']), visiblePermissionCategoryIDs: pcs.rows.map((r) => r.id), includeChildCategories: false, excludeArchivedCategories: true, tagOperator: 'or', users: { includeBanned: false, onlyBanned: false }, sort: 'relevance', collapse: false, limit: 30, offset: 0, now: '2026-11-27T00:00:00.000Z' });
const reqs: Record<string, SearchRequest> = {
  two: base('mobile layout'),
  filtered: { ...base('release notes'), categoryIDs: [cat.rows[0]!.id], excludeArchivedCategories: false, dateInserted: [{ op: '>=', value: '2020-01-01' }, { op: '<=', value: '2030-01-01' }] },
  auto: { ...base('onboar'), prefixLast: true, limit: 10, recordTypes: new Set(['discussion', 'category', 'user']) },
  page3: { ...base('mobile layout'), offset: 60 },
  collapse: { ...base('mobile layout'), collapse: true },
  newest: { ...base('mobile layout'), sort: '-dateInserted' },
};
const engine = searchEngineFor(h.dialect);
const out: Record<string, unknown> = {};
for (const [k, r] of Object.entries(reqs)) {
  if (process.env.ONLY && !process.env.ONLY.split(',').includes(k)) continue;
  const first = await engine.search(h.db, r);
  const times: number[] = [];
  for (let i = 0; i < Number(process.env.N ?? 5); i++) { const t = performance.now(); await engine.search(h.db, r); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(k, 'total', first.total, 'median ms', times[Math.floor(times.length / 2)]!.toFixed(1), 'min', times[0]!.toFixed(1), 'first', first.hits.slice(0, 5).map((h) => h.recordType.slice(0, 1) + String(h.recordID)).join(','));
  out[k] = first;
}
if (process.env.DUMP) (await import('node:fs')).writeFileSync(process.env.DUMP, JSON.stringify(out));
await h.close();
