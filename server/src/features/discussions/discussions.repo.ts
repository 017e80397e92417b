import { sql } from 'kysely';
import type { Db } from '../../platform/db/db.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import { compiledStatement } from '../../platform/db/compiled-statement.ts';

/** A `discussions` row with booleans converted, `hot` a number and `attributes` decoded. */
export interface DiscussionRow {
  discussionID: number;
  type: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  lastCommentID: number | null;
  lastCommentUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
  dateLastComment: string;
  countComments: number;
  countViews: number;
  countReports: number;
  score: number;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  statusID: number;
  internalStatusID: number;
  moderationStatus: string;
  attributes: Record<string, unknown>;
}

export const discussionColumns = [
  'discussions.discussionID',
  'discussions.type',
  'discussions.categoryID',
  'discussions.name',
  'discussions.body',
  'discussions.format',
  'discussions.bodyHtml',
  'discussions.bodyPlainText',
  'discussions.insertUserID',
  'discussions.updateUserID',
  'discussions.lastCommentID',
  'discussions.lastCommentUserID',
  'discussions.dateInserted',
  'discussions.dateUpdated',
  'discussions.dateLastComment',
  'discussions.countComments',
  'discussions.countViews',
  'discussions.countReports',
  'discussions.score',
  'discussions.hot',
  'discussions.pinned',
  'discussions.pinLocation',
  'discussions.closed',
  'discussions.sink',
  'discussions.resolved',
  'discussions.resolvedUserID',
  'discussions.statusID',
  'discussions.internalStatusID',
  'discussions.moderationStatus',
  'discussions.attributes',
] as const;

function decodeAttributes(value: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

type RawDiscussion = Omit<
  DiscussionRow,
  'hot' | 'pinned' | 'closed' | 'sink' | 'resolved' | 'attributes'
> & {
  hot: number | string;
  pinned: boolean | number;
  closed: boolean | number;
  sink: boolean | number;
  resolved: boolean | number;
  attributes: string;
};

export function toDiscussionRow(row: RawDiscussion): DiscussionRow {
  // Field by field rather than `...row`: spreading a driver's row (30 columns, every row of every
  // list) cost about twice as much as the query that read it.
  return {
    discussionID: row.discussionID,
    type: row.type,
    categoryID: row.categoryID,
    name: row.name,
    body: row.body,
    format: row.format,
    bodyHtml: row.bodyHtml,
    bodyPlainText: row.bodyPlainText,
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
    lastCommentID: row.lastCommentID,
    lastCommentUserID: row.lastCommentUserID,
    dateInserted: row.dateInserted,
    dateUpdated: row.dateUpdated,
    dateLastComment: row.dateLastComment,
    countComments: row.countComments,
    countViews: row.countViews,
    countReports: row.countReports,
    score: row.score,
    hot: Number(row.hot),
    pinned: toBool(row.pinned),
    pinLocation: row.pinLocation,
    closed: toBool(row.closed),
    sink: toBool(row.sink),
    resolved: toBool(row.resolved),
    resolvedUserID: row.resolvedUserID,
    statusID: row.statusID,
    internalStatusID: row.internalStatusID,
    moderationStatus: row.moderationStatus,
    attributes: decodeAttributes(row.attributes),
  };
}

/** One discussion by ID, whatever its moderation status. */
export async function findDiscussionByID(
  db: Db,
  discussionID: number,
): Promise<DiscussionRow | undefined> {
  const [row] = await selectDiscussionByID(db, { discussionID });
  return row ? toDiscussionRow(row) : undefined;
}

// Every discussion read runs it: built and compiled once (compiled-statement.ts).
const selectDiscussionByID = compiledStatement((db, parameters: { discussionID: number }) =>
  db.selectFrom('discussions').select(discussionColumns).where('discussions.discussionID', '=', parameters.discussionID),
);

/** Several discussions by ID (any order; missing IDs are absent). */
export async function findDiscussionsByIDs(
  db: Db,
  discussionIDs: readonly number[],
): Promise<DiscussionRow[]> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('discussions')
    .select(discussionColumns)
    .where('discussions.discussionID', 'in', ids)
    .execute();
  return rows.map(toDiscussionRow);
}

/** Values of a new discussion. */
export interface NewDiscussion {
  type: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  dateInserted: string;
  dateLastComment: string;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  moderationStatus: string;
  attributes?: string;
}

