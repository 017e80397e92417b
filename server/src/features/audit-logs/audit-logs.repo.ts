import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DateCondition } from '../../../../common/src/api/users.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { AuditLogsTable } from '../../platform/db/schema.logs.ts';

// `auditLogs`: the audit log (migration 0021, api-contract §27.9).

type Executor = Kysely<Database>;

/** A stored audit-log entry; requestQuery, context and meta are still JSON text. */
export type AuditLogRow = Omit<Selectable<AuditLogsTable>, 'sequenceID'>;

/** Inserts one entry in the caller's transaction (or alone). */
export async function insertAuditLog(db: Executor, row: AuditLogRow): Promise<void> {
  await db.insertInto('auditLogs').values(row).execute();
}

const columns = [
  'auditLogID',
  'eventType',
  'message',
  'requestMethod',
  'requestPath',
  'requestQuery',
  'context',
  'meta',
  'insertUserID',
  'dateInserted',
  'insertIPAddress',
  'spoofUserID',
  'parentAuditLogID',
] as const;

/** One entry by its UUID. */
export async function findAuditLogByID(db: Executor, auditLogID: string): Promise<AuditLogRow | undefined> {
  return db.selectFrom('auditLogs').select(columns).where('auditLogID', '=', auditLogID).executeTakeFirst();
}

/** The filters of `GET /audit-logs`. */
export interface AuditLogFilters {
  insertUserID?: number | undefined;
  insertIPAddress?: string | undefined;
  eventTypes?: readonly string[] | undefined;
  dateInserted?: readonly DateCondition[] | undefined;
  onlySpoofedActions: boolean;
}

function filtered(db: Executor, filters: AuditLogFilters) {
  let query = db.selectFrom('auditLogs');
  if (filters.insertUserID !== undefined) query = query.where('insertUserID', '=', filters.insertUserID);
  if (filters.insertIPAddress !== undefined)
    query = query.where('insertIPAddress', '=', filters.insertIPAddress);
  if (filters.eventTypes && filters.eventTypes.length > 0)
    query = query.where('eventType', 'in', [...filters.eventTypes]);
  for (const condition of filters.dateInserted ?? [])
    query = query.where(sql.ref('dateInserted'), condition.op, condition.value);
  if (filters.onlySpoofedActions) query = query.where('spoofUserID', 'is not', null);
  return query;
}

/** One page of entries, newest first, and the number matching. */
export async function findAuditLogs(
  db: Executor,
  filters: AuditLogFilters,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const rows = await filtered(db, filters)
    .select(columns)
    .orderBy('sequenceID', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const counted = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirst();
  return { rows, total: Number(counted?.total ?? 0) };
}
