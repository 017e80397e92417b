import type { Kysely } from 'kysely';

/** Comments feature: further columns and indexes (owned by the comments feature). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
