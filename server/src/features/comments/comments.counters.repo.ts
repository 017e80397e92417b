import { sql, type Expression } from 'kysely';
import { dialectOf } from '../../platform/db/dialect.ts';
import { retryOnConcurrencyFailure, runTransaction } from '../../platform/db/transaction.ts';
import {
  categoryCountersUpdate,
  userCountersUpdate,
} from '../../platform/db/post-counters.ts';
import { categoryChainOf, findDiscussionContext } from './comments.discussion-context.repo.ts';
import {
  adjustChildCommentCount,
  insertComment,
  insertedColumns,
  toCommentRow,
  type CommentRow,
  type Executor,
  type NewComment,
  type RawComment,
} from './comments.repo.ts';

/*
 * Lock order of every write that changes comment counters (issue 4): comment rows, then
 * discussions, then users, then userDiscussions, then categories in ascending ID (one statement,
 * categoryCountersUpdate). Categories come last, with the commit, because every comment of a
 * subtree changes its top-level category: the shorter those rows stay locked, the more comments
 * commit per second.
 */

/** Changes a user's comment count. */
export async function adjustUserCommentCount(
  db: Executor,
  userID: number,
  delta: number,
): Promise<void> {
  if (delta === 0) return;
  await db
    .updateTable('users')
    .set({ countComments: sql<number>`${sql.ref('countComments')} + cast(${delta} as integer)` })
    .where('userID', '=', userID)
    .execute();
}

/** A change of a discussion's comment counters (contract §8); `last` replaces the last comment. */
export interface DiscussionCommentCounters {
  countCommentsDelta: number;
  last?: {
    lastCommentID: number | null;
    lastCommentUserID: number | null;
    dateLastComment: string;
    hot: number;
  };
}

/** Changes a discussion's comment count and, with `last`, its last comment. */
export async function updateDiscussionCommentCounters(
  db: Executor,
  discussionID: number,
  counters: DiscussionCommentCounters,
): Promise<void> {
  await db
    .updateTable('discussions')
    .set({
      countComments: sql<number>`${sql.ref('countComments')} + cast(${counters.countCommentsDelta} as integer)`,
      ...(counters.last ?? {}),
    })
    .where('discussionID', '=', discussionID)
    .execute();
}

/**
 * Counts a new comment in its discussion and returns the discussion's new comment count and
 * category (read under the row lock this takes). The last
 * comment moves to this one only when it is newer than the stored one, so
 * concurrent writers that commit out of order cannot leave an older comment as the last.
 */
export async function countNewDiscussionComment(
  db: Executor,
  comment: { discussionID: number; commentID: number; insertUserID: number; dateInserted: string },
  hot: number,
): Promise<DiscussionCommentCount | undefined> {
  const row = await db
    .updateTable('discussions')
    .set(discussionColumnsOfNewComment(comment, sql<number>`${comment.commentID}`, hot))
    .where('discussionID', '=', comment.discussionID)
    .returning(['countComments', 'categoryID'])
    .executeTakeFirst();
  return row ? { countComments: Number(row.countComments), categoryID: row.categoryID } : undefined;
}

/** A discussion's comment count and category as its counter update left them. */
export interface DiscussionCommentCount {
  countComments: number;
  categoryID: number;
}

/** The `discussions` columns a new comment changes; `commentID` is its ID as an SQL expression. */
function discussionColumnsOfNewComment(
  comment: { insertUserID: number; dateInserted: string },
  commentID: Expression<number>,
  hot: number,
) {
  const isNewer = sql<boolean>`coalesce(${sql.ref('lastCommentID')}, 0) < ${commentID}`;
  const isLater = sql<boolean>`${sql.ref('dateLastComment')} <= ${comment.dateInserted}`;
  return {
    countComments: sql<number>`${sql.ref('countComments')} + 1`,
    lastCommentID: sql<number>`case when ${isNewer} then cast(${commentID} as integer) else ${sql.ref('lastCommentID')} end`,
    lastCommentUserID: sql<number>`case when ${isNewer} then cast(${comment.insertUserID} as integer) else ${sql.ref('lastCommentUserID')} end`,
    dateLastComment: sql<string>`case when ${isLater} then ${comment.dateInserted} else ${sql.ref('dateLastComment')} end`,
    hot: sql<number>`case when ${isLater} then ${hot} else ${sql.ref('hot')} end`,
  };
}

/** Where a new comment is counted beyond its discussion: the category as the request read it. */
export interface CommentCountPlace {
  categoryID: number;
  /** The category and its ancestors (countAll counters). */
  chainIDs: readonly number[];
}

/**
 * The statements that count a new comment beyond its discussion: its author's count and read
 * position, and the counts and last post of the category chain it is counted in.
 * `commentID` is a number, or on PostgreSQL an expression of the creating statement.
 */
function newCommentCounters(
  db: Executor,
  comment: {
    commentID: number | Expression<number>;
    discussionID: number;
    insertUserID: number;
    dateInserted: string;
  },
  place: CommentCountPlace,
) {
  return {
    author: userCountersUpdate(db, comment.insertUserID, { comments: 1 }),
    participation: (countCommentsRead: number | Expression<number>) =>
      participationUpsert(
        db,
        comment.insertUserID,
        comment.discussionID,
        countCommentsRead,
        comment.dateInserted,
      ),
    categories: categoryCountersUpdate(db, {
      categoryID: place.categoryID,
      chainIDs: [...place.chainIDs],
      discussions: 0,
      comments: 1,
      newPost: {
        discussionID: comment.discussionID,
        commentID: comment.commentID,
        date: comment.dateInserted,
      },
    }),
  };
}

