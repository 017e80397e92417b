import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';

/** What a discussion or comment search result shows (api-contract §17 result item). */
export interface PostRecordRow {
  recordType: 'discussion' | 'comment';
  recordID: number;
  discussionID: number;
  /** The discussion's title (a comment's discussion). */
  discussionName: string;
  type: string;
  categoryID: number;
  bodyHtml: string;
  bodyPlainText: string;
  format: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  closed: boolean;
  pinned: boolean;
  /** The discussion's comment and view counts (zero for comments). */
  countComments: number;
  countViews: number;
}

/** The discussions of a result page, by ID, in one query. */
export async function findDiscussionRecords(db: Db, ids: readonly number[]): Promise<Map<number, PostRecordRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussions')
    .select([
      'discussionID',
      'name',
      'type',
      'categoryID',
      'bodyHtml',
      'bodyPlainText',
      'format',
      'insertUserID',
      'updateUserID',
      'dateInserted',
      'dateUpdated',
      'closed',
      'pinned',
      'countComments',
      'countViews',
    ])
    .where('discussionID', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [
      row.discussionID,
      {
        recordType: 'discussion',
        recordID: row.discussionID,
        discussionID: row.discussionID,
        discussionName: row.name,
        type: row.type.toLowerCase(),
        categoryID: row.categoryID,
        bodyHtml: row.bodyHtml,
        bodyPlainText: row.bodyPlainText,
        format: row.format,
        insertUserID: row.insertUserID,
        updateUserID: row.updateUserID,
        dateInserted: String(row.dateInserted),
        dateUpdated: row.dateUpdated === null ? null : String(row.dateUpdated),
        closed: toBool(row.closed),
        pinned: toBool(row.pinned),
        countComments: Number(row.countComments),
        countViews: Number(row.countViews),
      },
    ]),
  );
}

/** The comments of a result page with their discussion's title and category, by ID, in one query. */
export async function findCommentRecords(db: Db, ids: readonly number[]): Promise<Map<number, PostRecordRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .innerJoin('discussions', 'discussions.discussionID', 'comments.discussionID')
    .select([
      'comments.commentID',
      'comments.discussionID',
      'discussions.name',
      'discussions.categoryID',
      'comments.bodyHtml',
      'comments.bodyPlainText',
      'comments.format',
      'comments.insertUserID',
      'comments.updateUserID',
      'comments.dateInserted',
      'comments.dateUpdated',
    ])
    .where('comments.commentID', 'in', [...ids])
    .execute();
  return new Map(
    rows.map((row) => [
      row.commentID,
      {
        recordType: 'comment',
        recordID: row.commentID,
        discussionID: row.discussionID,
        discussionName: row.name,
        type: 'comment',
        categoryID: row.categoryID,
        bodyHtml: row.bodyHtml,
        bodyPlainText: row.bodyPlainText,
        format: row.format,
        insertUserID: row.insertUserID,
        updateUserID: row.updateUserID,
        dateInserted: String(row.dateInserted),
        dateUpdated: row.dateUpdated === null ? null : String(row.dateUpdated),
        closed: false,
        pinned: false,
        countComments: 0,
        countViews: 0,
      },
    ]),
  );
}
