import type { Insertable } from 'kysely';
import { isContentFormat, type ContentFormat } from '../../../../common/src/api/content.ts';
import type { RequestContext } from '../../http/context.ts';
import type { Db } from '../../platform/db/db.ts';
import type { CommentsTable } from '../../platform/db/schema.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { refreshCategoryLastPost } from '../../platform/db/post-counters.ts';
import { declareGuestChange } from '../../platform/guest-cache.ts';
import { logDiscussionEdit } from '../logs/logs.record.ts';
import { adjustCategoryCounts, countsForAuthor, isCounted } from './discussions.counters.ts';
import { renderDiscussionBody } from './discussions.guards.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { findDiscussionByID, updateDiscussion, type DiscussionRow } from './discussions.repo.ts';
import {
  findDiscussionCommentRows,
  insertCommentsWithIDs,
  insertDiscussionWithID,
  type StoredCommentRow,
} from './discussions.restore.repo.ts';
import { adjustUserCommentCounts, adjustUserDiscussionCount } from './discussions.users.repo.ts';

// Issue 17 (api-contract §27.6): what the change log needs of discussions: the comments that go
// with a deleted discussion, and restoring a deleted discussion or an earlier version.

/** A discussion's comments as stored, for its `delete` entry (`data.comments`). */
export function findCommentsOfDiscussion(db: Db, discussionID: number): Promise<StoredCommentRow[]> {
  return findDiscussionCommentRows(db, discussionID);
}

/** One discussion row by ID (the change log's live version), whatever its state. */
export function findDiscussionRow(db: Db, discussionID: number): Promise<DiscussionRow | undefined> {
  return findDiscussionByID(db, discussionID);
}

/** A version of a discussion: the fields a revision holds. */
export interface DiscussionVersion {
  name: string;
  body: string;
  format: string;
}

function formatOf(format: string): ContentFormat {
  return isContentFormat(format) ? format : 'text';
}

/**
 * Puts an earlier version of a discussion back (`POST /logs/{id}/restore` of an `edit` entry):
 * the live version is logged as an `edit` first, in the same transaction.
 * @throws AppError 409 when the discussion no longer exists.
 */
export async function restoreDiscussionVersion(
  ctx: RequestContext,
  discussionID: number,
  version: DiscussionVersion,
): Promise<void> {
  const rendered = await renderDiscussionBody(ctx, version.body, formatOf(version.format));
  const now = nowIso(ctx.clock);
  const categoryID = await ctx.db.transaction().execute(async (trx) => {
    const live = await findDiscussionByID(trx, discussionID);
    if (!live) throw new AppError(409, 'The discussion of this version no longer exists.');
    await logDiscussionEdit(trx, live, { insertUserID: ctx.actor.userID, dateInserted: now });
    await updateDiscussion(trx, discussionID, {
      name: version.name,
      body: version.body,
      format: version.format,
      bodyHtml: rendered.html,
      bodyPlainText: rendered.plainText,
      updateUserID: ctx.actor.userID,
      dateUpdated: now,
    });
    return live.categoryID;
  });
  declareGuestChange(ctx, { discussionIDs: [discussionID], categoryIDs: [categoryID] });
  ctx.events.publish('discussionEdited', { discussionID, categoryID, updateUserID: ctx.actor.userID });
}

function storedAttributes(value: unknown): string {
  if (typeof value === 'string') return value;
  return JSON.stringify(value ?? {});
}

/** A logged comment row (stored or decoded form) as an insertable row. */
function commentInsertable(row: Record<string, unknown>): Insertable<CommentsTable> {
  return { ...(row as unknown as Insertable<CommentsTable>), attributes: storedAttributes(row.attributes) };
}

/**
 * Puts a deleted discussion back with its comments and original IDs (`POST /logs/{id}/restore` of
 * a `delete` entry), counters included: its category's (and ancestors'), its author's and its
 * commenters' counts, the category's last post. Tags are not restored.
 * @throws AppError 409 when the discussion exists again or its category is gone.
 */
export async function restoreDeletedDiscussion(
  ctx: RequestContext,
  trx: Db,
  data: DiscussionRow & { comments?: Record<string, unknown>[] },
): Promise<void> {
  if (await findDiscussionByID(trx, data.discussionID))
    throw new AppError(409, 'This discussion already exists.');
  const category = await findCategory(trx, data.categoryID);
  if (!category) throw new AppError(409, 'The category of this discussion no longer exists.');
  const { comments = [], attributes, hot, ...columns } = data;
  await insertDiscussionWithID(trx, { ...columns, hot, attributes: storedAttributes(attributes) });
  const rows = comments.map(commentInsertable);
  await insertCommentsWithIDs(trx, rows);
  if (isCounted(data)) {
    if (countsForAuthor(data)) await adjustUserDiscussionCount(trx, data.insertUserID, 1);
    const commenters = new Map<number, number>();
    for (const row of rows) {
      if (row.moderationStatus !== 'accepted' || row.displayType === 'tombstone') continue;
      commenters.set(row.insertUserID, (commenters.get(row.insertUserID) ?? 0) + 1);
    }
    await adjustUserCommentCounts(trx, new Map([...commenters].sort(([a], [b]) => a - b)));
    await adjustCategoryCounts(trx, category, 1, data.countComments);
  }
  await refreshCategoryLastPost(trx, category.categoryID);
  declareGuestChange(ctx, { discussionIDs: [data.discussionID], categoryIDs: [category.categoryID] });
}