/**
 * Adds buffered page views to discussions' `countViews` in one transaction, in ascending ID (the
 * caller sorts them), so two flushes cannot lock rows in a cycle.
 */
export async function addDiscussionViews(
  db: Db,
  views: readonly (readonly [discussionID: number, count: number])[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [discussionID, count] of views) {
      await trx
        .updateTable('discussions')
        .set({ countViews: sql<number>`${sql.ref('countViews')} + cast(${count} as integer)` })
        .where('discussionID', '=', discussionID)
        .execute();
    }
  });
}

/** Inserts a discussion and returns its ID. */
export async function insertDiscussion(db: Db, discussion: NewDiscussion): Promise<number> {
  const row = await db
    .insertInto('discussions')
    .values(discussion)
    .returning('discussionID')
    .executeTakeFirstOrThrow();
  return row.discussionID;
}

/** Column changes of a discussion; absent keys stay. */
export type DiscussionChanges = Partial<{
  type: string;
  /** accepted | pending | rejected (issue 17: approval forward-dates `dateInserted`). */
  moderationStatus: string;
  dateInserted: string;
  categoryID: number;
  name: string;
  body: string;
  format: string;
  bodyHtml: string;
  bodyPlainText: string;
  insertUserID: number;
  updateUserID: number | null;
  dateUpdated: string;
  dateLastComment: string;
  hot: number;
  pinned: boolean;
  pinLocation: string | null;
  closed: boolean;
  sink: boolean;
  resolved: boolean;
  resolvedUserID: number | null;
  attributes: string;
}>;

/** Applies column changes to a discussion. */
export async function updateDiscussion(
  db: Db,
  discussionID: number,
  changes: DiscussionChanges,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('discussions')
    .set(changes)
    .where('discussionID', '=', discussionID)
    .execute();
}

/**
 * Deletes discussions with everything hanging off them: comments, reactions and their counts,
 * per-user rows. Release their tags first (tags service), so the tags' counts stay right.
 */
export async function deleteDiscussionRows(
  db: Db,
  discussionIDs: readonly number[],
): Promise<void> {
  const ids = [...new Set(discussionIDs)];
  if (ids.length === 0) return;
  const commentIDs = db.selectFrom('comments').select('commentID').where('discussionID', 'in', ids);
  for (const table of ['reactions', 'reactionCounts'] as const) {
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'comment')
      .where('recordID', 'in', commentIDs)
      .execute();
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'discussion')
      .where('recordID', 'in', ids)
      .execute();
  }
  await db.deleteFrom('comments').where('discussionID', 'in', ids).execute();
  await db.deleteFrom('userDiscussions').where('discussionID', 'in', ids).execute();
  await db.deleteFrom('discussions').where('discussionID', 'in', ids).execute();
}

/** Moves every discussion of a category to another (their comments follow their discussion). */
export async function moveDiscussionsToCategory(
  db: Db,
  fromCategoryID: number,
  toCategoryID: number,
): Promise<void> {
  await db
    .updateTable('discussions')
    .set({ categoryID: toCategoryID })
    .where('categoryID', '=', fromCategoryID)
    .execute();
}

/** A category's discussions, with what their authors' counters depend on. */
export async function findCategoryDiscussions(
  db: Db,
  categoryID: number,
): Promise<
  { discussionID: number; insertUserID: number; type: string; moderationStatus: string }[]
> {
  return db
    .selectFrom('discussions')
    .select(['discussionID', 'insertUserID', 'type', 'moderationStatus'])
    .where('categoryID', '=', categoryID)
    .execute();
}

/** Deletes the reactions on discussions (a merged discussion's body becomes a comment). */
export async function deleteDiscussionReactions(
  db: Db,
  discussionIDs: readonly number[],
): Promise<void> {
  if (discussionIDs.length === 0) return;
  for (const table of ['reactions', 'reactionCounts'] as const) {
    await db
      .deleteFrom(table)
      .where('recordType', '=', 'discussion')
      .where('recordID', 'in', [...discussionIDs])
      .execute();
  }
}

/** Tag IDs by URL code (case-insensitive); unknown codes are absent. */
export async function findTagIDsByUrlcode(
  db: Db,
  urlcodes: readonly string[],
): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const urlcode of new Set(urlcodes)) {
    const row = await db
      .selectFrom('tags')
      .select('tagID')
      .where(lowerEquals('tags.urlcode', urlcode))
      .executeTakeFirst();
    if (row) result.set(urlcode, row.tagID);
  }
  return result;
}
