import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';

// What the e-mail digest reads (issue 13): who follows categories, and their new discussions.

type Executor = Kysely<Database>;

/** One page of users who follow at least one category, after `afterUserID`, by userID. */
export async function findCategoryFollowersPage(db: Executor, afterUserID: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('userCategories')
    .select('userID')
    .distinct()
    .where('followed', '=', true)
    .where('userID', '>', afterUserID)
    .orderBy('userID')
    .limit(limit)
    .execute();
  return rows.map((row) => row.userID);
}

/** A user's followed categories with their preferences JSON. */
export async function findFollowedCategoriesOf(db: Executor, userID: number): Promise<{ categoryID: number; preferences: string }[]> {
  return db
    .selectFrom('userCategories')
    .select(['categoryID', 'preferences'])
    .where('userID', '=', userID)
    .where('followed', '=', true)
    .execute();
}

/** A discussion of a digest. */
export interface DigestDiscussion {
  discussionID: number;
  name: string;
  categoryID: number;
  bodyPlainText: string;
}

/**
 * Accepted discussions started in `[since, until)` in some categories, by others than `userID`,
 * newest first, at most `limit`.
 */
export async function findDigestDiscussions(
  db: Executor,
  query: { categoryIDs: readonly number[]; since: string; until: string; excludeUserID: number; limit: number },
): Promise<DigestDiscussion[]> {
  if (query.categoryIDs.length === 0) return [];
  return db
    .selectFrom('discussions')
    .select(['discussionID', 'name', 'categoryID', 'bodyPlainText'])
    .where('categoryID', 'in', [...query.categoryIDs])
    .where('dateInserted', '>=', query.since)
    .where('dateInserted', '<', query.until)
    .where('moderationStatus', '=', 'accepted')
    .where('insertUserID', '<>', query.excludeUserID)
    .orderBy('dateInserted', 'desc')
    .orderBy('discussionID', 'desc')
    .limit(query.limit)
    .execute();
}
