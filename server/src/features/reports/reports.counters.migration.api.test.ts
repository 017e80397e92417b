import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import { migrateToLatest, migrations } from '../../platform/db/migrate.ts';

// Issue 17: migration 0033 fills the report counters from the reports a database already holds.

const databases: TestDatabase[] = [];
after(async () => {
  for (const database of databases) await database.drop();
});

test(`migration 0033 counts the existing reports per status, category, record type and reasons (${testDialect})`, async () => {
  const database = await createTestDatabase();
  databases.push(database);
  const db = database.handle.db;
  const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0033')) as Record<string, Migration>;
  const migrator = new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: { getMigrations: () => Promise.resolve(before) },
    migrationTableName: 'migrations',
    migrationLockTableName: 'migrationsLock',
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;

  const at = '2026-01-02T03:04:05.000Z';
  const reports: { status: string; placeRecordID: number; recordType: 'discussion' | 'comment'; reasons: string[] }[] = [
    { status: 'new', placeRecordID: 1, recordType: 'discussion', reasons: ['spam'] },
    { status: 'new', placeRecordID: 1, recordType: 'discussion', reasons: ['spam'] },
    { status: 'new', placeRecordID: 1, recordType: 'discussion', reasons: ['spam', 'abuse'] },
    { status: 'new', placeRecordID: 2, recordType: 'comment', reasons: ['approval-required'] },
    { status: 'dismissed', placeRecordID: 2, recordType: 'comment', reasons: ['abuse', 'spam'] },
    { status: 'rejected', placeRecordID: 2, recordType: 'comment', reasons: [] },
  ];
  for (const [index, report] of reports.entries()) {
    const row = await db
      .insertInto('reports')
      .values({
        status: report.status,
        recordType: report.recordType,
        recordID: index + 1,
        recordName: 'Name',
        recordHtml: '<p>Body</p>',
        recordFormat: 'text',
        recordUserID: 1,
        recordDateInserted: at,
        recordDateUpdated: null,
        placeRecordID: report.placeRecordID,
        noteHtml: null,
        insertUserID: 1,
        dateInserted: at,
      })
      .returning('reportID')
      .executeTakeFirstOrThrow();
    if (report.reasons.length > 0)
      await db
        .insertInto('reportReasonLinks')
        .values(report.reasons.map((reportReasonID) => ({ reportID: row.reportID, reportReasonID })))
        .execute();
  }

  await migrateToLatest(db);
  const rows = await db.selectFrom('reportCounts').selectAll().execute();
  assert.deepEqual(
    rows.map((row) => `${row.status}|${String(row.placeRecordID)}|${row.recordType}|${row.reasonKey}|${String(row.countReports)}`).sort(),
    [
      'dismissed|2|comment|abuse,spam|1',
      'new|1|discussion|abuse,spam|1',
      'new|1|discussion|spam|2',
      'new|2|comment|approval-required|1',
      'rejected|2|comment||1',
    ],
  );
});
