/**
 * Issue 15's rows of `npm run bench`: a profile's discussions list (`profileDiscussions`, JSON, as
 * the profile's discussions tab asks for it) and the guest profile page SSR (`profileSsr`), both
 * for the seed's most prolific member (the most discussions: the heaviest list the seed has).
 * bench/profile-lists.ts compares a 100,000-post member with a 10-post one in process.
 */
import { openDatabase } from '../server/src/platform/db/db.ts';
import type { Target } from './seed.ts';

/** The reads to add to the run's guest reads. */
export async function profileReads(
  run: Target,
): Promise<{ key: string; label: string; path: string }[]> {
  const database = openDatabase({ databaseUrl: run.databaseUrl, dataDir: run.dataDir });
  try {
    const member = await database.db
      .selectFrom('users')
      .select(['userID', 'name', 'countDiscussions'])
      .orderBy('countDiscussions', 'desc')
      .orderBy('userID')
      .limit(1)
      .executeTakeFirstOrThrow();
    const posts = String(member.countDiscussions);
    return [
      {
        key: 'profileDiscussions',
        label: `a profile's discussions JSON (${posts} discussions, limit=30)`,
        path: `/api/v2/discussions?insertUserID=${String(member.userID)}&sort=-dateInserted&limit=30`,
      },
      {
        key: 'profileSsr',
        label: `SSR profile page HTML (${posts} discussions)`,
        path: `/profile/${encodeURIComponent(member.name)}`,
      },
    ];
  } finally {
    await database.close();
  }
}
