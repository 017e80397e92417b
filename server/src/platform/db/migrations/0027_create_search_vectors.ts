import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue 14 (search speed, docs/performance.md "Issue 14: bounded candidates"), PostgreSQL only:
 * each post's search vector is stored once, in `discussionsSearch` / `commentsSearch` (post ID,
 * `vector`), kept by triggers on insert and on edits of the text (deletes cascade), with the GIN
 * indexes on the stored vectors. Before, the GIN indexes were over an expression, so a plan that
 * reached a post another way (a category or author filter) recomputed `unaccent` and `to_tsvector`
 * of its body to check the match: seconds per search. The side tables mirror SQLite's FTS5 tables
 * and keep the vectors out of the posts' rows (and of whatever reads them whole). SQLite: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const current = await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db);
  // Functions named in triggers are schema-qualified, like those of migration 0018.
  const own = `"${current.rows[0]?.schema ?? 'public'}"`;
  const sources = [
    { table: 'discussionsSearch', posts: 'discussions', id: 'discussionID', name: 'NEW."name"', selectName: '"name"' },
    { table: 'commentsSearch', posts: 'comments', id: 'commentID', name: "''", selectName: "''" },
  ] as const;
  for (const { table, posts, id, name, selectName } of sources) {
    const statements = [
      `create table "${table}" ("${id}" integer primary key references "${posts}" ("${id}") on delete cascade, "vector" tsvector not null)`,
      `insert into "${table}" ("${id}", "vector") select "${id}", ${own}.hearth_search_vector(${selectName}, "bodyPlainText") from "${posts}"`,
      `drop index if exists "${posts}_search"`,
      `create index "${posts}_search" on "${table}" using gin ("vector")`,
      `create or replace function ${own}."${table}_keep"() returns trigger language plpgsql as $$
         begin
           insert into ${own}."${table}" ("${id}", "vector") values (NEW."${id}", ${own}.hearth_search_vector(${name}, NEW."bodyPlainText"))
           on conflict ("${id}") do update set "vector" = excluded."vector";
           return null;
         end $$`,
      `create trigger "${table}_insert" after insert on "${posts}" for each row execute function ${own}."${table}_keep"()`,
      `create trigger "${table}_update" after update of ${posts === 'discussions' ? '"name", ' : ''}"bodyPlainText" on "${posts}" for each row execute function ${own}."${table}_keep"()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    // Statistics now: without them the planner expects one match and joins every match first.
    await sql.raw(`analyze "${table}"`).execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
