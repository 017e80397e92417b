import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

/** A user's state for one discussion (booleans converted). */
export interface UserDiscussionRow {
  discussionID: number;
  bookmarked: boolean;
  muted: boolean;
  dismissed: boolean;
  participated: boolean;
  dateLastViewed: string | null;
  countCommentsRead: number;
}

// A member's every list and discussion runs it: built and compiled once per list length.
const selectUserDiscussions = compiledStatement((db, parameters: { userID: number; ids: number[] }) =>
  db
    .selectFrom('userDiscussions')
    .select([
      'discussionID',
      'bookmarked',
      'muted',
      'dismissed',
      'participated',
      'dateLastViewed',
      'countCommentsRead',
    ])
    .where('userID', '=', parameters.userID)
    .where('discussionID', 'in', parameters.ids),
);

/** A user's rows for several discussions (one query per list), keyed by discussionID. */
export async function findUserDiscussions(
  db: Db,
  userID: number,
  discussionIDs: readonly number[],
): Promise<Map<number, UserDiscussionRow>> {
  const ids = [...new Set(discussionIDs)];
  if (userID <= 0 || ids.length === 0) return new Map();
  const rows = await selectUserDiscussions(db, { userID, ids });
  return new Map(
    rows.map((row) => [
      row.discussionID,
      {
        ...row,
        bookmarked: toBool(row.bookmarked),
        muted: toBool(row.muted),
        dismissed: toBool(row.dismissed),
        participated: toBool(row.participated),
      },
    ]),
  );
}

/** Changes of a user's discussion state. */
export type UserDiscussionChanges = Partial<{
  bookmarked: boolean;
  dateBookmarked: string | null;
  muted: boolean;
  dismissed: boolean;
  participated: boolean;
  dateLastViewed: string;
}>;

/** Creates or updates a user's row for a discussion in one statement. */
export async function upsertUserDiscussion(
  db: Db,
  userID: number,
  discussionID: number,
  changes: UserDiscussionChanges,
): Promise<void> {
  await db
    .insertInto('userDiscussions')
    .values({ userID, discussionID, ...changes })
    .onConflict((oc) => oc.columns(['userID', 'discussionID']).doUpdateSet(changes))
    .execute();
}

/** Records a view: last viewed now, comments read at least `countCommentsSeen`. */
export async function recordUserView(
  db: Db,
  userID: number,
  discussionID: number,
  now: string,
  countCommentsSeen: number,
): Promise<void> {
  await db
    .insertInto('userDiscussions')
    .values({ userID, discussionID, dateLastViewed: now, countCommentsRead: countCommentsSeen })
    .onConflict((oc) =>
      oc.columns(['userID', 'discussionID']).doUpdateSet({
        dateLastViewed: now,
        countCommentsRead: sql<number>`case when ${sql.ref('userDiscussions.countCommentsRead')} > ${countCommentsSeen} then ${sql.ref('userDiscussions.countCommentsRead')} else ${countCommentsSeen} end`,
      }),
    )
    .execute();
}

/** A user's rows joined to their published discussions in `categoryIDs` (undefined: every category). */
function publishedOf(db: Db, userID: number, categoryIDs: readonly number[] | undefined) {
  return db
    .selectFrom('userDiscussions')
    .innerJoin('discussions', 'discussions.discussionID', 'userDiscussions.discussionID')
    .where('userDiscussions.userID', '=', userID)
    .where('discussions.moderationStatus', '=', 'accepted')
    .where((eb) =>
      categoryIDs === undefined
        ? sql<SqlBool>`1 = 1`
        : categoryIDs.length === 0
          ? sql<SqlBool>`1 = 0`
          : eb('discussions.categoryID', 'in', [...categoryIDs]),
    );
}

/** A user's bookmarked, published discussions in `categoryIDs` (undefined: every category). */
function bookmarkedOf(db: Db, userID: number, categoryIDs: readonly number[] | undefined) {
  return publishedOf(db, userID, categoryIDs).where('userDiscussions.bookmarked', '=', true);
}

/**
 * How many published discussions in `categoryIDs` a user has opened and that have comments they
 * have not read since, muted ones left out (the me-counts `UnreadDiscussions`). Reads only the
 * user's own rows (the table's key starts with userID), so it costs what the user has read.
 */
export async function countUnreadSinceViewed(
  db: Db,
  userID: number,
  categoryIDs: readonly number[] | undefined,
): Promise<number> {
  const row = await publishedOf(db, userID, categoryIDs)
    .where('userDiscussions.dateLastViewed', 'is not', null)
    .where('userDiscussions.muted', '=', false)
    .whereRef('discussions.countComments', '>', 'userDiscussions.countCommentsRead')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** How many discussions a user bookmarked in `categoryIDs` (the me-counts `Bookmarks`). */
export async function countBookmarked(
  db: Db,
  userID: number,
  categoryIDs: readonly number[] | undefined,
): Promise<number> {
  const row = await bookmarkedOf(db, userID, categoryIDs)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The IDs of a user's bookmarked discussions that are in `categoryIDs`, newest bookmark first, paged. */
export async function findBookmarkedPage(
  db: Db,
  userID: number,
  categoryIDs: readonly number[] | undefined,
  options: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const base = bookmarkedOf(db, userID, categoryIDs);
  let page = base
    .select('userDiscussions.discussionID')
    .orderBy('userDiscussions.dateBookmarked', 'desc')
    .orderBy('userDiscussions.discussionID', 'desc')
    .limit(options.limit);
  if (options.offset > 0) page = page.offset(options.offset);
  const [rows, count] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirst(),
  ]);
  return { ids: rows.map((row) => row.discussionID), total: Number(count?.count ?? 0) };
}
