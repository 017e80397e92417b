import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/db.ts';
import type { Database } from '../db/schema.ts';
import type { SearchEngine } from './search-engine.ts';
import { runSqlSearch } from './sql-search-run.repo.ts';
import type { TextSql } from './sql-search.repo.ts';

/**
 * A tsquery text: each word a quoted lexeme (only letters and digits reach here, so never
 * syntax), `:A` for titles only, `:*` for a prefix; folded by `hearth_fold` in SQL like the index.
 */
function tsQuery(words: readonly string[], operator: 'and' | 'or', prefixLast: boolean, weight: string): string {
  const lexemes = words.map((word, index) => {
    const prefix = prefixLast && index === words.length - 1 ? '*' : '';
    const suffix = prefix + weight;
    return `'${word.replace(/'/g, "''").replace(/\\/g, '\\\\')}'${suffix === '' ? '' : `:${suffix}`}`;
  });
  return lexemes.join(operator === 'or' ? ' | ' : ' & ');
}

const postgresText: TextSql = {
  wordMatch(kind, words, operator, prefixLast) {
    const clauses: string[] = [];
    if (words.text.length > 0) clauses.push(`(${tsQuery(words.text, operator, prefixLast && words.name.length === 0, '')})`);
    if (words.name.length > 0) clauses.push(`(${tsQuery(words.name, operator, prefixLast, 'A')})`);
    const query = sql`to_tsquery('simple'::regconfig, hearth_fold(${clauses.join(' & ')}))`;
    // The stored vectors of migration 0027 (GIN-indexed): matching and ranking read them, never
    // recompute a body's vector.
    const index = kind === 'discussion' ? sql`"discussionsSearch"` : sql`"commentsSearch"`;
    const id = kind === 'discussion' ? sql`"discussionID"` : sql`"commentID"`;
    const postID = kind === 'discussion' ? sql`d."discussionID"` : sql`cm."commentID"`;
    const post = kind === 'discussion' ? sql`"discussions" d` : sql`"comments" cm`;
    return {
      from: sql`${index} sv join ${post} on ${postID} = sv.${id}`,
      fromWhere: sql`sv."vector" @@ ${query}`,
      joinedRank: sql`ts_rank(sv."vector", ${query})`,
      orderKey: sql`sv.${id}`,
      where: sql`${postID} in (select ${id} from ${index} where "vector" @@ ${query})`,
      rank: sql`coalesce((select ts_rank("vector", ${query}) from ${index} where ${id} = ${postID}), 0.0)`,
    };
  },
  substring(kind, needle) {
    // `like` rather than strpos: the pg_trgm indexes serve it. They hold only the posts with a CJK
    // character (migration 0035), as every needle has one (search-text.ts); naming the indexes'
    // predicate lets the planner take them.
    const pattern = `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return kind === 'discussion'
      ? sql`((d."name" || ' ' || d."bodyPlainText") like ${pattern} and hearth_has_cjk(d."name" || ' ' || d."bodyPlainText"))`
      : sql`(cm."bodyPlainText" like ${pattern} and hearth_has_cjk(cm."bodyPlainText"))`;
  },
  ageDays(column, now) {
    return sql`greatest(0.0, extract(epoch from (cast(${now} as timestamptz) - ${column})) / 86400.0)`;
  },
  isTrue: (column) => sql`(${column} = true)`,
};

/** The vector tables of migration 0027 and what fills them. */
const VECTOR_SOURCES = [
  { table: 'discussionsSearch', posts: 'discussions', id: 'discussionID', index: 'discussions_search', name: sql`"name"` },
  { table: 'commentsSearch', posts: 'comments', id: 'commentID', index: 'comments_search', name: sql`''` },
] as const;

/**
 * Fills a new vector table with `create table … as select`, which PostgreSQL runs with parallel
 * workers (`insert … select` never is: one core computing every vector was the build's time), then
 * puts it in the old one's place with the same key, foreign key and GIN index. The triggers name
 * the table, so they write into the new one.
 */
async function replaceVectors(trx: Transaction<Database>, source: (typeof VECTOR_SOURCES)[number]): Promise<void> {
  const { table, posts, id, index, name } = source;
  const fresh = `${table}_rebuild`;
  await sql`drop table if exists ${sql.table(fresh)}`.execute(trx);
  await sql`create table ${sql.table(fresh)} as select ${sql.id(id)}, hearth_search_vector(${name}, "bodyPlainText") as "vector" from ${sql.table(posts)}`.execute(trx);
  await sql`drop table ${sql.table(table)}`.execute(trx);
  await sql`alter table ${sql.table(fresh)} rename to ${sql.table(table)}`.execute(trx);
  await sql`alter table ${sql.table(table)} alter column "vector" set not null`.execute(trx);
  await sql.raw(`alter table "${table}" add constraint "${table}_pkey" primary key ("${id}"), add constraint "${table}_${id}_fkey" foreign key ("${id}") references "${posts}" ("${id}") on delete cascade`).execute(trx);
  await sql.raw(`create index "${index}" on "${table}" using gin ("vector")`).execute(trx);
  await sql.raw(`analyze "${table}"`).execute(trx);
}

/** PostgreSQL's engine: stored tsvectors with GIN indexes (migration 0027) and pg_trgm for CJK runs (migrations 0018, 0035). */
export const postgresSearchEngine: SearchEngine = {
  name: 'postgresql-fts',
  search: (db, request) => runSqlSearch(db, request, postgresText),
  async rebuild(db: Db, progress) {
    // The stored vectors (migration 0027) are computed again from the posts into new tables, which
    // replace the old ones with their keys and GIN indexes; then the trigram indexes (present only
    // where pg_trgm could be installed) are rebuilt.
    const names = ['discussions_search_substring', 'comments_search_substring'];
    const present = await sql<{ name: string }>`select indexname as "name" from pg_indexes where schemaname = current_schema() and indexname in (${sql.join(names)})`.execute(db);
    const existing = names.filter((name) => present.rows.some((row) => row.name === name));
    const total = 2 + existing.length;
    progress(0, total);
    await db.transaction().execute(async (trx) => {
      // Writers wait (their triggers insert into these tables) until the new tables are in place.
      await sql`lock table "discussionsSearch", "commentsSearch" in share row exclusive mode`.execute(trx);
      // More sort memory than the default 64 MB builds a GIN index several times faster at scale.
      await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
      for (const [step, source] of VECTOR_SOURCES.entries()) {
        await replaceVectors(trx, source);
        progress(step + 1, total);
      }
    });
    for (const [index, name] of existing.entries()) {
      await db.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '512MB'`.execute(trx);
        await sql`reindex index ${sql.id(name)}`.execute(trx);
      });
      progress(3 + index, total);
    }
  },
};
