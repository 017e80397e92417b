import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue 14: the full-text search index (api-contract §17), kept in step with the posts by the
 * database itself, so every write path (create, edit, delete, merge, split, bulk actions, imports)
 * is followed in the same transaction without the features knowing.
 * - SQLite: FTS5 external-content tables `discussionsSearch` (name, bodyPlainText) and
 *   `commentsSearch` (bodyPlainText) over the posts' rows, `unicode61 remove_diacritics 2` (accents
 *   fold), maintained by triggers. Category moves and permissions are read from the posts' rows at
 *   query time, so they need no index change.
 * - PostgreSQL: `hearth_fold(text)` (lower-cased, accents removed by `unaccent` when the extension
 *   can be installed, else by a fixed translation) and `hearth_search_vector(name, body)` (title
 *   weight A, body weight D, `simple` configuration) with GIN expression indexes; `pg_trgm` indexes
 *   serve CJK substring matches when the extension is available.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await upPostgres(db);
  else await upSqlite(db);
}

async function upSqlite(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `create virtual table "discussionsSearch" using fts5("name", "bodyPlainText", content='discussions', content_rowid='discussionID', tokenize='unicode61 remove_diacritics 2')`,
    `create virtual table "commentsSearch" using fts5("bodyPlainText", content='comments', content_rowid='commentID', tokenize='unicode61 remove_diacritics 2')`,
    `create trigger "discussions_search_insert" after insert on "discussions" begin
       insert into "discussionsSearch"(rowid, "name", "bodyPlainText") values (new."discussionID", new."name", new."bodyPlainText");
     end`,
    `create trigger "discussions_search_delete" after delete on "discussions" begin
       insert into "discussionsSearch"("discussionsSearch", rowid, "name", "bodyPlainText") values ('delete', old."discussionID", old."name", old."bodyPlainText");
     end`,
    `create trigger "discussions_search_update" after update of "name", "bodyPlainText" on "discussions" begin
       insert into "discussionsSearch"("discussionsSearch", rowid, "name", "bodyPlainText") values ('delete', old."discussionID", old."name", old."bodyPlainText");
       insert into "discussionsSearch"(rowid, "name", "bodyPlainText") values (new."discussionID", new."name", new."bodyPlainText");
     end`,
    `create trigger "comments_search_insert" after insert on "comments" begin
       insert into "commentsSearch"(rowid, "bodyPlainText") values (new."commentID", new."bodyPlainText");
     end`,
    `create trigger "comments_search_delete" after delete on "comments" begin
       insert into "commentsSearch"("commentsSearch", rowid, "bodyPlainText") values ('delete', old."commentID", old."bodyPlainText");
     end`,
    `create trigger "comments_search_update" after update of "bodyPlainText" on "comments" begin
       insert into "commentsSearch"("commentsSearch", rowid, "bodyPlainText") values ('delete', old."commentID", old."bodyPlainText");
       insert into "commentsSearch"(rowid, "bodyPlainText") values (new."commentID", new."bodyPlainText");
     end`,
    `insert into "discussionsSearch"("discussionsSearch") values ('rebuild')`,
    `insert into "commentsSearch"("commentsSearch") values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Installs an extension if the server has it and the role may; false otherwise (never fails the migration). */
async function tryExtension(db: Kysely<unknown>, name: 'unaccent' | 'pg_trgm'): Promise<boolean> {
  const available = await sql<{ name: string }>`select "name" from pg_available_extensions where "name" = ${name}`.execute(db);
  if (available.rows.length === 0) return false;
  // A savepoint keeps a refused CREATE EXTENSION (no privilege) from aborting the migration's transaction.
  await sql.raw('savepoint hearth_extension').execute(db);
  try {
    await sql.raw(`create extension if not exists ${name}`).execute(db);
    await sql.raw('release savepoint hearth_extension').execute(db);
    return true;
  } catch {
    await sql.raw('rollback to savepoint hearth_extension').execute(db);
    return false;
  }
}

const ACCENTED = 'àáâãäåāăąçćčďèéêëēėęěìíîïīįıñńňòóôõöōőřśšşťùúûüūůűųýÿžźżłđø';
const PLAIN = 'aaaaaaaaacccdeeeeeeeeiiiiiiinnnooooooorsssstuuuuuuuuyyzzzldo';

async function upPostgres(db: Kysely<unknown>): Promise<void> {
  const hasUnaccent = await tryExtension(db, 'unaccent');
  const hasTrigrams = await tryExtension(db, 'pg_trgm');
  const schemaOf = async (name: string): Promise<string> => {
    const rows = await sql<{ schema: string }>`select n.nspname as "schema" from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db);
    return rows.rows[0]?.schema ?? 'public';
  };
  const current = await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db);
  // Functions named in index expressions are schema-qualified: restores and autovacuum run them with an empty search_path.
  const own = `"${current.rows[0]?.schema ?? 'public'}"`;
  const unaccentSchema = hasUnaccent ? await schemaOf('unaccent') : '';
  const fold = hasUnaccent
    ? `lower("${unaccentSchema}".unaccent('"${unaccentSchema}".unaccent'::regdictionary, coalesce($1, '')))`
    : `translate(lower(coalesce($1, '')), '${ACCENTED}', '${PLAIN}')`;
  const statements = [
    `create or replace function ${own}.hearth_fold(text) returns text language sql immutable parallel safe as $$ select ${fold} $$`,
    `create or replace function ${own}.hearth_search_vector(text, text) returns tsvector language sql immutable parallel safe as $$
       select setweight(to_tsvector('simple'::regconfig, ${own}.hearth_fold($1)), 'A') || setweight(to_tsvector('simple'::regconfig, ${own}.hearth_fold($2)), 'D') $$`,
    `create index "discussions_search" on "discussions" using gin (${own}.hearth_search_vector("name", "bodyPlainText"))`,
    `create index "comments_search" on "comments" using gin (${own}.hearth_search_vector('', "bodyPlainText"))`,
  ];
  if (hasTrigrams) {
    statements.push(
      `create index "discussions_search_substring" on "discussions" using gin (("name" || ' ' || "bodyPlainText") gin_trgm_ops)`,
      `create index "comments_search_substring" on "comments" using gin ("bodyPlainText" gin_trgm_ops)`,
    );
  }
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
