import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { SearchEngine } from './search-engine.ts';
import { runSqlSearch, type TextSql } from './sql-search.repo.ts';

/** An FTS5 query: each word a quoted string (never syntax), joined by AND/OR; the last a prefix when asked. */
function ftsQuery(words: readonly string[], operator: 'and' | 'or', prefixLast: boolean): string {
  const quoted = words.map((word, index) =>
    `"${word.replace(/"/g, '""')}"${prefixLast && index === words.length - 1 ? '*' : ''}`,
  );
  return quoted.join(operator === 'or' ? ' OR ' : ' AND ');
}

const fts5Text: TextSql = {
  wordMatch(kind, words, operator, prefixLast) {
    const clauses: string[] = [];
    if (words.text.length > 0) clauses.push(`(${ftsQuery(words.text, operator, prefixLast && words.name.length === 0)})`);
    if (words.name.length > 0) clauses.push(`"name" : (${ftsQuery(words.name, operator, prefixLast)})`);
    const expression = clauses.join(' AND ');
    const table = kind === 'discussion' ? 'discussionsSearch' : 'commentsSearch';
    const weights = kind === 'discussion' ? sql`, 4.0, 1.0` : sql``;
    const postID = kind === 'discussion' ? sql`d."discussionID"` : sql`cm."commentID"`;
    const ranked = sql`(select rowid as "postID", -bm25(${sql.table(table)}${weights}) as "textRank" from ${sql.table(table)} where ${sql.table(table)} match ${expression})`;
    return {
      // The match runs once, in the index; its bm25 joins the post by rowid.
      join: sql`join ${ranked} fts on fts."postID" = ${postID}`,
      joinedRank: sql`fts."textRank"`,
      where: sql`${postID} in (select rowid from ${sql.table(table)} where ${sql.table(table)} match ${expression})`,
      rank: sql`coalesce((select -bm25(${sql.table(table)}${weights}) from ${sql.table(table)} where ${sql.table(table)} match ${expression} and rowid = ${postID}), 0.0)`,
    };
  },
  substring(kind, needle) {
    return kind === 'discussion'
      ? sql`instr(d."name" || ' ' || d."bodyPlainText", ${needle}) > 0`
      : sql`instr(cm."bodyPlainText", ${needle}) > 0`;
  },
  ageDays(column, now) {
    return sql`max(0.0, julianday(${now}) - julianday(${column}))`;
  },
  isTrue: (column) => sql`(${column} = 1)`,
};

/** SQLite's engine: FTS5 external-content tables kept by triggers (migration 0018). */
export const fts5SearchEngine: SearchEngine = {
  name: 'sqlite-fts5',
  search: (db, request) => runSqlSearch(db, request, fts5Text),
  async rebuild(db: Db, progress) {
    const tables = ['discussionsSearch', 'commentsSearch'] as const;
    for (const [index, table] of tables.entries()) {
      await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('rebuild')`.execute(db);
      progress(index + 1, tables.length);
    }
    await sql`insert into "discussionsSearch"("discussionsSearch") values ('optimize')`.execute(db);
    await sql`insert into "commentsSearch"("commentsSearch") values ('optimize')`.execute(db);
  },
};
