import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

type Executor = Kysely<Database>;

/** What an e-mailed code is for. */
export type UserTokenPurpose = 'confirmEmail' | 'resetPassword';

export interface UserTokenRow {
  tokenHash: string;
  userID: number;
  purpose: string;
  email: string | null;
  dateExpires: string;
  dateUsed: string | null;
}

export async function insertUserToken(
  db: Executor,
  token: { tokenHash: string; userID: number; purpose: UserTokenPurpose; email: string | null; now: string; dateExpires: string },
): Promise<void> {
  await db
    .insertInto('userTokens')
    .values({
      tokenHash: token.tokenHash,
      userID: token.userID,
      purpose: token.purpose,
      email: token.email,
      dateInserted: token.now,
      dateExpires: token.dateExpires,
    })
    .execute();
}

/** The code with this hash for this user and purpose, used or not, or null. */
export async function findUserToken(db: Executor, tokenHash: string, userID: number, purpose: UserTokenPurpose): Promise<UserTokenRow | null> {
  const row = await db
    .selectFrom('userTokens')
    .select(['tokenHash', 'userID', 'purpose', 'email', 'dateExpires', 'dateUsed'])
    .where('tokenHash', '=', tokenHash)
    .where('userID', '=', userID)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, dateExpires: new Date(row.dateExpires).toISOString(), dateUsed: row.dateUsed === null ? null : new Date(row.dateUsed).toISOString() };
}

/**
 * Spends a code: true only for the one caller that marks it used while still unused and unexpired,
 * so two concurrent requests cannot both use it.
 */
export async function spendUserToken(db: Executor, tokenHash: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('userTokens')
    .set({ dateUsed: now })
    .where('tokenHash', '=', tokenHash)
    .where('dateUsed', 'is', null)
    .where('dateExpires', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Voids every unused code of a user for a purpose (a new code replaces them; a reset ends them all). */
export async function voidUserTokens(db: Executor, userID: number, purpose: UserTokenPurpose, now: string): Promise<void> {
  await db
    .updateTable('userTokens')
    .set({ dateUsed: now })
    .where('userID', '=', userID)
    .where('purpose', '=', purpose)
    .where('dateUsed', 'is', null)
    .execute();
}

/** Drops codes that expired before `before` (kept a while for support look-ups). */
export async function deleteExpiredUserTokens(db: Executor, before: string): Promise<void> {
  await db.deleteFrom('userTokens').where('dateExpires', '<', before).execute();
}
