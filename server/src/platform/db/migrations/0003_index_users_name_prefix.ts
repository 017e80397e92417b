import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Name-prefix look-ups (`GET /users/by-names`, mentions) filter on `lower("name") like 'abc%'`.
 * PostgreSQL uses a btree index for LIKE prefixes only with the C collation or a `text_pattern_ops`
 * index; SQLite never uses an expression index for LIKE, so its repo adds a range on the
 * existing `users_name_lower` index instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create index "users_name_lower_pattern" on "users" (lower("name") text_pattern_ops)`.execute(
    db,
  );
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
