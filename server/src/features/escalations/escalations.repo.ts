import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { RangeFilter } from '../../../../common/src/api/categories.ts';
import type { EscalationStatus } from '../../../../common/src/api/escalations.ts';
import type { ReportRecordType } from '../../../../common/src/api/reports.ts';
import type { CategoryScope } from '../../permissions/category-scope.ts';
import type { Db } from '../../platform/db/db.ts';
import { placeInScope } from '../../platform/db/place-scope.ts';
import type { Database } from '../../platform/db/schema.ts';
import { toApiDate } from '../../platform/dates.ts';
import { rangeConditions } from '../../platform/db/range-conditions.ts';

/** An escalation as stored (api-contract §27.7). */
export interface EscalationRow {
  escalationID: number;
  name: string;
  status: EscalationStatus;
  assignedUserID: number | null;
  dateAssigned: string | null;
  recordType: ReportRecordType;
  recordID: number;
  placeRecordID: number;
  insertUserID: number;
  dateInserted: string;
  updateUserID: number | null;
  dateUpdated: string | null;
  countComments: number;
}

const columns = [
  'escalations.escalationID',
  'escalations.name',
  'escalations.status',
  'escalations.assignedUserID',
  'escalations.dateAssigned',
  'escalations.recordType',
  'escalations.recordID',
  'escalations.placeRecordID',
  'escalations.insertUserID',
  'escalations.dateInserted',
  'escalations.updateUserID',
  'escalations.dateUpdated',
  'escalations.countComments',
] as const;

function toRow(row: Omit<EscalationRow, 'status' | 'recordType'> & { status: string; recordType: string }): EscalationRow {
  return {
    ...row,
    status: row.status as EscalationStatus,
    recordType: row.recordType as ReportRecordType,
    dateAssigned: toApiDate(row.dateAssigned),
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
  };
}

export type NewEscalation = Omit<EscalationRow, 'escalationID' | 'updateUserID' | 'dateUpdated' | 'countComments'>;

export async function insertEscalation(db: Db, escalation: NewEscalation): Promise<number> {
  const row = await db.insertInto('escalations').values(escalation).returning('escalationID').executeTakeFirstOrThrow();
  return row.escalationID;
}

export async function findEscalationByID(db: Db, escalationID: number): Promise<EscalationRow | undefined> {
  const row = await db.selectFrom('escalations').select(columns).where('escalationID', '=', escalationID).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export type EscalationChanges = Partial<Pick<EscalationRow, 'name' | 'status' | 'assignedUserID' | 'dateAssigned'>> & {
  updateUserID: number;
  dateUpdated: string;
};

export async function updateEscalation(db: Db, escalationID: number, changes: EscalationChanges): Promise<void> {
  await db.updateTable('escalations').set(changes).where('escalationID', '=', escalationID).execute();
}

/** Filters of `GET /escalations`. */
export interface EscalationFilter {
  scope: CategoryScope;
  escalationID?: RangeFilter | undefined;
  statuses?: readonly EscalationStatus[] | undefined;
  recordType?: ReportRecordType | undefined;
  recordID?: RangeFilter | undefined;
  placeRecordID?: RangeFilter | undefined;
  assignedUserID?: RangeFilter | undefined;
  recordUserID?: RangeFilter | undefined;
  reportReasonIDs?: readonly string[] | undefined;
  recordUserRoleIDs?: RangeFilter | undefined;
}

type Expressions = ExpressionBuilder<Database, 'escalations'>;

function condition(eb: Expressions, filter: EscalationFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  conditions.push(placeInScope('escalations.placeRecordID', filter.scope));
  if (filter.statuses && filter.statuses.length > 0) conditions.push(eb('escalations.status', 'in', [...filter.statuses]));
  if (filter.recordType) conditions.push(eb('escalations.recordType', '=', filter.recordType));
  if (filter.escalationID) conditions.push(...rangeConditions(eb, 'escalations.escalationID', filter.escalationID));
  if (filter.recordID) conditions.push(...rangeConditions(eb, 'escalations.recordID', filter.recordID));
  if (filter.placeRecordID) conditions.push(...rangeConditions(eb, 'escalations.placeRecordID', filter.placeRecordID));
  if (filter.assignedUserID) conditions.push(...rangeConditions(eb, 'escalations.assignedUserID', filter.assignedUserID));
  if (filter.recordUserID) {
    const range = filter.recordUserID;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('reports')
          .select('reports.reportID')
          .whereRef('reports.escalationID', '=', 'escalations.escalationID')
          .where((inner) => inner.and(rangeConditions(inner, 'reports.recordUserID', range))),
      ),
    );
  }
  if (filter.reportReasonIDs && filter.reportReasonIDs.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('reports')
          .innerJoin('reportReasonLinks', 'reportReasonLinks.reportID', 'reports.reportID')
          .select('reports.reportID')
          .whereRef('reports.escalationID', '=', 'escalations.escalationID')
          .where('reportReasonLinks.reportReasonID', 'in', [...filter.reportReasonIDs]),
      ),
    );
  }
  if (filter.recordUserRoleIDs) {
    const range = filter.recordUserRoleIDs;
    conditions.push(
      eb.exists(
        eb
          .selectFrom('reports')
          .innerJoin('userRoles', 'userRoles.userID', 'reports.recordUserID')
          .select('reports.reportID')
          .whereRef('reports.escalationID', '=', 'escalations.escalationID')
          .where((inner) => inner.and(rangeConditions(inner, 'userRoles.roleID', range))),
      ),
    );
  }
  return eb.and(conditions);
}

/** One page of escalations and the total, by `escalationID` (= insertion order). */
export async function listEscalationRows(
  db: Db,
  filter: EscalationFilter,
  page: { sort: 'dateInserted' | 'recordDateInserted'; descending: boolean; offset: number; limit: number },
): Promise<{ rows: EscalationRow[]; total: number }> {
  const direction = page.descending ? 'desc' : 'asc';
  let query = db
    .selectFrom('escalations')
    .select(columns)
    .where((eb) => condition(eb, filter));
  // The record's date is the one its reports saw (every report of an escalation is of one record).
  if (page.sort === 'recordDateInserted')
    query = query.orderBy(
      (eb) =>
        eb
          .selectFrom('reports')
          .select((inner) => inner.fn.min('reports.recordDateInserted').as('recordDateInserted'))
          .whereRef('reports.escalationID', '=', 'escalations.escalationID'),
      direction,
    );
  const rows = await query
    .orderBy('escalations.escalationID', direction)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await db
    .selectFrom('escalations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => condition(eb, filter))
    .executeTakeFirstOrThrow();
  return { rows: rows.map(toRow), total: Number(count.count) };
}

/** Open and in-progress escalations in a scope (`escalations` of `GET /users/me-counts`). */
export async function countActiveEscalations(db: Db, scope: CategoryScope): Promise<number> {
  const row = await db
    .selectFrom('escalations')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => condition(eb, { scope, statuses: ['open', 'in-progress'] }))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
