import { sql, type Kysely } from 'kysely';
import type {
  CommentDisplayType,
  CommentModerationStatus,
} from '../../../../common/src/api/comments.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
export type Executor = Kysely<Database>;

/** A `comments` row as the feature sees it. */
export interface CommentRow {
  commentID: number;
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  countChildComments: number;
  scoreChildComments: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  score: number;
  countReports: number;
  moderationStatus: CommentModerationStatus;
  displayType: CommentDisplayType;
  /** Decoded `attributes` JSON object. */
  attributes: Record<string, unknown>;
}

/** Every column of a comment row, qualified (joins). */
export const commentColumns = [
  'comments.commentID',
  'comments.discussionID',
  'comments.parentCommentID',
  'comments.depth',
  'comments.countChildComments',
  'comments.scoreChildComments',
  'comments.body',
  'comments.format',
  'comments.bodyHtml',
  'comments.bodyPlainText',
  'comments.insertUserID',
  'comments.updateUserID',
  'comments.dateInserted',
  'comments.dateUpdated',
  'comments.score',
  'comments.countReports',
  'comments.moderationStatus',
  'comments.displayType',
  'comments.attributes',
] as const;

// Unqualified: SQLite's RETURNING takes bare column names.
export const insertedColumns = commentColumns.map(
  (column) => column.slice('comments.'.length) as keyof Database['comments'],
);

/** A comment row as the database returns it. */
export interface RawComment extends Omit<
  CommentRow,
  'attributes' | 'moderationStatus' | 'displayType'
> {
  moderationStatus: string;
  displayType: string;
  attributes: string;
}

function decodeAttributes(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

function toModerationStatus(value: string): CommentModerationStatus {
  return value === 'pending' || value === 'rejected' ? value : 'accepted';
}

/** A raw comment row as the feature sees it (status, display type and attributes decoded). */
export function toCommentRow(row: RawComment): CommentRow {
  return {
    ...row,
    moderationStatus: toModerationStatus(row.moderationStatus),
    displayType: row.displayType === 'tombstone' ? 'tombstone' : 'full',
    attributes: decodeAttributes(row.attributes),
  };
}

/** One comment by ID, whatever its status. */
export async function findCommentByID(
  db: Executor,
  commentID: number,
): Promise<CommentRow | undefined> {
  const row = await db
    .selectFrom('comments')
    .select(commentColumns)
    .where('comments.commentID', '=', commentID)
    .executeTakeFirst();
  return row ? toCommentRow(row) : undefined;
}

/** Several comments by ID in one query, keyed by ID. */
export async function findCommentsByIDs(
  db: Executor,
  commentIDs: readonly number[],
): Promise<Map<number, CommentRow>> {
  const ids = [...new Set(commentIDs)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(commentColumns)
    .where('comments.commentID', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.commentID, toCommentRow(row)]));
}

/** Values of a new comment. */
export interface NewComment {
  discussionID: number;
  parentCommentID: number | null;
  depth: number;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  moderationStatus: CommentModerationStatus;
}

/** Inserts a comment and returns it as stored (defaults included), in the same statement. */
export async function insertComment(db: Executor, comment: NewComment): Promise<CommentRow> {
  const row = await db
    .insertInto('comments')
    .values(comment)
    .returning(insertedColumns)
    .executeTakeFirstOrThrow();
  return toCommentRow(row);
}

/** Column changes of a comment; absent keys stay. */
export type CommentChanges = Partial<{
  /** accepted | pending | rejected (issue 17: approval forward-dates `dateInserted`). */
  moderationStatus: string;
  dateInserted: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateUpdated: string | null;
  displayType: CommentDisplayType;
}>;

export async function updateComment(
  db: Executor,
  commentID: number,
  changes: CommentChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('comments').set(changes).where('commentID', '=', commentID).execute();
}

/** Moves a comment (without replies) to another discussion as a top-level comment. */
export async function moveCommentRow(
  db: Executor,
  commentID: number,
  discussionID: number,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({ discussionID, parentCommentID: null, depth: 1 })
    .where('commentID', '=', commentID)
    .execute();
}

/** Deletes comment rows and the reactions on them (reaction rows have no foreign key). */
export async function deleteCommentRows(
  db: Executor,
  commentIDs: readonly number[],
): Promise<void> {
  if (commentIDs.length === 0) return;
  const ids = [...commentIDs];
  await db
    .deleteFrom('reactions')
    .where('recordType', '=', 'comment')
    .where('recordID', 'in', ids)
    .execute();
  await db
    .deleteFrom('reactionCounts')
    .where('recordType', '=', 'comment')
    .where('recordID', 'in', ids)
    .execute();
  await db.deleteFrom('comments').where('commentID', 'in', ids).execute();
}

/** Changes a comment's count of direct replies. */
export async function adjustChildCommentCount(
  db: Executor,
  commentID: number,
  delta: number,
): Promise<void> {
  await db
    .updateTable('comments')
    .set({
      countChildComments: sql<number>`${sql.ref('countChildComments')} + cast(${delta} as integer)`,
    })
    .where('commentID', '=', commentID)
    .execute();
}

/** The newest visible (accepted, not tombstoned) comment of a discussion. */
export async function findLatestComment(
  db: Executor,
  discussionID: number,
): Promise<{ commentID: number; insertUserID: number; dateInserted: string } | undefined> {
  return db
    .selectFrom('comments')
    .select(['commentID', 'insertUserID', 'dateInserted'])
    .where('discussionID', '=', discussionID)
    .where('moderationStatus', '=', 'accepted')
    .where('displayType', '=', 'full')
    .orderBy('dateInserted', 'desc')
    .orderBy('commentID', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The dates of a user's latest `count` comments, newest first (flood control). */
export async function findRecentCommentDates(
  db: Executor,
  userID: number,
  count: number,
): Promise<string[]> {
  // Only dates come back, so ties need no order: the (insertUserID, dateInserted) index answers
  // it in order, without a sort.
  const rows = await db
    .selectFrom('comments')
    .select('dateInserted')
    .where('insertUserID', '=', userID)
    .orderBy('dateInserted', 'desc')
    .limit(count)
    .execute();
  return rows.map((row) => row.dateInserted);
}

/** All comment IDs under the given comments (any status), deepest last. */
export async function findDescendantIDs(
  db: Executor,
  commentIDs: readonly number[],
): Promise<number[]> {
  const found: number[] = [];
  let level = [...commentIDs];
  while (level.length > 0) {
    const rows = await db
      .selectFrom('comments')
      .select('commentID')
      .where('parentCommentID', 'in', level)
      .execute();
    level = rows.map((row) => row.commentID);
    found.push(...level);
  }
  return found;
}
