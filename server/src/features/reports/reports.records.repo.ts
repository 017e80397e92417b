import { sql } from 'kysely';
import type { ReportRecordType } from '../../../../common/src/api/reports.ts';
import type { Db } from '../../platform/db/db.ts';
import { toBool } from '../../platform/db/dialect.ts';
import { toApiDate } from '../../platform/dates.ts';

// The records, places and authors that reports point at (api-contract §27.4, §27.5).

/** Adds to a record's stored `countReports` (user reports only). */
export async function bumpRecordReportCount(db: Db, record: { recordType: ReportRecordType; recordID: number }): Promise<void> {
  if (record.recordType === 'discussion')
    await db
      .updateTable('discussions')
      .set({ countReports: sql<number>`${sql.ref('countReports')} + 1` })
      .where('discussionID', '=', record.recordID)
      .execute();
  else
    await db
      .updateTable('comments')
      .set({ countReports: sql<number>`${sql.ref('countReports')} + 1` })
      .where('commentID', '=', record.recordID)
      .execute();
}

/** What a report shows of its record now: whether it is live, edited since, and its place. */
export interface RecordState {
  moderationStatus: string;
  dateUpdated: string | null;
  /** As stored (sub-second), to tell an edit from the report made in the same second. */
  dateUpdatedRaw: string | null;
  tombstone: boolean;
  discussionName: string;
}

/** The live state of reported records, keyed `discussion:1` / `comment:2`; missing ones are absent. */
export async function findRecordStates(
  db: Db,
  refs: readonly { recordType: ReportRecordType; recordID: number }[],
): Promise<Map<string, RecordState>> {
  const result = new Map<string, RecordState>();
  const discussionIDs = [...new Set(refs.filter((ref) => ref.recordType === 'discussion').map((ref) => ref.recordID))];
  const commentIDs = [...new Set(refs.filter((ref) => ref.recordType === 'comment').map((ref) => ref.recordID))];
  if (discussionIDs.length > 0) {
    const rows = await db
      .selectFrom('discussions')
      .select(['discussionID', 'name', 'moderationStatus', 'dateUpdated'])
      .where('discussionID', 'in', discussionIDs)
      .execute();
    for (const row of rows)
      result.set(`discussion:${String(row.discussionID)}`, {
        moderationStatus: row.moderationStatus,
        dateUpdated: toApiDate(row.dateUpdated),
        dateUpdatedRaw: row.dateUpdated === null ? null : String(row.dateUpdated),
        tombstone: false,
        discussionName: row.name,
      });
  }
  if (commentIDs.length > 0) {
    const rows = await db
      .selectFrom('comments')
      .innerJoin('discussions', 'discussions.discussionID', 'comments.discussionID')
      .select(['comments.commentID', 'comments.moderationStatus', 'comments.dateUpdated', 'comments.displayType', 'discussions.name'])
      .where('comments.commentID', 'in', commentIDs)
      .execute();
    for (const row of rows)
      result.set(`comment:${String(row.commentID)}`, {
        moderationStatus: row.moderationStatus,
        dateUpdated: toApiDate(row.dateUpdated),
        dateUpdatedRaw: row.dateUpdated === null ? null : String(row.dateUpdated),
        tombstone: row.displayType === 'tombstone',
        discussionName: row.name,
      });
  }
  return result;
}

/** Categories' names and URL codes, keyed by ID. */
export async function findPlaces(db: Db, categoryIDs: readonly number[]): Promise<Map<number, { name: string; urlcode: string }>> {
  if (categoryIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('categories')
    .select(['categoryID', 'name', 'urlcode'])
    .where('categoryID', 'in', [...new Set(categoryIDs)])
    .execute();
  return new Map(rows.map((row) => [row.categoryID, { name: row.name, urlcode: row.urlcode }]));
}

/**
 * What premoderation needs of an author: whether they were verified (`bypassSpam`), and the
 * system user that inserts queue entries (the first live administrator; 0 when none).
 */
export async function findPremoderationSubject(
  db: Db,
  userID: number,
): Promise<{ verified: boolean; systemUserID: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'users.bypassSpam',
      eb
        .selectFrom('users as admins')
        .select((inner) => inner.fn.min<number>('admins.userID').as('id'))
        .where('admins.isAdmin', '=', true)
        .where('admins.deleted', '=', false)
        .as('systemUserID'),
    ])
    .where('users.userID', '=', userID)
    .executeTakeFirst();
  return { verified: toBool(row?.bypassSpam), systemUserID: Number(row?.systemUserID ?? 0) };
}

/** Marks an author verified (`bypassSpam`, api-contract §27.5 `verifyRecordUser`). */
export async function markUserVerified(db: Db, userID: number): Promise<void> {
  await db.updateTable('users').set({ bypassSpam: true }).where('userID', '=', userID).execute();
}

/** A category's permission source, for the moderator check of a report's place. */
export async function findPlacePermissionCategory(
  db: Db,
  categoryID: number,
): Promise<{ categoryID: number; permissionCategoryID: number } | undefined> {
  return db
    .selectFrom('categories')
    .select(['categoryID', 'permissionCategoryID'])
    .where('categoryID', '=', categoryID)
    .executeTakeFirst();
}

/**
 * Users who may moderate somewhere: administrators and holders of a role granting
 * `community.moderate` or `posts.moderate` (globally or in a category); callers check each one's
 * permission set for the category at hand.
 */
export async function findModeratorCandidates(db: Db): Promise<number[]> {
  const byRole = await db
    .selectFrom('userRoles')
    .innerJoin('rolePermissions', 'rolePermissions.roleID', 'userRoles.roleID')
    .innerJoin('users', 'users.userID', 'userRoles.userID')
    .select('userRoles.userID')
    .distinct()
    .where('rolePermissions.permission', 'in', ['community.moderate', 'posts.moderate'])
    .where('rolePermissions.granted', '=', true)
    .where('users.deleted', '=', false)
    .execute();
  const admins = await db
    .selectFrom('users')
    .select('userID')
    .where('isAdmin', '=', true)
    .where('deleted', '=', false)
    .execute();
  return [...new Set([...byRole, ...admins].map((row) => row.userID))];
}
