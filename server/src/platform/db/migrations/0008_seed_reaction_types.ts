import type { Kysely } from 'kysely';

/** The thirteen reaction types of spec 000 §3 and tag extras (owned by reactions and tags). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
