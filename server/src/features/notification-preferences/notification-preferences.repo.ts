import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

// `notificationPreferences`: a user's preferences as JSON; userID 0 holds the site defaults.

type Executor = Kysely<Database>;

/** The row of the site defaults. */
export const DEFAULTS_USER_ID = 0;

export interface PreferencesRow {
  userID: number;
  preferences: Record<string, unknown>;
  language: string | null;
}

function decode(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The stored rows of some users (the defaults' row with userID 0). */
export async function findPreferencesRows(db: Executor, userIDs: readonly number[]): Promise<Map<number, PreferencesRow>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('notificationPreferences')
    .select(['userID', 'preferences', 'language'])
    .where('userID', 'in', [...new Set(userIDs)])
    .execute();
  return new Map(rows.map((row) => [row.userID, { ...row, preferences: decode(row.preferences) }]));
}

/** Inserts or replaces a user's (or the defaults') row. */
export async function upsertPreferencesRow(db: Executor, row: PreferencesRow, now: string): Promise<void> {
  const values = { userID: row.userID, preferences: JSON.stringify(row.preferences), language: row.language, dateUpdated: now };
  await db
    .insertInto('notificationPreferences')
    .values(values)
    .onConflict((oc) =>
      oc.column('userID').doUpdateSet({ preferences: values.preferences, language: values.language, dateUpdated: now }),
    )
    .execute();
}
