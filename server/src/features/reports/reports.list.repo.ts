import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import { reportStatuses, type ReportRecordType, type ReportStatus } from '../../../../common/src/api/reports.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import type { Db } from '../../platform/db/db.ts';
import { placeInScope } from '../../platform/db/place-scope.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';
import type { Database } from '../../platform/db/schema.ts';
import { sumReportCounts } from './reports.counters.repo.ts';
import { reportColumns, withReasons, type ReportRow } from './reports.repo.ts';

// The filtered reads of `GET /reports` and the moderators' count (api-contract §27.4, §27.1).

/** Filters of `GET /reports` (api-contract §27.4). */
export interface ReportFilter {
  scope: CategoryScope;
  statuses?: readonly ReportStatus[] | undefined;
  recordType?: ReportRecordType | undefined;
  recordID?: RangeFilter | undefined;
  placeRecordID?: RangeFilter | undefined;
  reportReasonIDs?: readonly string[] | undefined;
  insertUserID?: RangeFilter | undefined;
  /** Reports whose reporter holds one of these roles. */
  insertUserRoleID?: RangeFilter | undefined;
  recordUserID?: RangeFilter | undefined;
  escalationID?: RangeFilter | undefined;
}

type ReportExpressions = ExpressionBuilder<Database, 'reports'>;

/**
 * `reasons: 'in'` (the total) tests the reasons as `reportID in (…)`: SQLite then reads the
 * reason's index entries and probes `reports_status_latest` with each, instead of testing every
 * report of the statuses (the approval queue's count beside 100,000 open reports: ~5× less CPU).
 * The page keeps `exists`, which walks the newest reports and stops after one page; `joined`: the
 * caller joined `reportReasonLinks` to the one reason asked.
 */
function filterCondition(eb: ReportExpressions, filter: ReportFilter, reasons: 'exists' | 'in' | 'joined' = 'exists'): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [placeInScope('reports.placeRecordID', filter.scope)];
  if (filter.statuses && filter.statuses.length > 0) conditions.push(eb('reports.status', 'in', [...filter.statuses]));
  if (filter.recordType) conditions.push(eb('reports.recordType', '=', filter.recordType));
  if (filter.recordID) conditions.push(...rangeConditions(eb, 'reports.recordID', filter.recordID));
  if (filter.placeRecordID) conditions.push(...rangeConditions(eb, 'reports.placeRecordID', filter.placeRecordID));
  if (filter.insertUserID) conditions.push(...rangeConditions(eb, 'reports.insertUserID', filter.insertUserID));
  if (filter.recordUserID) conditions.push(...rangeConditions(eb, 'reports.recordUserID', filter.recordUserID));
  if (filter.insertUserRoleID) {
    const range = filter.insertUserRoleID;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('userRoles')
          .select('userRoles.userID')
          .whereRef('userRoles.userID', '=', 'reports.insertUserID')
          .where((inner) => inner.and(rangeConditions(inner, 'userRoles.roleID', range))),
      ),
    );
  }
  if (filter.escalationID) conditions.push(...rangeConditions(eb, 'reports.escalationID', filter.escalationID));
  if (filter.reportReasonIDs && filter.reportReasonIDs.length > 0 && reasons !== 'joined') {
    const reasonIDs = [...filter.reportReasonIDs];
    const withReason = eb.selectFrom('reportReasonLinks').select('reportReasonLinks.reportID').where('reportReasonLinks.reportReasonID', 'in', reasonIDs);
    conditions.push(
      reasons === 'in'
        ? eb('reports.reportID', 'in', withReason)
        : eb.exists(withReason.whereRef('reportReasonLinks.reportID', '=', 'reports.reportID')),
    );
  }
  return eb.and(conditions);
}

/**
 * The numbered pager's total beside 100,000 open reports (issue 17): read from the counters
 * (reports.counters.repo.ts) when the filter is one they are kept by (statuses, category, record
 * type, reasons, and the caller's scope); otherwise the matching reports counted up to
 * REPORT_COUNT_CAP, or just past the asked page when it lies deeper (docs/decisions.md).
 */
export const REPORT_COUNT_CAP = 10_000;

function isCountedFilter(filter: ReportFilter): boolean {
  return (
    filter.recordID === undefined &&
    filter.insertUserID === undefined &&
    filter.insertUserRoleID === undefined &&
    filter.recordUserID === undefined &&
    filter.escalationID === undefined
  );
}

async function countReports(db: Db, filter: ReportFilter, page: { offset: number; limit: number }): Promise<number> {
  if (isCountedFilter(filter))
    return sumReportCounts(db, {
      scope: filter.scope,
      statuses: filter.statuses && filter.statuses.length > 0 ? filter.statuses : reportStatuses,
      recordType: filter.recordType,
      placeRecordID: filter.placeRecordID,
      reportReasonIDs: filter.reportReasonIDs,
    });
  const cap = Math.max(REPORT_COUNT_CAP, page.offset + page.limit + 1);
  const row = await db
    .selectFrom(
      db
        .selectFrom('reports')
        .select('reports.reportID')
        .where((eb) => filterCondition(eb, filter, 'in'))
        .limit(cap)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of reports and the total (numbered pager), newest first unless sorted otherwise. */
export async function listReportRows(
  db: Db,
  filter: ReportFilter,
  page: { sort: 'dateInserted' | 'recordDateInserted'; descending: boolean; offset: number; limit: number },
): Promise<{ rows: ReportRow[]; total: number }> {
  const direction = page.descending ? 'desc' : 'asc';
  const reasonIDs = filter.reportReasonIDs ?? [];
  // One reason, newest first (the approval queue): its index entries are walked in report order
  // and each report read by its key, instead of testing the reasons of every open report until a
  // page matched (the queue beside 100,000 open reports: ~half the page's CPU).
  const rows =
    reasonIDs.length === 1 && page.sort === 'dateInserted'
      ? await db
          .selectFrom('reportReasonLinks')
          .innerJoin('reports', 'reports.reportID', 'reportReasonLinks.reportID')
          .select(reportColumns)
          .where('reportReasonLinks.reportReasonID', '=', reasonIDs[0]!)
          .where((eb) => filterCondition(eb as unknown as ReportExpressions, filter, 'joined'))
          .orderBy('reportReasonLinks.reportID', direction)
          .limit(page.limit)
          .offset(page.offset)
          .execute()
      : await db
          .selectFrom('reports')
          .select(reportColumns)
          .where((eb) => filterCondition(eb, filter))
          .orderBy(page.sort === 'dateInserted' ? 'reports.reportID' : 'reports.recordDateInserted', direction)
          .orderBy('reports.reportID', direction)
          .limit(page.limit)
          .offset(page.offset)
          .execute();
  const total = await countReports(db, filter, page);
  return { rows: await withReasons(db, rows), total };
}

/** `new` reports in a moderator's scope (`reports` of `GET /users/me-counts`), from the counters. */
export async function countNewReports(db: Db, scope: CategoryScope): Promise<number> {
  return sumReportCounts(db, { scope, statuses: ['new'] });
}
