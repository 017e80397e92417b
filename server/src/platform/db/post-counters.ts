import { sql, type Expression } from 'kysely';
import type { Db } from './db.ts';
import { dialectOf } from './dialect.ts';

// The counters every post write keeps (issue 12): a category's and its ancestors' counts and last
// post, an author's counts. Discussions and comments both write them, often inside one statement
// of their own (a data-modifying WITH), so they live below the features, like the user fragment.

/**
 * Locks categories in ascending ID (PostgreSQL; SQLite has one writer at a time), for a write that
 * changes the counters of two subtrees (a move): adjustCategoryCounters then changes rows already
 * held, so the two changes cannot interleave with another write's locks in a cycle.
 */
export async function lockCategoryRows(db: Db, categoryIDs: readonly number[]): Promise<void> {
  if (categoryIDs.length === 0 || dialectOf(db) !== 'postgres') return;
  await db
    .selectFrom('categories')
    .select('categoryID')
    .where('categoryID', 'in', [...new Set(categoryIDs)])
    .orderBy('categoryID')
    .forNoKeyUpdate()
    .execute();
}

/** A post's change of its category's counters and of its ancestors' including-descendants counters. */
export interface CategoryCountersChange {
  /** The category the post is in (own counts, last post). */
  categoryID: number;
  /** The category and its ancestors, whose countAll* counters move too. */
  chainIDs: readonly number[];
  discussions: number;
  comments: number;
  /**
   * A new accepted post: it becomes the category's last post unless a newer one is there already.
   * `commentID` may be an SQL expression (the ID a statement's own insert just made).
   */
  newPost?: { discussionID: number; commentID: number | Expression<number> | null; date: string };
}

/**
 * The one statement that changes a category's own counts, its and its ancestors' countAll*
 * counts and, for a new post, its last post; undefined when nothing changes.
 *
 * Lock order (issue 4): every write that changes several categories' counters locks those rows
 * in ascending categoryID, so two writes in related categories (a category and its parent) can
 * never wait for each other in a cycle. A plain `update … where categoryID in (…)` locks rows in
 * whatever order the plan visits them, and did deadlock (40P01) on PostgreSQL. The rows are the
 * busiest of the forum (every comment changes its top-level category), so writers change them
 * last, with the commit (runTransaction's atCommit). SQLite has one writer at a time: no row locks.
 */
export function categoryCountersUpdate(db: Db, change: CategoryCountersChange) {
  if (change.discussions === 0 && change.comments === 0 && !change.newPost) return undefined;
  const ids = [...new Set([change.categoryID, ...change.chainIDs])].sort((a, b) => a - b);
  const own = sql<boolean>`${sql.ref('categoryID')} = ${change.categoryID}`;
  const post = change.newPost;
  const isNewer = post
    ? sql<boolean>`${own} and (${sql.ref('lastPostDate')} is null or ${sql.ref('lastPostDate')} <= ${post.date})`
    : undefined;
  const query = db.updateTable('categories').set({
    countDiscussions: sql<number>`${sql.ref('countDiscussions')} + case when ${own} then cast(${change.discussions} as integer) else 0 end`,
    countComments: sql<number>`${sql.ref('countComments')} + case when ${own} then cast(${change.comments} as integer) else 0 end`,
    countAllDiscussions: sql<number>`${sql.ref('countAllDiscussions')} + cast(${change.discussions} as integer)`,
    countAllComments: sql<number>`${sql.ref('countAllComments')} + cast(${change.comments} as integer)`,
    ...(post && isNewer
      ? {
          lastDiscussionID: sql<
            number | null
          >`case when ${isNewer} then cast(${post.discussionID} as integer) else ${sql.ref('lastDiscussionID')} end`,
          lastCommentID: sql<
            number | null
          >`case when ${isNewer} then cast(${post.commentID} as integer) else ${sql.ref('lastCommentID')} end`,
          lastPostDate: sql<
            string | null
          >`case when ${isNewer} then ${post.date} else ${sql.ref('lastPostDate')} end`,
        }
      : {}),
  });
  if (dialectOf(db) !== 'postgres') return query.where('categoryID', 'in', ids);
  return query.where('categoryID', 'in', (eb) =>
    eb
      .selectFrom('categories as locked')
      .select('locked.categoryID')
      .where('locked.categoryID', 'in', ids)
      .orderBy('locked.categoryID')
      .forNoKeyUpdate(),
  );
}

