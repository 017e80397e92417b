import type { Db } from '../../platform/db/db.ts';

/** The owner of an unrevoked, unexpired access token with this hash, with its ban state, or null. */
export async function findActiveTokenOwner(
  db: Db,
  tokenHash: string,
  now: string,
): Promise<{ accessTokenID: number; userID: number; banned: boolean; deleted: boolean } | null> {
  const row = await db
    .selectFrom('accessTokens')
    .innerJoin('users', 'users.userID', 'accessTokens.userID')
    .select(['accessTokens.accessTokenID', 'accessTokens.userID', 'users.banned', 'users.deleted'])
    .where('accessTokens.tokenHash', '=', tokenHash)
    .where('accessTokens.dateRevoked', 'is', null)
    .where('accessTokens.dateExpires', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  return { accessTokenID: row.accessTokenID, userID: row.userID, banned: row.banned !== 0, deleted: row.deleted === true || row.deleted === 1 };
}

/** Records a token's use (at most once a minute per token, see the caller). */
export async function touchToken(db: Db, accessTokenID: number, now: string): Promise<void> {
  await db.updateTable('accessTokens').set({ dateLastUsed: now }).where('accessTokenID', '=', accessTokenID).execute();
}
