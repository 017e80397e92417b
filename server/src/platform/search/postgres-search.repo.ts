import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
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
    // The same expression as the GIN indexes of migration 0018, so the planner uses them.
    const vector =
      kind === 'discussion'
        ? sql`hearth_search_vector(d."name", d."bodyPlainText")`
        : sql`hearth_search_vector('', cm."bodyPlainText")`;
    // Ranking by the whole vector would compute it again for every match (unaccent and
    // to_tsvector of each body: seconds for a common word); titles are short, so the text score
    // is the title's and a body match counts as a match, mixed with recency by the caller.
    const rank = kind === 'discussion' ? sql`ts_rank(to_tsvector('simple'::regconfig, hearth_fold(d."name")), ${query})` : sql`0.0`;
    return { from: null, fromWhere: null, joinedRank: rank, orderKey: null, where: sql`${vector} @@ ${query}`, rank };
  },
  substring(kind, needle) {
    // `like` rather than strpos: the pg_trgm indexes of migration 0018 serve it.
    const pattern = `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return kind === 'discussion'
      ? sql`(d."name" || ' ' || d."bodyPlainText") like ${pattern}`
      : sql`cm."bodyPlainText" like ${pattern}`;
  },
  ageDays(column, now) {
    return sql`greatest(0.0, extract(epoch from (cast(${now} as timestamptz) - ${column})) / 86400.0)`;
  },
  isTrue: (column) => sql`(${column} = true)`,
};

/** PostgreSQL's engine: tsvector expression indexes (GIN) and pg_trgm for CJK runs (migration 0018). */
export const postgresSearchEngine: SearchEngine = {
  name: 'postgresql-fts',
  search: (db, request) => runSqlSearch(db, request, postgresText),
  async rebuild(db: Db, progress) {
    // The indexes are expressions over the posts: rebuilding them is a REINDEX (the trigram
    // indexes exist only where pg_trgm could be installed).
    const names = ['discussions_search', 'comments_search', 'discussions_search_substring', 'comments_search_substring'];
    const present = await sql<{ name: string }>`select indexname as "name" from pg_indexes where schemaname = current_schema() and indexname in (${sql.join(names)})`.execute(db);
    const existing = names.filter((name) => present.rows.some((row) => row.name === name));
    progress(0, existing.length);
    for (const [index, name] of existing.entries()) {
      await sql`reindex index ${sql.id(name)}`.execute(db);
      progress(index + 1, existing.length);
    }
  },
};
