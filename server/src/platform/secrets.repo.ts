import type { Db } from './db/db.ts';
import { nowIso } from './dates.ts';

/** The stored (JSON) value of a config row, or undefined. */
export async function findConfigValue(db: Db, configKey: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('config')
    .select('value')
    .where('configKey', '=', configKey)
    .executeTakeFirst();
  return row?.value;
}

/** Inserts a config row unless one with that key exists (another process may have won the race). */
export async function insertConfigValueIfMissing(
  db: Db,
  configKey: string,
  value: string,
): Promise<void> {
  await db
    .insertInto('config')
    .values({ configKey, value, dateUpdated: nowIso() })
    .onConflict((oc) => oc.column('configKey').doNothing())
    .execute();
}
