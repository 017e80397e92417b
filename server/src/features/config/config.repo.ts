import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A stored setting: its key and JSON text. */
export interface StoredSetting {
  configKey: string;
  value: string;
}

/**
 * Stored values of the given setting keys. Only the keys asked for are read, so server secrets
 * and state in the same table (`hearth.*`, `internal.*`) never leave through this function.
 */
export async function findStoredSettings(
  db: Executor,
  keys: readonly string[],
): Promise<StoredSetting[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('config')
    .select(['configKey', 'value'])
    .where('configKey', 'in', [...keys])
    .execute();
}

/** Inserts or replaces settings (values already JSON-encoded). */
export async function upsertSettings(
  db: Executor,
  settings: readonly StoredSetting[],
  dateUpdated: string,
): Promise<void> {
  for (const { configKey, value } of settings) {
    await db
      .insertInto('config')
      .values({ configKey, value, dateUpdated })
      .onConflict((oc) => oc.column('configKey').doUpdateSet({ value, dateUpdated }))
      .execute();
  }
}
