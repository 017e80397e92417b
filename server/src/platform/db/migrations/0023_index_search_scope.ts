import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue 14 (search speed, docs/performance.md): narrow covering indexes over the columns a search
 * reads of each matching post (permission scope, moderation state, filters, sort keys), so SQLite
 * checks tens of thousands of FTS5 matches in these small b-trees instead of reading the wide post
 * rows (bodies, HTML). SQLite only: PostgreSQL's plan was not measured to gain from them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') return;
  await sql`create index if not exists "comments_search_scope" on "comments" ("commentID", "discussionID", "moderationStatus", "displayType", "insertUserID", "dateInserted", "dateUpdated", "score")`.execute(db);
  await sql`create index if not exists "discussions_search_scope" on "discussions" ("discussionID", "categoryID", "moderationStatus", "type", "insertUserID", "dateInserted", "dateUpdated", "score", "hot")`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
