import type { Db } from '../../platform/db/db.ts';

/** Accepted, shown comments of discussions, counted by author (the users' comment counters). */
export async function countCommentsByAuthor(
  db: Db,
  discussionIDs: readonly number[],
): Promise<Map<number, number>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['insertUserID', (eb) => eb.fn.countAll<number>().as('count')])
    .where('discussionID', 'in', [...discussionIDs])
    .where('moderationStatus', '=', 'accepted')
    .where('displayType', '=', 'full')
    .groupBy('insertUserID')
    .execute();
  return new Map(rows.map((row) => [row.insertUserID, Number(row.count)]));
}

/** Comments by ID, with what a discussion's `lastPost` shows. */
export async function findLastComments(
  db: Db,
  commentIDs: readonly number[],
): Promise<
  Map<number, { commentID: number; bodyHtml: string; insertUserID: number; dateInserted: string }>
> {
  if (commentIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['commentID', 'bodyHtml', 'insertUserID', 'dateInserted'])
    .where('commentID', 'in', [...new Set(commentIDs)])
    .execute();
  return new Map(rows.map((row) => [row.commentID, row]));
}

/** Comments by ID with what a split needs. */
export async function findCommentsForSplit(
  db: Db,
  commentIDs: readonly number[],
): Promise<{ commentID: number; discussionID: number; dateInserted: string }[]> {
  if (commentIDs.length === 0) return [];
  return db
    .selectFrom('comments')
    .select(['commentID', 'discussionID', 'dateInserted'])
    .where('commentID', 'in', [...new Set(commentIDs)])
    .execute();
}

/** Moves comments to another discussion. */
export async function moveCommentsByID(
  db: Db,
  commentIDs: readonly number[],
  discussionID: number,
): Promise<void> {
  if (commentIDs.length === 0) return;
  await db
    .updateTable('comments')
    .set({ discussionID })
    .where('commentID', 'in', [...commentIDs])
    .execute();
}

/** Moves every comment of some discussions to another one. */
export async function moveAllComments(
  db: Db,
  fromDiscussionIDs: readonly number[],
  discussionID: number,
): Promise<void> {
  if (fromDiscussionIDs.length === 0) return;
  await db
    .updateTable('comments')
    .set({ discussionID })
    .where('discussionID', 'in', [...fromDiscussionIDs])
    .execute();
}

/** Values of a comment made from a merged discussion's body. */
export interface NewMergedComment {
  discussionID: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  dateUpdated: string | null;
  updateUserID: number | null;
  score: number;
}

/** Inserts a top-level comment (a merged discussion's body) and returns its ID. */
export async function insertMergedComment(db: Db, comment: NewMergedComment): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({ ...comment, depth: 1, parentCommentID: null })
    .returning('commentID')
    .executeTakeFirstOrThrow();
  return row.commentID;
}

/**
 * Repairs the reply tree of a discussion after comments moved in or out: a reply whose parent is
 * elsewhere becomes top-level; depths and child counts are recomputed. Returns nothing.
 */
export async function repairCommentTree(db: Db, discussionID: number): Promise<void> {
  const rows = await db
    .selectFrom('comments')
    .select(['commentID', 'parentCommentID', 'depth', 'countChildComments'])
    .where('discussionID', '=', discussionID)
    .execute();
  const byID = new Map(rows.map((row) => [row.commentID, row]));
  const parentOf = new Map<number, number | null>();
  for (const row of rows) {
    parentOf.set(
      row.commentID,
      row.parentCommentID !== null && byID.has(row.parentCommentID) ? row.parentCommentID : null,
    );
  }
  const depthOf = new Map<number, number>();
  const depth = (commentID: number, guard: number): number => {
    const known = depthOf.get(commentID);
    if (known !== undefined) return known;
    const parent = parentOf.get(commentID) ?? null;
    const value = parent === null || guard > rows.length ? 1 : depth(parent, guard + 1) + 1;
    depthOf.set(commentID, value);
    return value;
  };
  const children = new Map<number, number>();
  for (const [commentID, parent] of parentOf) {
    if (parent !== null) children.set(parent, (children.get(parent) ?? 0) + 1);
    depth(commentID, 0);
  }
  for (const row of rows) {
    const parent = parentOf.get(row.commentID) ?? null;
    const newDepth = depthOf.get(row.commentID) ?? 1;
    const newChildren = children.get(row.commentID) ?? 0;
    if (
      parent === row.parentCommentID &&
      newDepth === row.depth &&
      newChildren === row.countChildComments
    )
      continue;
    await db
      .updateTable('comments')
      .set({ parentCommentID: parent, depth: newDepth, countChildComments: newChildren })
      .where('commentID', '=', row.commentID)
      .execute();
  }
}

/** What a discussion's comment counters are, computed from its comments. */
export interface CommentSummary {
  countComments: number;
  lastCommentID: number | null;
  lastCommentUserID: number | null;
  lastCommentDate: string | null;
}

/** Counts a discussion's accepted, shown comments and finds the newest (index comments_discussion). */
export async function summarizeComments(db: Db, discussionID: number): Promise<CommentSummary> {
  const [count, last] = await Promise.all([
    db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('discussionID', '=', discussionID)
      .where('moderationStatus', '=', 'accepted')
      .where('displayType', '=', 'full')
      .executeTakeFirst(),
    db
      .selectFrom('comments')
      .select(['commentID', 'insertUserID', 'dateInserted'])
      .where('discussionID', '=', discussionID)
      .where('moderationStatus', '=', 'accepted')
      .orderBy('dateInserted', 'desc')
      .orderBy('commentID', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    countComments: Number(count?.count ?? 0),
    lastCommentID: last?.commentID ?? null,
    lastCommentUserID: last?.insertUserID ?? null,
    lastCommentDate: last?.dateInserted ?? null,
  };
}

/** Writes a discussion's comment counters. */
export async function writeCommentCounters(
  db: Db,
  discussionID: number,
  values: {
    countComments: number;
    lastCommentID: number | null;
    lastCommentUserID: number | null;
    dateLastComment: string;
    hot: number;
  },
): Promise<void> {
  await db
    .updateTable('discussions')
    .set(values)
    .where('discussionID', '=', discussionID)
    .execute();
}
