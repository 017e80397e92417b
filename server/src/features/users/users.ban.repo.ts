import type { Db } from '../../platform/db/db.ts';

// Ban details (migration 0021, api-contract §27.8).

/** A user's ban as stored. */
export interface UserBanRow {
  banned: number;
  banReason: string | null;
  banDateExpires: string | null;
}

/** Sets or lifts a ban with its reason and end date. */
export async function writeUserBan(
  db: Db,
  userID: number,
  ban: { banned: boolean; reason: string | null; dateExpires: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      banned: ban.banned ? 1 : 0,
      banReason: ban.banned ? ban.reason : null,
      banDateExpires: ban.banned ? ban.dateExpires : null,
      dateUpdated: ban.now,
    })
    .where('userID', '=', userID)
    .execute();
}

/**
 * Lifts a ban whose end date has come. With `dateExpires`, only if it is still that ban (a later
 * ban or unban left it alone); with null, whichever ban of the user has ended (a ban without an
 * end date never does). Returns the user's name when it lifted one.
 */
export async function liftEndedBan(
  db: Db,
  userID: number,
  dateExpires: string | null,
  now: string,
): Promise<{ name: string; dateInserted: string } | undefined> {
  let query = db
    .updateTable('users')
    .set({ banned: 0, banReason: null, banDateExpires: null, dateUpdated: now })
    .where('userID', '=', userID)
    .where('banned', '<>', 0)
    .where('banDateExpires', 'is not', null)
    .where('banDateExpires', '<=', now);
  if (dateExpires !== null) query = query.where('banDateExpires', '=', dateExpires);
  return await query.returning(['name', 'dateInserted']).executeTakeFirst();
}
