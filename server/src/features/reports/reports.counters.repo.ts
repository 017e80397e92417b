import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Updateable } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import { reportStatuses, type ReportRecordType, type ReportStatus } from '../../../../common/src/api/reports.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import type { Db } from '../../platform/db/db.ts';
import { placeInScope } from '../../platform/db/place-scope.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { ReportsTable } from '../../platform/db/schema.reports.ts';

// The report counters (migration 0033): how many reports have each status × category × record
// type × set of reasons. Every write that changes one of these adjusts them in its transaction;
// the numbered pager's total of `GET /reports` and `GET /users/me-counts` read them (issue 17).

/** A report's reasons as a counter key: the IDs sorted, joined by `,` (reason IDs are slugs). */
export function reasonKeyOf(reasonIDs: readonly string[]): string {
  return [...new Set(reasonIDs)].sort().join(',');
}

/** What a counter row is keyed by. */
export interface CountedReport {
  status: string;
  placeRecordID: number;
  recordType: string;
  reasonKey: string;
}

/** A change of one counter row. */
export interface CountDelta extends CountedReport {
  delta: number;
}

const keyOf = (row: CountedReport) => `${row.status}\u0000${String(row.placeRecordID)}\u0000${row.recordType}\u0000${row.reasonKey}`;

/**
 * Applies counter changes (in the caller's transaction): changes of the same row are merged, rows
 * are written in key order (so two transactions lock them in one order on PostgreSQL).
 */
export async function adjustReportCounts(db: Db, deltas: readonly CountDelta[]): Promise<void> {
  const merged = new Map<string, CountDelta>();
  for (const delta of deltas) {
    const key = keyOf(delta);
    const previous = merged.get(key);
    merged.set(key, previous ? { ...previous, delta: previous.delta + delta.delta } : { ...delta });
  }
  const rows = [...merged.entries()]
    .filter(([, row]) => row.delta !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, row]) => ({
      status: row.status,
      placeRecordID: row.placeRecordID,
      recordType: row.recordType,
      reasonKey: row.reasonKey,
      countReports: row.delta,
    }));
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT)
    await db
      .insertInto('reportCounts')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((conflict) =>
        conflict
          .columns(['status', 'placeRecordID', 'recordType', 'reasonKey'])
          .doUpdateSet({ countReports: sql<number>`${sql.ref('reportCounts.countReports')} + ${sql.ref('excluded.countReports')}` }),
      )
      .execute();
}

/** Counter rows per statement (5 parameters each, well under either database's limit). */
const ROWS_PER_STATEMENT = 1_000;

/** The counter keys of reports' reasons, keyed by report ID ('' for a report without reasons). */
export async function reasonKeysOf(db: Db, reportIDs: readonly number[]): Promise<Map<number, string>> {
  const result = new Map<number, string>(reportIDs.map((id) => [id, '']));
  if (reportIDs.length === 0) return result;
  const links = await db
    .selectFrom('reportReasonLinks')
    .select(['reportID', 'reportReasonID'])
    .where('reportID', 'in', [...new Set(reportIDs)])
    .execute();
  const byReport = new Map<number, string[]>();
  for (const link of links) {
    const list = byReport.get(link.reportID) ?? [];
    list.push(link.reportReasonID);
    byReport.set(link.reportID, list);
  }
  for (const [reportID, reasonIDs] of byReport) result.set(reportID, reasonKeyOf(reasonIDs));
  return result;
}

/**
 * Updates reports and moves them between counters (in the caller's transaction): for each status
 * the rows may have now, `update … where <which> and status = <it>` returning the rows it changed,
 * so each row's previous status is known even when another transaction changed it meanwhile
 * (PostgreSQL re-tests the condition on the row it waited for). Rows whose status stays are
 * updated too, without counter changes.
 */
