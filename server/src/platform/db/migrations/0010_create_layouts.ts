import type { Kysely } from 'kysely';

/** Layouts feature: stored layouts (owned by the layouts feature). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
