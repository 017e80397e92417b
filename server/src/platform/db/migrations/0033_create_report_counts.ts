import { sql, type Kysely } from 'kysely';
import { columns, dialectOf } from '../dialect.ts';

/**
 * Issue 17 (the reports list, the approval queue and the moderators' me-counts at 1,000 requests/s
 * with 100,000 open reports): the number of reports per status × category (`placeRecordID`) ×
 * record type × set of reasons (`reasonKey`: the report's reason IDs, sorted, joined by `,`), kept
 * in the transaction of every write that changes one of these (reports.counters.repo.ts). The
 * numbered pager's total and `GET /users/me-counts` sum these rows instead of counting the
 * reports on every request. Filled here from the existing reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema
    .createTable('reportCounts')
    .addColumn('status', c.text, (col) => col.notNull())
    .addColumn('placeRecordID', 'integer', (col) => col.notNull())
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('reasonKey', c.text, (col) => col.notNull())
    .addColumn('countReports', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('reportCounts_pk', ['status', 'placeRecordID', 'recordType', 'reasonKey'])
    .execute();
  const reasonList =
    dialectOf(db) === 'postgres'
      ? sql`string_agg("reportReasonID", ',' order by "reportReasonID")`
      : sql`group_concat("reportReasonID", ',' order by "reportReasonID")`;
  await sql`
    insert into "reportCounts" ("status", "placeRecordID", "recordType", "reasonKey", "countReports")
    select r."status", r."placeRecordID", r."recordType", coalesce(k."reasonKey", ''), count(*)
    from "reports" r
    left join (
      select "reportID", ${reasonList} as "reasonKey" from "reportReasonLinks" group by "reportID"
    ) k on k."reportID" = r."reportID"
    group by r."status", r."placeRecordID", r."recordType", coalesce(k."reasonKey", '')
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