export async function updateReportsCounted(
  db: Db,
  which: (eb: ExpressionBuilder<Database, 'reports'>) => Expression<SqlBool>,
  change: Updateable<ReportsTable> & { status: ReportStatus },
  from: readonly ReportStatus[] = reportStatuses,
): Promise<number[]> {
  const changed: number[] = [];
  const deltas: CountDelta[] = [];
  const moved: { reportID: number; status: string; placeRecordID: number; recordType: string }[] = [];
  for (const status of from) {
    const rows = await db
      .updateTable('reports')
      .set(change)
      .where((eb) => eb.and([which(eb), eb('reports.status', '=', status)]))
      .returning(['reportID', 'placeRecordID', 'recordType'])
      .execute();
    for (const row of rows) {
      changed.push(row.reportID);
      if (status !== change.status) moved.push({ ...row, status });
    }
  }
  if (moved.length > 0) {
    const keys = await reasonKeysOf(db, moved.map((row) => row.reportID));
    for (const row of moved) {
      const reasonKey = keys.get(row.reportID) ?? '';
      const place = { placeRecordID: row.placeRecordID, recordType: row.recordType, reasonKey };
      deltas.push({ ...place, status: row.status, delta: -1 }, { ...place, status: change.status, delta: 1 });
    }
    await adjustReportCounts(db, deltas);
  }
  return changed;
}

/** What the counters can answer: the other filters of `GET /reports` need a real count. */
export interface CountedFilter {
  scope: CategoryScope;
  statuses: readonly ReportStatus[];
  recordType?: ReportRecordType | undefined;
  placeRecordID?: RangeFilter | undefined;
  reportReasonIDs?: readonly string[] | undefined;
}

function placeConditions(eb: ExpressionBuilder<Database, 'reportCounts'>, filter: CountedFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  conditions.push(placeInScope('reportCounts.placeRecordID', filter.scope));
  if (filter.placeRecordID) conditions.push(...rangeConditions(eb, 'reportCounts.placeRecordID', filter.placeRecordID));
  return conditions;
}

/**
 * How many reports match, from the counters: summed per set of reasons, and the sets holding one
 * of the asked reasons kept (a report with two of them counts once).
 */
export async function sumReportCounts(db: Db, filter: CountedFilter): Promise<number> {
  if (filter.statuses.length === 0) return 0;
  const base = db.selectFrom('reportCounts').where((eb) => {
    const conditions = [eb('reportCounts.status', 'in', [...filter.statuses]), ...placeConditions(eb, filter)];
    if (filter.recordType) conditions.push(eb('reportCounts.recordType', '=', filter.recordType));
    return eb.and(conditions);
  });
  if (!filter.reportReasonIDs || filter.reportReasonIDs.length === 0) {
    const row = await base.select((eb) => eb.fn.sum<number | string | null>('reportCounts.countReports').as('count')).executeTakeFirst();
    return Number(row?.count ?? 0);
  }
  const rows = await base
    .select((eb) => ['reportCounts.reasonKey', eb.fn.sum<number | string>('reportCounts.countReports').as('count')])
    .groupBy('reportCounts.reasonKey')
    .execute();
  const asked = new Set(filter.reportReasonIDs);
  let total = 0;
  for (const row of rows) if (row.reasonKey.split(',').some((id) => asked.has(id))) total += Number(row.count);
  return total;
}

/** Fills the counters again from the reports (after writing reports around them, e.g. the bench). */
export async function rebuildReportCounts(db: Db): Promise<void> {
  await db.deleteFrom('reportCounts').execute();
  const rows = await db
    .selectFrom('reports')
    .leftJoin('reportReasonLinks', 'reportReasonLinks.reportID', 'reports.reportID')
    .select(['reports.reportID', 'reports.status', 'reports.placeRecordID', 'reports.recordType', 'reportReasonLinks.reportReasonID'])
    .execute();
  const reports = new Map<number, { status: string; placeRecordID: number; recordType: string; reasons: string[] }>();
  for (const row of rows) {
    const report = reports.get(row.reportID) ?? { status: row.status, placeRecordID: row.placeRecordID, recordType: row.recordType, reasons: [] };
    if (row.reportReasonID !== null) report.reasons.push(row.reportReasonID);
    reports.set(row.reportID, report);
  }
  const deltas = [...reports.values()].map((report) => ({
    status: report.status,
    placeRecordID: report.placeRecordID,
    recordType: report.recordType,
    reasonKey: reasonKeyOf(report.reasons),
    delta: 1,
  }));
  await adjustReportCounts(db, deltas);
}
