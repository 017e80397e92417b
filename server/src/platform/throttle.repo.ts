import { sql } from 'kysely';
import type { Db } from './db/db.ts';

export interface ThrottleRow {
  count: number;
  windowStart: string;
}

/**
 * Counts one hit on a key in a single statement, so concurrent processes never lose a hit: a new
 * key starts at 1; a key whose window began at or before `windowCutoff` restarts at 1 from `now`.
 */
export async function incrementThrottle(
  db: Db,
  throttleKey: string,
  now: string,
  windowCutoff: string,
  /** The window restarts at every hit (a back-off counts failures until a quiet period). */
  slide = false,
): Promise<ThrottleRow> {
  const expired = sql<boolean>`${sql.ref('throttles.windowStart')} <= ${windowCutoff}`;
  const row = await db
    .insertInto('throttles')
    .values({ throttleKey, count: 1, windowStart: now, lockedUntil: null })
    .onConflict((oc) =>
      oc.column('throttleKey').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else ${sql.ref('throttles.count')} + 1 end`,
        windowStart: slide ? now : sql<string>`case when ${expired} then ${now} else ${sql.ref('throttles.windowStart')} end`,
      }),
    )
    .returning(['count', 'windowStart'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowStart: new Date(row.windowStart).toISOString() };
}

/** The counter of a key, or null. */
export async function findThrottle(db: Db, throttleKey: string): Promise<ThrottleRow | null> {
  const row = await db.selectFrom('throttles').select(['count', 'windowStart']).where('throttleKey', '=', throttleKey).executeTakeFirst();
  return row ? { count: Number(row.count), windowStart: new Date(row.windowStart).toISOString() } : null;
}

export async function deleteThrottle(db: Db, throttleKey: string): Promise<void> {
  await db.deleteFrom('throttles').where('throttleKey', '=', throttleKey).execute();
}

/** Drops counters whose window began before `before` (they no longer limit anything). */
export async function deleteStaleThrottles(db: Db, before: string): Promise<void> {
  await db.deleteFrom('throttles').where('windowStart', '<', before).execute();
}

/** The time a key is locked until (a back-off), or null. */
export async function findThrottleLock(db: Db, throttleKey: string): Promise<string | null> {
  const row = await db.selectFrom('throttles').select('lockedUntil').where('throttleKey', '=', throttleKey).executeTakeFirst();
  return row?.lockedUntil == null ? null : new Date(row.lockedUntil).toISOString();
}

export async function setThrottleLock(db: Db, throttleKey: string, lockedUntil: string | null): Promise<void> {
  await db.updateTable('throttles').set({ lockedUntil }).where('throttleKey', '=', throttleKey).execute();
}

/** Deletes every counter whose key starts with `prefix` (no LIKE: keys may hold `%` or `_`). */
export async function deleteThrottlesStartingWith(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom('throttles')
    .where((eb) => eb(eb.fn('substr', ['throttleKey', eb.val(1), eb.val(prefix.length)]), '=', prefix))
    .execute();
}
