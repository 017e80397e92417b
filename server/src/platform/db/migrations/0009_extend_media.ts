import type { Kysely } from 'kysely';

/** Media feature: further columns (owned by the media feature). */
export async function up(_db: Kysely<unknown>): Promise<void> {}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
