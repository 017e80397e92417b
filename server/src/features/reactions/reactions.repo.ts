import { sql, type Kysely } from 'kysely';
import type { ReactionClass, ReactionRecordType } from '../../../../common/src/api/reactions.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** What the reaction rules need of a discussion or comment. */
export interface ReactionTarget {
  recordType: ReactionRecordType;
  recordID: number;
  discussionID: number;
  /** For comments: the comment replied to, whose `scoreChildComments` follows this score. */
  parentCommentID: number | null;
  categoryID: number;
  permissionCategoryID: number;
  /** The category's tree path (its ancestors: the guest cache's scope of a change). */
  treePath: string;
  /** The record (and, for a comment, its discussion) is accepted and not a tombstone. */
  visible: boolean;
}

/** One reaction with its type, for the log. */
export interface ReactionLogRow {
  recordID: number;
  userID: number;
  tagID: number;
  dateInserted: string;
}

/** The discussion or comment a reaction call addresses, with where its permissions come from. */
export async function findReactionTarget(
  db: Executor,
  recordType: ReactionRecordType,
  recordID: number,
): Promise<ReactionTarget | undefined> {
  if (recordType === 'discussion') {
    const row = await db
      .selectFrom('discussions')
      .innerJoin('categories', 'categories.categoryID', 'discussions.categoryID')
      .select([
        'discussions.discussionID',
        'discussions.categoryID',
        'discussions.moderationStatus',
        'categories.permissionCategoryID',
        'categories.treePath',
      ])
      .where('discussions.discussionID', '=', recordID)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      recordType,
      recordID,
      discussionID: row.discussionID,
      parentCommentID: null,
      categoryID: row.categoryID,
      permissionCategoryID: row.permissionCategoryID,
      treePath: row.treePath,
      visible: row.moderationStatus === 'accepted',
    };
  }
  const row = await db
    .selectFrom('comments')
    .innerJoin('discussions', 'discussions.discussionID', 'comments.discussionID')
    .innerJoin('categories', 'categories.categoryID', 'discussions.categoryID')
    .select([
      'comments.commentID',
      'comments.discussionID',
      'comments.parentCommentID',
      'comments.moderationStatus as commentStatus',
      'comments.displayType',
      'discussions.moderationStatus as discussionStatus',
      'discussions.categoryID',
      'categories.permissionCategoryID',
      'categories.treePath',
    ])
    .where('comments.commentID', '=', recordID)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    recordType,
    recordID,
    discussionID: row.discussionID,
    parentCommentID: row.parentCommentID,
    categoryID: row.categoryID,
    permissionCategoryID: row.permissionCategoryID,
    treePath: row.treePath,
    visible:
      row.commentStatus === 'accepted' &&
      row.discussionStatus === 'accepted' &&
      row.displayType !== 'tombstone',
  };
}

/** The tag of a user's reaction to a record, if any. */
export async function findUserReaction(
  db: Executor,
  recordType: ReactionRecordType,
  recordID: number,
  userID: number,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('reactions')
    .select('tagID')
    .where('recordType', '=', recordType)
    .where('recordID', '=', recordID)
    .where('userID', '=', userID)
    .executeTakeFirst();
  return row?.tagID;
}

/** Deletes a user's reaction to a record; answers the tag it had, or undefined when none. */
export async function deleteUserReaction(
  db: Executor,
  recordType: ReactionRecordType,
  recordID: number,
  userID: number,
): Promise<number | undefined> {
  const row = await db
    .deleteFrom('reactions')
    .where('recordType', '=', recordType)
    .where('recordID', '=', recordID)
    .where('userID', '=', userID)
    .returning('tagID')
    .executeTakeFirst();
  return row?.tagID;
}

/** Records a reaction; false when the user already has one on the record (a concurrent call). */
export async function insertReaction(
  db: Executor,
  reaction: {
    recordType: ReactionRecordType;
    recordID: number;
    userID: number;
    tagID: number;
    dateInserted: string;
  },
): Promise<boolean> {
  const row = await db
    .insertInto('reactions')
    .values(reaction)
    .onConflict((oc) => oc.columns(['recordType', 'recordID', 'userID']).doNothing())
    .returning('tagID')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves the stored count of one type on one record by `delta`; a count that reaches 0 goes. */
export async function adjustReactionCount(
  db: Executor,
  recordType: ReactionRecordType,
  recordID: number,
  tagID: number,
  delta: number,
): Promise<void> {
  await db
    .insertInto('reactionCounts')
    .values({ recordType, recordID, tagID, count: delta })
    .onConflict((oc) =>
      oc
        .columns(['recordType', 'recordID', 'tagID'])
        .doUpdateSet({ count: sql`"reactionCounts"."count" + ${delta}` }),
    )
    .execute();
  await db
    .deleteFrom('reactionCounts')
    .where('recordType', '=', recordType)
    .where('recordID', '=', recordID)
    .where('tagID', '=', tagID)
    .where('count', '<=', 0)
    .execute();
}

/** Stored positive counts of active types on records, in one query. */
export async function findReactionCounts(
  db: Executor,
  recordType: ReactionRecordType,
  recordIDs: readonly number[],
): Promise<{ recordID: number; tagID: number; count: number }[]> {
  if (recordIDs.length === 0) return [];
  return db
    .selectFrom('reactionCounts')
    .innerJoin('reactionTypes', 'reactionTypes.tagID', 'reactionCounts.tagID')
    .select(['reactionCounts.recordID', 'reactionCounts.tagID', 'reactionCounts.count'])
    .where('reactionCounts.recordType', '=', recordType)
    .where('reactionCounts.recordID', 'in', [...new Set(recordIDs)])
    .where('reactionCounts.count', '>', 0)
    .execute();
}

/** A user's reactions to records, in one query. */
export async function findUserReactions(
  db: Executor,
  recordType: ReactionRecordType,
  recordIDs: readonly number[],
  userID: number,
): Promise<{ recordID: number; tagID: number }[]> {
  if (recordIDs.length === 0 || userID <= 0) return [];
  return db
    .selectFrom('reactions')
    .select(['recordID', 'tagID'])
    .where('recordType', '=', recordType)
    .where('recordID', 'in', [...new Set(recordIDs)])
    .where('userID', '=', userID)
    .execute();
}

/** Filter of a record's reaction log. */
export interface ReactionLogFilter {
  recordType: ReactionRecordType;
  recordID: number;
  classes: readonly ReactionClass[];
  tagID?: number | undefined;
}

function logQuery(db: Executor, filter: ReactionLogFilter) {
  let query = db
    .selectFrom('reactions')
    .innerJoin('reactionTypes', 'reactionTypes.tagID', 'reactions.tagID')
    .where('reactions.recordType', '=', filter.recordType)
    .where('reactions.recordID', '=', filter.recordID)
    .where('reactionTypes.class', 'in', [...filter.classes]);
  if (filter.tagID !== undefined) query = query.where('reactions.tagID', '=', filter.tagID);
  return query;
}

/** A page of a record's reactions, newest first. */
export async function findReactionLog(
  db: Executor,
  filter: ReactionLogFilter,
  page: { limit: number; offset: number },
): Promise<ReactionLogRow[]> {
  return logQuery(db, filter)
    .select(['reactions.recordID', 'reactions.userID', 'reactions.tagID', 'reactions.dateInserted'])
    .orderBy('reactions.dateInserted', 'desc')
    .orderBy('reactions.userID', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many reactions the log filter matches (the numbered pager's total). */
export async function countReactionLog(db: Executor, filter: ReactionLogFilter): Promise<number> {
  const row = await logQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
