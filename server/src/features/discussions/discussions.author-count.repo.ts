import type { Db } from '../../platform/db/db.ts';

/**
 * The numbered pager's total of one author's discussions (a profile's list) without counting them:
 * the author's `users.countDiscussions` (accepted discussions, redirects left out, kept in every
 * write's transaction) less the ones in categories the viewer may not see, counted from
 * `discussions_user_scope (insertUserID, categoryID, moderationStatus, type)` alone for those
 * categories only. So a member with 100,000 discussions costs what one with 10 does (issue 15;
 * docs/decisions.md).
 */
export async function countAuthorDiscussions(
  db: Db,
  userID: number,
  hiddenCategoryIDs: readonly number[],
): Promise<number> {
  const [user, hidden] = await Promise.all([
    db
      .selectFrom('users')
      .select('countDiscussions')
      .where('userID', '=', userID)
      .executeTakeFirst(),
    hiddenCategoryIDs.length === 0
      ? undefined
      : db
          .selectFrom('discussions')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('insertUserID', '=', userID)
          .where('categoryID', 'in', [...hiddenCategoryIDs])
          .where('moderationStatus', '=', 'accepted')
          .where('type', '<>', 'redirect')
          .executeTakeFirst(),
  ]);
  if (!user) return 0;
  return Math.max(0, Number(user.countDiscussions) - Number(hidden?.count ?? 0));
}

/**
 * The IDs of page `offset / limit + 1` of an author's accepted discussions outside
 * `hiddenCategoryIDs`, redirects left out, by `dateInserted` (ties by ID). Read from
 * `discussions_user_list (insertUserID, dateInserted, discussionID, categoryID, moderationStatus,
 * type)` alone: page 1 is a range of `limit` entries; page n skips the entries before it in the
 * index without reading a row (Vanilla's numbered `/p{n}` paging kept, the seek bounded by the
 * index), and the caller reads the page's rows by primary key.
 */
export async function findAuthorDiscussionIDs(
  db: Db,
  userID: number,
  hiddenCategoryIDs: readonly number[],
  options: { descending: boolean; limit: number; offset: number },
): Promise<number[]> {
  const direction = options.descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('discussions')
    .select('discussionID')
    .where('insertUserID', '=', userID)
    .where('moderationStatus', '=', 'accepted')
    .where('type', '<>', 'redirect');
  if (hiddenCategoryIDs.length > 0)
    query = query.where('categoryID', 'not in', [...hiddenCategoryIDs]);
  const rows = await query
    .orderBy('dateInserted', direction)
    .orderBy('discussionID', direction)
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((row) => row.discussionID);
}
