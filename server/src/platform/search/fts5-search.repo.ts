import { sql } from 'kysely';
import type { Db } from '../db/db.ts';
import type { SearchEngine } from './search-engine.ts';
import { runSqlSearch } from './sql-search-run.repo.ts';
import type { TextSql } from './sql-search.repo.ts';

/** An FTS5 query: each word a quoted string (never syntax), joined by AND/OR; the last a prefix when asked. */
function ftsQuery(words: readonly string[], operator: 'and' | 'or', prefixLast: boolean): string {
  const quoted = words.map((word, index) =>
    `"${word.replace(/"/g, '""')}"${prefixLast && index === words.length - 1 ? '*' : ''}`,
  );
  return quoted.join(operator === 'or' ? ' OR ' : ' AND ');
}

/** Posts indexed per statement while rebuilding (progress is reported after each). */
const REBUILD_BATCH = 5000;

const fts5Text: TextSql = {
  wordMatch(kind, words, operator, prefixLast) {
    const clauses: string[] = [];
    if (words.text.length > 0) clauses.push(`(${ftsQuery(words.text, operator, prefixLast && words.name.length === 0)})`);
    if (words.name.length > 0) clauses.push(`"name" : (${ftsQuery(words.name, operator, prefixLast)})`);
    const expression = clauses.join(' AND ');
    const table = kind === 'discussion' ? 'discussionsSearch' : 'commentsSearch';
    const weights = kind === 'discussion' ? sql`, 4.0, 1.0` : sql``;
    const postID = kind === 'discussion' ? sql`d."discussionID"` : sql`cm."commentID"`;
    const index = sql.table(table);
    const post = kind === 'discussion' ? sql`"discussions" d` : sql`"comments" cm`;
    return {
      // The index leads (cross join keeps it first) and the post joins by rowid: candidates are
      // taken in rowid order and the scan stops at the cap; bm25 is computed for those rows only.
      from: sql`${index} cross join ${post} on ${postID} = ${index}.rowid`,
      fromWhere: sql`${index} match ${expression}`,
      joinedRank: sql`(-bm25(${index}${weights}))`,
      orderKey: sql`${index}.rowid`,
      where: sql`${postID} in (select rowid from ${index} where ${index} match ${expression})`,
      rank: sql`coalesce((select -bm25(${index}${weights}) from ${index} where ${index} match ${expression} and rowid = ${postID}), 0.0)`,
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
    // One transaction: writers wait, so no trigger inserts a row the batches insert again.
    await db.transaction().execute(async (trx) => {
      const counts = await sql<{ posts: number }>`select (select count(*) from "discussions") + (select count(*) from "comments") as "posts"`.execute(trx);
      const total = Number(counts.rows[0]?.posts ?? 0);
      let done = 0;
      progress(done, total);
      const sources = [
        { table: 'discussionsSearch', source: 'discussions', id: 'discussionID', columns: ['name', 'bodyPlainText'] },
        { table: 'commentsSearch', source: 'comments', id: 'commentID', columns: ['bodyPlainText'] },
      ] as const;
      for (const { table, source, id, columns } of sources) {
        await sql`insert into ${sql.table(table)}(${sql.table(table)}) values ('delete-all')`.execute(trx);
        const names = sql.join(columns.map((column) => sql.id(column)));
        let after = 0;
        for (;;) {
          const batch = await sql<{ last: number | null; size: number }>`select max(${sql.id(id)}) as "last", count(*) as "size" from (select ${sql.id(id)} from ${sql.table(source)} where ${sql.id(id)} > ${after} order by ${sql.id(id)} limit ${REBUILD_BATCH}) b`.execute(trx);
          const last = batch.rows[0]?.last ?? null;
          if (last === null) break;
          await sql`insert into ${sql.table(table)}(rowid, ${names}) select ${sql.id(id)}, ${names} from ${sql.table(source)} where ${sql.id(id)} > ${after} and ${sql.id(id)} <= ${last}`.execute(trx);
          done += Number(batch.rows[0]?.size ?? 0);
          after = Number(last);
          progress(done, total);
        }
      }
    });
    await sql`insert into "discussionsSearch"("discussionsSearch") values ('optimize')`.execute(db);
    await sql`insert into "commentsSearch"("commentsSearch") values ('optimize')`.execute(db);
  },
};
