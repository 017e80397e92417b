import type { Kysely, Selectable } from 'kysely';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { DraftSort, DraftStatus } from '../../../../common/src/api/drafts.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { DraftsTable } from '../../platform/db/schema.members.ts';

// `drafts` (migration 0019, api-contract §23).

type Executor = Kysely<Database>;

/** A stored status: the API's three, and `publishing` while the job publishes the draft. */
export type StoredDraftStatus = DraftStatus | 'publishing';

/** A stored draft, `attributes` still JSON. */
export type DraftRow = Omit<Selectable<DraftsTable>, 'draftStatus'> & { draftStatus: StoredDraftStatus };

export type NewDraft = Omit<DraftRow, 'draftID'>;
export type DraftChanges = Partial<Omit<DraftRow, 'draftID' | 'insertUserID' | 'dateInserted'>>;

const columns = [
  'draftID',
  'recordType',
  'recordID',
  'parentRecordType',
  'parentRecordID',
  'attributes',
  'insertUserID',
  'dateInserted',
  'updateUserID',
  'dateUpdated',
  'draftStatus',
  'dateScheduled',
  'failedReason',
] as const;

function iso(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toRow(row: Selectable<DraftsTable>): DraftRow {
  return {
    ...row,
    dateInserted: iso(row.dateInserted) ?? row.dateInserted,
    dateUpdated: iso(row.dateUpdated),
    dateScheduled: iso(row.dateScheduled),
    draftStatus: row.draftStatus as StoredDraftStatus,
  };
}

/** Inserts a draft; returns its ID. */
export async function insertDraft(db: Executor, draft: NewDraft): Promise<number> {
  const row = await db.insertInto('drafts').values(draft).returning('draftID').executeTakeFirstOrThrow();
  return row.draftID;
}

/** One draft by ID. */
export async function findDraftByID(db: Executor, draftID: number): Promise<DraftRow | undefined> {
  const row = await db.selectFrom('drafts').select(columns).where('draftID', '=', draftID).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Updates a draft; false when it is gone. */
export async function updateDraft(db: Executor, draftID: number, changes: DraftChanges): Promise<boolean> {
  const result = await db.updateTable('drafts').set(changes).where('draftID', '=', draftID).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The autosave's one statement: new attributes for the owner's unscheduled draft, answered with
 * the row as written; undefined when it is not that (another user's, scheduled, missing).
 */
export async function updateOwnUnscheduledDraft(
  db: Executor,
  draftID: number,
  userID: number,
  changes: Pick<DraftRow, 'attributes' | 'updateUserID' | 'dateUpdated'>,
): Promise<DraftRow | undefined> {
  const row = await db
    .updateTable('drafts')
    .set(changes)
    .where('draftID', '=', draftID)
    .where('insertUserID', '=', userID)
    .where('draftStatus', 'in', ['draft', 'error'])
    .returning(columns)
    .executeTakeFirst();
  return row ? toRow(row) : undefined;
}

/** Deletes a draft; false when it was already gone. */
export async function deleteDraftRow(db: Executor, draftID: number): Promise<boolean> {
  const result = await db.deleteFrom('drafts').where('draftID', '=', draftID).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Deletes a draft only when it belongs to `userID` (posting with `draftID`). */
export async function deleteOwnDraft(db: Executor, draftID: number, userID: number): Promise<boolean> {
  const result = await db
    .deleteFrom('drafts')
    .where('draftID', '=', draftID)
    .where('insertUserID', '=', userID)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export interface DraftListFilters {
  userID: number;
  /** `scheduled` lists `publishing` drafts too (they are scheduled until published). */
  draftStatus: DraftStatus;
  recordType?: string | undefined;
  parentRecordType?: string | undefined;
  parentRecordID?: number | undefined;
  dateUpdated?: DateCondition[] | undefined;
  dateScheduled?: DateCondition[] | undefined;
}

function filtered(db: Executor, filters: DraftListFilters) {
  let query = db.selectFrom('drafts').where('insertUserID', '=', filters.userID);
  query =
    filters.draftStatus === 'scheduled'
      ? query.where('draftStatus', 'in', ['scheduled', 'publishing'])
      : query.where('draftStatus', '=', filters.draftStatus);
  if (filters.recordType !== undefined) query = query.where('recordType', '=', filters.recordType);
  if (filters.parentRecordType !== undefined) query = query.where('parentRecordType', '=', filters.parentRecordType);
  if (filters.parentRecordID !== undefined) query = query.where('parentRecordID', '=', filters.parentRecordID);
  for (const condition of filters.dateUpdated ?? []) query = query.where('dateUpdated', condition.op, condition.value);
  for (const condition of filters.dateScheduled ?? [])
    query = query.where('dateScheduled', condition.op, condition.value);
  return query;
}

/** A page of a user's drafts and the total matching (a numbered pager). */
export async function findDrafts(
  db: Executor,
  filters: DraftListFilters,
  page: { sort: DraftSort; offset: number; limit: number },
): Promise<{ rows: DraftRow[]; total: number }> {
  const column = page.sort.replace(/^-/, '') as 'dateInserted' | 'dateUpdated' | 'dateScheduled';
  const direction = page.sort.startsWith('-') ? 'desc' : 'asc';
  const [rows, count] = await Promise.all([
    filtered(db, filters)
      .select(columns)
      .orderBy(column, direction)
      .orderBy('draftID', direction)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    filtered(db, filters).select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toRow), total: Number(count.count) };
}

/** How many unpublished drafts (any status) a user has (`GET /users/me-counts`). */
export async function countDraftsOf(db: Executor, userID: number): Promise<number> {
  const row = await db
    .selectFrom('drafts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('insertUserID', '=', userID)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Another scheduled draft that updates the same record (api-contract §23: one per record). */
export async function findOtherScheduledUpdate(
  db: Executor,
  recordType: string,
  recordID: number,
  exceptDraftID: number | null,
): Promise<{ draftID: number; insertUserID: number; insertUserName: string | null } | undefined> {
  let query = db
    .selectFrom('drafts')
    .leftJoin('users', 'users.userID', 'drafts.insertUserID')
    .select(['drafts.draftID', 'drafts.insertUserID', 'users.name as insertUserName'])
    .where('drafts.recordType', '=', recordType)
    .where('drafts.recordID', '=', recordID)
    .where('drafts.draftStatus', 'in', ['scheduled', 'publishing']);
  if (exceptDraftID !== null) query = query.where('drafts.draftID', '<>', exceptDraftID);
  return query.orderBy('drafts.draftID').limit(1).executeTakeFirst();
}

/**
 * Takes a due scheduled draft for publishing: scheduled → publishing, only if it is still
 * scheduled for `dateScheduled`. One statement, so of several processes exactly one wins.
 */
export async function claimDraftForPublishing(db: Executor, draftID: number, dateScheduled: string): Promise<boolean> {
  const result = await db
    .updateTable('drafts')
    .set({ draftStatus: 'publishing' })
    .where('draftID', '=', draftID)
    .where('draftStatus', '=', 'scheduled')
    .where('dateScheduled', '=', dateScheduled)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a draft failed with the reason shown to its author. */
export async function failDraft(db: Executor, draftID: number, failedReason: string, now: string): Promise<void> {
  await db
    .updateTable('drafts')
    .set({ draftStatus: 'error', failedReason, dateUpdated: now })
    .where('draftID', '=', draftID)
    .execute();
}

/** What a draft's listing shows of the discussion it belongs to. */
export interface DraftDiscussionTarget {
  discussionID: number;
  name: string;
  categoryID: number;
}

/** The discussions drafts point at (comment drafts' parents, edited discussions). */
export async function findDraftDiscussions(
  db: Executor,
  discussionIDs: readonly number[],
): Promise<Map<number, DraftDiscussionTarget>> {
  if (discussionIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('discussions')
    .select(['discussionID', 'name', 'categoryID'])
    .where('discussionID', 'in', [...new Set(discussionIDs)])
    .execute();
  return new Map(rows.map((row) => [row.discussionID, row]));
}

/** The discussion of each edited comment. */
export async function findCommentDiscussionIDs(
  db: Executor,
  commentIDs: readonly number[],
): Promise<Map<number, number>> {
  if (commentIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('comments')
    .select(['commentID', 'discussionID'])
    .where('commentID', 'in', [...new Set(commentIDs)])
    .execute();
  return new Map(rows.map((row) => [row.commentID, row.discussionID]));
}
