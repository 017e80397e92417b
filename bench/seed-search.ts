/**
 * The seed's bulk load without the search index (issue 14): the index's triggers and indexes are
 * set aside while the posts are inserted and the index is then built in one go, as
 * `npm run search:rebuild` builds it. Kept row by row (FTS5 triggers; PostgreSQL's vector triggers,
 * GIN and trigram indexes), the index made the L seed many times slower than before search existed
 * (session 4: 1,741 s / 1,191 s without it). The definitions are read from the database, so the
 * seed keeps whatever the migrations made.
 */
import { sql } from 'kysely';
import type { Db } from '../server/src/platform/db/db.ts';
import type { DialectName } from '../server/src/platform/db/dialect.ts';
import { searchEngineFor } from '../server/src/platform/search/search-engines.ts';

interface SetAside {
  /** Statements that create again what was dropped, triggers before indexes. */
  triggers: string[];
  indexes: string[];
}

const PG_INDEXES = ['discussions_search', 'comments_search', 'discussions_search_substring', 'comments_search_substring'];

async function setAside(db: Db, dialect: DialectName): Promise<SetAside> {
  if (dialect === 'sqlite') {
    const rows = await sql<{ name: string; sql: string }>`select "name", "sql" from sqlite_master where type = 'trigger' and ("name" like 'discussions_search_%' or "name" like 'comments_search_%')`.execute(db);
    for (const row of rows.rows) await sql`drop trigger ${sql.id(row.name)}`.execute(db);
    return { triggers: rows.rows.map((row) => row.sql), indexes: [] };
  }
  const triggers = await sql<{ name: string; table: string; definition: string }>`
    select t.tgname as "name", c.relname as "table", pg_get_triggerdef(t.oid) as "definition"
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgname in ('discussionsSearch_insert', 'discussionsSearch_update', 'commentsSearch_insert', 'commentsSearch_update')`.execute(db);
  const indexes = await sql<{ name: string; definition: string }>`
    select indexname as "name", indexdef as "definition" from pg_indexes
    where schemaname = current_schema() and indexname in (${sql.join(PG_INDEXES)})`.execute(db);
  for (const row of triggers.rows) await sql`drop trigger ${sql.id(row.name)} on ${sql.table(row.table)}`.execute(db);
  for (const row of indexes.rows) await sql`drop index ${sql.id(row.name)}`.execute(db);
  return { triggers: triggers.rows.map((row) => row.definition), indexes: indexes.rows.map((row) => row.definition) };
}

/** Runs the bulk load with the search index set aside, then builds it (timed in the log). */
export async function withoutSearchIndex(db: Db, dialect: DialectName, load: () => Promise<void>, log: (line: string) => void): Promise<void> {
  const aside = await setAside(db, dialect);
  await load();
  const started = performance.now();
  for (const statement of aside.triggers) await sql.raw(statement).execute(db);
  await searchEngineFor(dialect).rebuild(db, () => {});
  for (const statement of aside.indexes) {
    // A large sort memory builds a GIN index several times faster than the default 64 MB.
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
      await sql.raw(statement).execute(trx);
    });
  }
  if (dialect === 'postgres') {
    await sql`analyze "discussionsSearch"`.execute(db);
    await sql`analyze "commentsSearch"`.execute(db);
  }
  log(`  search index built in ${String(Math.round((performance.now() - started) / 100) / 10)} s`);
}
