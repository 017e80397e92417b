import type { LogEntry, LogListQuery } from '../../../../common/src/api/logs.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { AppError } from '../../platform/errors.ts';
import { findCategory } from '../categories/categories.lookup.ts';
import { findCommentRow } from '../comments/comments.restore.ts';
import { findDiscussionRow } from '../discussions/discussions.restore.ts';
import { loadUserFragments } from '../users/users.service.ts';
import {
  canReadAllLogs,
  canReadDiscussionLogs,
  MODERATOR_PERMISSIONS,
} from './logs.policy.ts';
import { presentLogEntry } from './logs.present.ts';
import { findLogByID, findLogs, type LogFilters, type LogRow } from './logs.repo.ts';

export const LOG_NOT_FOUND = 'Log not found.';

/** Entries presented with their users, loaded in one query. */
export async function presentLogEntries(ctx: RequestContext, rows: readonly LogRow[]): Promise<LogEntry[]> {
  const userIDs = new Set<number>();
  for (const row of rows) {
    userIDs.add(row.insertUserID);
    if (row.recordUserID !== null) userIDs.add(row.recordUserID);
  }
  const users = await loadUserFragments(ctx, [...userIDs]);
  return rows.flatMap((row) => presentLogEntry(row, users) ?? []);
}

/**
 * The category a discussion-narrowed query is about: the live discussion's (or the live comment's
 * discussion's), else the category its newest matching entry recorded.
 */
async function categoryIDOfQuery(ctx: RequestContext, filters: LogFilters): Promise<number | undefined> {
  let discussionID: number | undefined;
  if (filters.recordType === 'discussion') discussionID = filters.recordID;
  else if (filters.recordType === 'comment') {
    discussionID = filters.parentRecordID;
    if (discussionID === undefined && filters.recordID !== undefined)
      discussionID = (await findCommentRow(ctx.db, filters.recordID))?.discussionID;
  }
  if (discussionID !== undefined) {
    const live = await findDiscussionRow(ctx.db, discussionID);
    if (live) return live.categoryID;
  }
  const { rows } = await findLogs(ctx.db, filters, { offset: 0, limit: 1 });
  return rows[0]?.categoryID ?? undefined;
}

/**
 * `GET /logs` (api-contract §27.6, §27.2): `community.moderate` lists every entry of a record
 * type (`users.edit` too for user entries); the revision history or deleted comments of one
 * discussion are also open to its category's moderators and `discussions.moderate` holders.
 * @throws AppError 403.
 */
export async function listLogs(
  ctx: RequestContext,
  query: LogListQuery,
): Promise<{ entries: LogEntry[]; total: number }> {
  const filters: LogFilters = {
    recordType: query.recordType,
    recordID: query.recordID,
    parentRecordID: query.parentRecordID,
    operations: query.operation,
    insertUserID: query.insertUserID,
  };
  if (!canReadAllLogs(ctx.permissions, query.recordType)) {
    const narrowedToDiscussion =
      query.recordType !== 'user' &&
      (query.recordType === 'discussion' ? query.recordID !== undefined : query.recordID !== undefined || query.parentRecordID !== undefined);
    if (!narrowedToDiscussion) {
      authorize(false, {
        permissions: query.recordType === 'user' ? ['community.moderate', 'users.edit'] : MODERATOR_PERMISSIONS,
      });
    }
    const categoryID = await categoryIDOfQuery(ctx, filters);
    const category = categoryID === undefined ? undefined : await findCategory(ctx.db, categoryID);
    authorize(canReadDiscussionLogs(ctx.permissions, category), { permissions: MODERATOR_PERMISSIONS });
    // Only entries of that category, whatever else the filters match.
    filters.categoryIDs = category ? [category.categoryID] : [];
  }
  const { rows, total } = await findLogs(ctx.db, filters, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { entries: await presentLogEntries(ctx, rows), total };
}

/**
 * One entry the caller may read (as for its record), for `GET /logs/{id}` and the restore.
 * @throws AppError 404 "Log not found.", 403.
 */
export async function requireReadableLog(ctx: RequestContext, logID: number): Promise<LogRow> {
  const row = await findLogByID(ctx.db, logID);
  if (!row) throw new AppError(404, LOG_NOT_FOUND);
  if (canReadAllLogs(ctx.permissions, row.recordType)) return row;
  if (row.recordType === 'user') authorize(false, { permissions: ['community.moderate', 'users.edit'] });
  const category = row.categoryID === null ? undefined : await findCategory(ctx.db, row.categoryID);
  authorize(canReadDiscussionLogs(ctx.permissions, category), { permissions: MODERATOR_PERMISSIONS });
  return row;
}

/**
 * `GET /logs/{logID}` (api-contract §27.6).
 * @throws AppError 404 "Log not found.", 403.
 */
export async function getLog(ctx: RequestContext, logID: number): Promise<LogEntry> {
  const row = await requireReadableLog(ctx, logID);
  const [entry] = await presentLogEntries(ctx, [row]);
  if (!entry) throw new AppError(404, LOG_NOT_FOUND);
  return entry;
}