/** Runs categoryCountersUpdate now, in the caller's transaction. */
export async function adjustCategoryCounters(
  db: Db,
  change: CategoryCountersChange,
): Promise<void> {
  await categoryCountersUpdate(db, change)?.execute();
}

/** The statement that changes a user's discussion and comment counts; undefined when nothing changes. */
export function userCountersUpdate(
  db: Db,
  userID: number,
  change: { discussions?: number; comments?: number },
) {
  const discussions = change.discussions ?? 0;
  const comments = change.comments ?? 0;
  if (userID <= 0 || (discussions === 0 && comments === 0)) return undefined;
  return db
    .updateTable('users')
    .set({
      ...(discussions === 0
        ? {}
        : {
            countDiscussions: sql<number>`${sql.ref('countDiscussions')} + cast(${discussions} as integer)`,
          }),
      ...(comments === 0
        ? {}
        : {
            countComments: sql<number>`${sql.ref('countComments')} + cast(${comments} as integer)`,
          }),
    })
    .where('userID', '=', userID);
}

/**
 * How many of a category's most recently active discussions are searched for its newest comment.
 * `dateLastComment` only moves forward (a comment, a bump), so the newest comment's discussion is
 * among the most recently active ones; the bound keeps the refresh index-only on huge categories.
 */
const RECENT_DISCUSSIONS = 50;

/** Sets categories.lastDiscussionID/lastCommentID/lastPostDate from the newest accepted discussion or comment in the category. */
export async function refreshCategoryLastPost(db: Db, categoryID: number): Promise<void> {
  const discussion = await db
    .selectFrom('discussions')
    .select(['discussionID', 'dateInserted'])
    .where('categoryID', '=', categoryID)
    .where('moderationStatus', '=', 'accepted')
    .where('type', '!=', 'redirect')
    .orderBy('dateInserted', 'desc')
    .orderBy('discussionID', 'desc')
    .limit(1)
    .executeTakeFirst();

  const recent = db
    .selectFrom('discussions')
    .select('discussions.lastCommentID')
    .where('discussions.categoryID', '=', categoryID)
    .where('discussions.moderationStatus', '=', 'accepted')
    .where('discussions.lastCommentID', 'is not', null)
    .orderBy('discussions.dateLastComment', 'desc')
    .limit(RECENT_DISCUSSIONS);
  const comment = await db
    .selectFrom('comments')
    .select(['comments.commentID', 'comments.discussionID', 'comments.dateInserted'])
    .where('comments.commentID', 'in', recent)
    .where('comments.moderationStatus', '=', 'accepted')
    .orderBy('comments.dateInserted', 'desc')
    .orderBy('comments.commentID', 'desc')
    .limit(1)
    .executeTakeFirst();

  const commentIsNewer =
    comment !== undefined &&
    (discussion === undefined ||
      Date.parse(comment.dateInserted) >= Date.parse(discussion.dateInserted));
  await db
    .updateTable('categories')
    .set(
      commentIsNewer
        ? {
            lastDiscussionID: comment.discussionID,
            lastCommentID: comment.commentID,
            lastPostDate: comment.dateInserted,
          }
        : {
            lastDiscussionID: discussion?.discussionID ?? null,
            lastCommentID: null,
            lastPostDate: discussion?.dateInserted ?? null,
          },
    )
    .where('categoryID', '=', categoryID)
    .execute();
}
