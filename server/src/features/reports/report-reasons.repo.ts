import type { Db } from '../../platform/db/db.ts';
import { lowerEquals, toBool } from '../../platform/db/dialect.ts';
import { toApiDate } from '../../platform/dates.ts';

/** A report reason as stored (api-contract §27.3); `roleIDs` null means anyone may use it. */
export interface ReasonRow {
  reportReasonID: string;
  name: string;
  description: string;
  sort: number;
  roleIDs: number[] | null;
  isSystem: boolean;
  deleted: boolean;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}

const reasonColumns = [
  'reportReasonID',
  'name',
  'description',
  'sort',
  'roleIDs',
  'isSystem',
  'deleted',
  'insertUserID',
  'dateInserted',
  'updateUserID',
  'dateUpdated',
] as const;

function parseRoleIDs(value: string | null): number[] | null {
  if (value === null) return null;
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : null;
}

function toReasonRow(row: {
  reportReasonID: string;
  name: string;
  description: string;
  sort: number;
  roleIDs: string | null;
  isSystem: boolean | number;
  deleted: boolean | number;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
}): ReasonRow {
  return {
    ...row,
    roleIDs: parseRoleIDs(row.roleIDs),
    isSystem: toBool(row.isSystem),
    deleted: toBool(row.deleted),
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
  };
}

/** Every reason, ordered by `sort` then `name` (the list filters by caller in the service). */
export async function findReasons(db: Db): Promise<ReasonRow[]> {
  const rows = await db.selectFrom('reportReasons').select(reasonColumns).orderBy('sort').orderBy('name').execute();
  return rows.map(toReasonRow);
}

/** One reason by its API name (case-sensitive), deleted ones included. */
export async function findReasonByID(db: Db, reportReasonID: string): Promise<ReasonRow | undefined> {
  const row = await db
    .selectFrom('reportReasons')
    .select(reasonColumns)
    .where('reportReasonID', '=', reportReasonID)
    .executeTakeFirst();
  return row ? toReasonRow(row) : undefined;
}

/** Reasons by API name, keyed by it. */
export async function findReasonsByIDs(db: Db, ids: readonly string[]): Promise<Map<string, ReasonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('reportReasons')
    .select(reasonColumns)
    .where('reportReasonID', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.reportReasonID, toReasonRow(row)]));
}

/** The next `sort` value (after the last reason). */
export async function findNextReasonSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom('reportReasons')
    .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
    .executeTakeFirst();
  return row?.sort === null || row?.sort === undefined ? 0 : Number(row.sort) + 1;
}

export interface NewReason {
  reportReasonID: string;
  name: string;
  description: string;
  sort: number;
  roleIDs: number[] | null;
  insertUserID: number;
  dateInserted: string;
}

export async function insertReason(db: Db, reason: NewReason): Promise<void> {
  await db
    .insertInto('reportReasons')
    .values({ ...reason, roleIDs: reason.roleIDs === null ? null : JSON.stringify(reason.roleIDs) })
    .execute();
}

export interface ReasonChanges {
  name?: string | undefined;
  description?: string | undefined;
  sort?: number | undefined;
  roleIDs?: number[] | null | undefined;
  updateUserID: number;
  dateUpdated: string;
}

export async function updateReason(db: Db, reportReasonID: string, changes: ReasonChanges): Promise<void> {
  const { roleIDs, ...rest } = changes;
  const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  await db
    .updateTable('reportReasons')
    .set({
      ...values,
      ...(roleIDs === undefined ? {} : { roleIDs: roleIDs === null ? null : JSON.stringify(roleIDs) }),
    })
    .where('reportReasonID', '=', reportReasonID)
    .execute();
}

/** Marks a reason deleted (kept for the reports that used it). */
export async function markReasonDeleted(db: Db, reportReasonID: string, at: string, userID: number): Promise<void> {
  await db
    .updateTable('reportReasons')
    .set({ deleted: true, dateUpdated: at, updateUserID: userID })
    .where('reportReasonID', '=', reportReasonID)
    .execute();
}

export async function deleteReasonRow(db: Db, reportReasonID: string): Promise<void> {
  await db.deleteFrom('reportReasons').where('reportReasonID', '=', reportReasonID).execute();
}

/** Reports that used each reason, keyed by reason. */
export async function countReportsByReason(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('reportReasonLinks')
    .select(['reportReasonID', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('reportReasonID')
    .execute();
  return new Map(rows.map((row) => [row.reportReasonID, Number(row.count)]));
}

/** Sets several reasons' `sort` at once. */
export async function updateReasonSorts(db: Db, sorts: ReadonlyMap<string, number>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [reportReasonID, sort] of sorts)
      await trx.updateTable('reportReasons').set({ sort }).where('reportReasonID', '=', reportReasonID).execute();
  });
}

/** Names of roles by ID (the `roles` expansion of a reason); missing IDs are absent. */
export async function findRoleNames(db: Db, roleIDs: readonly number[]): Promise<Map<number, string>> {
  if (roleIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('roles')
    .select(['roleID', 'name'])
    .where('roleID', 'in', [...new Set(roleIDs)])
    .execute();
  return new Map(rows.map((row) => [row.roleID, row.name]));
}

/** The role IDs a user holds. */
export async function findUserRoleIDs(db: Db, userID: number): Promise<number[]> {
  if (userID <= 0) return [];
  const rows = await db.selectFrom('userRoles').select('roleID').where('userID', '=', userID).execute();
  return rows.map((row) => row.roleID);
}

/** Whether a reason's ID is taken; compared case-insensitively, as the API name is a slug. */
export async function findReasonIDCaseInsensitive(db: Db, reportReasonID: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('reportReasons')
    .select('reportReasonID')
    .where(lowerEquals('reportReasonID', reportReasonID))
    .executeTakeFirst();
  return row?.reportReasonID;
}
