import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue 14 (the search index adds at most 1.5× the text it indexes), PostgreSQL only; SQLite:
 * nothing. Measured at scale S (docs/performance.md "Issue 14 (brief G)"): the stored vectors
 * and their indexes were 2.9× the text.
 * - The trigram indexes of migration 0018 serve only CJK runs (search-text.ts: a substring needle
 *   always holds a Han, Kana or Hangul character), yet indexed every post's whole text. They become
 *   partial, over the posts holding such a character (`hearth_has_cjk`, a superset of those
 *   scripts' blocks); the substring condition names the same predicate, so the planner takes them.
 * - The comments' stored vectors (migration 0027) lose their positions (`strip`): a comment has
 *   one weight (D, no title), and its rank keeps the matched words' presence.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  const current = await sql<{ schema: string }>`select current_schema() as "schema"`.execute(db);
  // Schema-qualified, like the functions of migrations 0018 and 0027 (index predicates and triggers).
  const own = `"${current.rows[0]?.schema ?? 'public'}"`;
  await sql
    .raw(
      `create or replace function ${own}.hearth_has_cjk(text) returns boolean language sql immutable parallel safe as $$
         select $1 ~ '[\\u1100-\\u11ff\\u2e80-\\u9fff\\ua960-\\ua97f\\uac00-\\ud7ff\\uf900-\\ufaff\\uff66-\\uffdc\\U00016fe0-\\U00016fff\\U0001aff0-\\U0001b2ff\\U0001f200\\U00020000-\\U0003ffff]' $$`,
    )
    .execute(db);
  const trigrams = await sql<{ name: string }>`select extname as "name" from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (trigrams.rows.length > 0) {
    const indexes = [
      { name: 'discussions_search_substring', table: 'discussions', text: `("name" || ' ' || "bodyPlainText")` },
      { name: 'comments_search_substring', table: 'comments', text: `"bodyPlainText"` },
    ];
    for (const { name, table, text } of indexes) {
      await sql.raw(`drop index if exists "${name}"`).execute(db);
      await sql.raw(`create index "${name}" on "${table}" using gin (${text} gin_trgm_ops) where ${own}.hearth_has_cjk(${text})`).execute(db);
    }
  }
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
