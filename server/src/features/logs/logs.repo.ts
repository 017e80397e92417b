import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import type { LogsTable } from '../../platform/db/schema.logs.ts';

// `logs`: the change log (migration 0021, api-contract §27.6).

type Executor = Kysely<Database>;

/** A stored change-log entry; `data` is still JSON text. */
export type LogRow = Selectable<LogsTable>;

export type NewLog = Omit<LogRow, 'logID'>;

/** Inserts change-log entries (one statement) in the caller's transaction. */
export async function insertLogs(db: Executor, rows: readonly NewLog[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('logs').values([...rows]).execute();
}

/** One entry by ID. */
export async function findLogByID(db: Executor, logID: number): Promise<LogRow | undefined> {
  return db.selectFrom('logs').selectAll().where('logID', '=', logID).executeTakeFirst();
}

/** The filters of `GET /logs`, already checked (a record type and at least one narrowing filter). */
export interface LogFilters {
  recordType: string;
  recordID?: number | undefined;
  parentRecordID?: number | undefined;
  operations?: readonly string[] | undefined;
  insertUserID?: number | undefined;
  /** Only entries of these categories (a category moderator's); undefined = every entry. */
  categoryIDs?: readonly number[] | undefined;
}

function filtered(db: Executor, filters: LogFilters) {
  let query = db.selectFrom('logs').where('recordType', '=', filters.recordType);
  if (filters.recordID !== undefined) query = query.where('recordID', '=', filters.recordID);
  if (filters.parentRecordID !== undefined)
    query = query.where('parentRecordID', '=', filters.parentRecordID);
  if (filters.operations && filters.operations.length > 0)
    query = query.where('operation', 'in', [...filters.operations]);
  if (filters.insertUserID !== undefined)
    query = query.where('insertUserID', '=', filters.insertUserID);
  if (filters.categoryIDs !== undefined) {
    const categoryIDs = [...filters.categoryIDs];
    query =
      categoryIDs.length === 0
        ? query.where((eb) => eb.val(1), '=', 0)
        : query.where('categoryID', 'in', categoryIDs);
  }
  return query;
}

/** One page of entries, newest first, and the number matching. */
export async function findLogs(
  db: Executor,
  filters: LogFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: LogRow[]; total: number }> {
  const rows = await filtered(db, filters)
    .selectAll()
    .orderBy('logID', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return { rows, total: Number(counted?.total ?? 0) };
}

/** Removes one entry (a restored deletion); false when it was already gone. */
export async function deleteLogByID(db: Executor, logID: number): Promise<boolean> {
  const result = await db.deleteFrom('logs').where('logID', '=', logID).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The newest entry of one record with `operation` (e.g. its deletion), if any. */
export async function findLatestLogOf(
  db: Executor,
  recordType: string,
  recordID: number,
  operation: string,
): Promise<LogRow | undefined> {
  return db
    .selectFrom('logs')
    .selectAll()
    .where('recordType', '=', recordType)
    .where('recordID', '=', recordID)
    .where('operation', '=', operation)
    .orderBy('logID', 'desc')
    .limit(1)
    .executeTakeFirst();
}
