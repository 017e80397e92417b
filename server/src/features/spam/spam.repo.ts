import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';

/** What the spam rules need of an author (issue 17). */
export interface SpamSubject {
  /** Made by `POST /users/register` (not by an administrator, setup or an import). */
  selfRegistered: boolean;
  /** Verified (`bypassSpam`, api-contract §3, §27.5 `verifyRecordUser`). */
  verified: boolean;
  /** Accepted discussions and comments (the user's stored counters). */
  acceptedPosts: number;
}

/** The author's registration, verification and accepted posts; null for an unknown user. */
export async function findSpamSubject(db: Db, userID: number): Promise<SpamSubject | null> {
  const row = await db
    .selectFrom('users')
    .select(['selfRegistered', 'bypassSpam', 'countDiscussions', 'countComments'])
    .where('userID', '=', userID)
    .executeTakeFirst();
  if (!row) return null;
  return {
    selfRegistered: toBool(row.selfRegistered),
    verified: toBool(row.bypassSpam),
    acceptedPosts: Number(row.countDiscussions) + Number(row.countComments),
  };
}
