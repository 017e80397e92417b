import { sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import { takeNextIdentity } from '../../platform/db/dialect.ts';
import { toApiDate } from '../../platform/dates.ts';

/** A moderator's comment on an escalation, as stored (api-contract §27.7, §9). */
export interface EscalationCommentRow {
  commentID: number;
  escalationID: number;
  format: string;
  bodyHtml: string;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

const columns = [
  'commentID',
  'escalationID',
  'format',
  'bodyHtml',
  'insertUserID',
  'dateInserted',
  'updateUserID',
  'dateUpdated',
] as const;

export interface NewEscalationComment {
  escalationID: number;
  body: string;
  format: string;
  bodyHtml: string;
  insertUserID: number;
  dateInserted: string;
}

/**
 * Inserts the comment and counts it on its escalation; pass a transaction. Its ID is taken from
 * the comments' key space, so `commentID` names one comment whatever its parent.
 */
export async function insertEscalationComment(db: Db, comment: NewEscalationComment): Promise<number> {
  const commentID = await takeNextIdentity(db, 'comments', 'commentID');
  const row = await db
    .insertInto('escalationComments')
    .values({ ...comment, commentID })
    .returning('commentID')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('escalations')
    .set({ countComments: sql<number>`"countComments" + 1` })
    .where('escalationID', '=', comment.escalationID)
    .execute();
  return row.commentID;
}

export async function findEscalationCommentByID(db: Db, commentID: number): Promise<EscalationCommentRow | undefined> {
  const row = await db.selectFrom('escalationComments').select(columns).where('commentID', '=', commentID).executeTakeFirst();
  return row ? { ...row, dateInserted: toApiDate(row.dateInserted), dateUpdated: toApiDate(row.dateUpdated) } : undefined;
}

/** One page of an escalation's comments, oldest first (or newest first). */
export async function findEscalationComments(
  db: Db,
  escalationID: number,
  page: { descending: boolean; offset: number; limit: number },
): Promise<EscalationCommentRow[]> {
  const direction = page.descending ? 'desc' : 'asc';
  const rows = await db
    .selectFrom('escalationComments')
    .select(columns)
    .where('escalationID', '=', escalationID)
    .orderBy('dateInserted', direction)
    .orderBy('commentID', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((row) => ({ ...row, dateInserted: toApiDate(row.dateInserted), dateUpdated: toApiDate(row.dateUpdated) }));
}

/** The comment's raw source (for a `PATCH` that changes only its format). */
export async function findEscalationCommentSource(db: Db, commentID: number): Promise<string | undefined> {
  const row = await db.selectFrom('escalationComments').select('body').where('commentID', '=', commentID).executeTakeFirst();
  return row?.body;
}

/** Replaces an escalation comment's body (source, format and rendering). */
export async function updateEscalationComment(
  db: Db,
  commentID: number,
  changes: { body: string; format: string; bodyHtml: string; updateUserID: number; dateUpdated: string },
): Promise<void> {
  await db.updateTable('escalationComments').set(changes).where('commentID', '=', commentID).execute();
}

/** Deletes the comment and uncounts it on its escalation; pass a transaction. */
export async function deleteEscalationComment(db: Db, comment: { commentID: number; escalationID: number }): Promise<void> {
  await db.deleteFrom('escalationComments').where('commentID', '=', comment.commentID).execute();
  await db
    .updateTable('escalations')
    .set({ countComments: sql<number>`"countComments" - 1` })
    .where('escalationID', '=', comment.escalationID)
    .where('countComments', '>', 0)
    .execute();
}
