import type { Db } from '../../platform/db/db.ts';

/**
 * The numbered pager's total of one author's discussions (a profile's list) without counting them:
 * the author's `users.countDiscussions` (accepted discussions, redirects left out, kept in every
 * write's transaction) less the ones in categories the viewer may not see, counted by probing
 * `discussions_user_category (insertUserID, categoryID)` for those categories only. So a member
 * with 100,000 discussions costs what one with 10 does (issue 15; docs/decisions.md).
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
