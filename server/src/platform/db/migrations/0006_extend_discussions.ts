import type { Kysely } from 'kysely';

/** Discussions feature: further columns and indexes (owned by the discussions feature). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