/** A created comment and its discussion's count and category after counting it. */
export interface CountedComment {
  comment: CommentRow;
  /** Undefined when the discussion is gone. */
  counted: DiscussionCommentCount | undefined;
}

/**
 * Creates a visible comment and counts it everywhere (interfaces.md "Comments"), in the lock order
 * above: the comment row, its parent's replies, its discussion's count, last comment and hot
 * score, its author's count and read position (they have read their own comment), and the counts
 * and last post of `place`'s categories. The categories are counted only while the discussion is
 * still in `place.categoryID`; when `counted.categoryID` differs (the discussion moved since the
 * request read it) nothing was counted there: the caller calls countCommentWhereDiscussionIs.
 *
 * A top-level comment on PostgreSQL is one statement (data-modifying WITH): one round trip, atomic
 * without BEGIN/COMMIT, run again on a deadlock or serialization failure. Otherwise one
 * transaction whose counter updates of users, read positions and categories go with the COMMIT.
 */
export async function createCountedComment(
  db: Executor,
  comment: NewComment,
  hot: number,
  place: CommentCountPlace,
): Promise<CountedComment> {
  if (dialectOf(db) === 'postgres' && comment.parentCommentID === null)
    return createTopLevelCommentInOneStatement(db, comment, hot, place);
  return runTransaction(db, async (trx, control) => {
    const inserted = await insertComment(trx, comment);
    if (inserted.parentCommentID !== null)
      await adjustChildCommentCount(trx, inserted.parentCommentID, 1);
    const counted = await countNewDiscussionComment(trx, inserted, hot);
    if (!counted) return { comment: inserted, counted };
    const counters = newCommentCounters(trx, inserted, place);
    if (counters.author) control.atCommit(counters.author);
    control.atCommit(counters.participation(counted.countComments));
    if (counters.categories && counted.categoryID === place.categoryID)
      control.atCommit(counters.categories);
    return { comment: inserted, counted };
  });
}

async function createTopLevelCommentInOneStatement(
  db: Executor,
  comment: NewComment,
  hot: number,
  place: CommentCountPlace,
): Promise<CountedComment> {
  const insert = db.insertInto('comments').values(comment).returning(insertedColumns);
  const newID = sql<number>`(select ${sql.ref('commentID')} from ${sql.table('inserted')})`;
  const counters = newCommentCounters(db, { ...comment, commentID: newID }, place);
  const discussion = db
    .updateTable('discussions')
    .set(discussionColumnsOfNewComment(comment, newID, hot))
    .where('discussionID', '=', comment.discussionID)
    .returning(['countComments as countedComments', 'categoryID as countedCategoryID']);
  const parts = [
    sql`${sql.table('inserted')} as (${insert})`,
    sql`${sql.table('counted')} as (${discussion})`,
  ];
  if (counters.author) parts.push(sql`${sql.table('author')} as (${counters.author})`);
  parts.push(
    sql`${sql.table('participation')} as (${counters.participation(
      sql<number>`(select ${sql.ref('countedComments')} from ${sql.table('counted')})`,
    )})`,
  );
  if (counters.categories) {
    const sameCategory = sql<boolean>`exists (select 1 from ${sql.table('counted')} where ${sql.ref('countedCategoryID')} = ${place.categoryID})`;
    parts.push(sql`${sql.table('categories')} as (${counters.categories.where(sameCategory)})`);
  }
  const statement = sql<
    RawComment & { countedComments: number | null; countedCategoryID: number | null }
  >`with ${sql.join(parts)} select ${sql.table('inserted')}.*, ${sql.ref('counted.countedComments')}, ${sql.ref('counted.countedCategoryID')} from ${sql.table('inserted')} left join ${sql.table('counted')} on true`;
  // One statement: PostgreSQL rolls all of it back on a deadlock, so it may simply run again.
  const row = await retryOnConcurrencyFailure(async () => (await statement.execute(db)).rows[0]);
  if (!row) throw new Error('The comment insert returned no row.');
  const { countedComments, countedCategoryID, ...inserted } = row;
  return {
    comment: toCommentRow(inserted),
    counted:
      countedCategoryID === null || countedComments === null
        ? undefined
        : { countComments: Number(countedComments), categoryID: countedCategoryID },
  };
}

/**
 * Counts a created comment in the categories its discussion is in now (createCountedComment left
 * them out: the discussion moved between the request's read and the write), in a transaction of
 * its own whose category update goes with the COMMIT.
 */
export async function countCommentWhereDiscussionIs(
  db: Executor,
  comment: CommentRow,
): Promise<void> {
  await runTransaction(db, async (trx, control) => {
    const current = await findDiscussionContext(trx, comment.discussionID);
    if (!current) return;
    const { categories } = newCommentCounters(trx, comment, {
      categoryID: current.categoryID,
      chainIDs: categoryChainOf(current),
    });
    if (categories) control.atCommit(categories);
  });
}

/**
 * The statement that marks that a user took part in a discussion and has read it up to
 * `countCommentsRead` comments (a user has read their own comment), keeping a higher read position.
 */
export function participationUpsert(
  db: Executor,
  userID: number,
  discussionID: number,
  countCommentsRead: number | Expression<number>,
  now: string,
) {
  return db
    .insertInto('userDiscussions')
    .values({
      userID,
      discussionID,
      participated: true,
      dateLastViewed: now,
      countCommentsRead,
    })
    .onConflict((oc) =>
      oc.columns(['userID', 'discussionID']).doUpdateSet({
        participated: true,
        dateLastViewed: now,
        countCommentsRead: sql<number>`case when ${sql.ref('userDiscussions.countCommentsRead')} > ${countCommentsRead} then ${sql.ref('userDiscussions.countCommentsRead')} else ${countCommentsRead} end`,
      }),
    );
}
