import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 17 (api-contract §27.6, §27.8, §27.9): the change log, the audit log, ban details.
 * - `logs`: one row per revision (`edit`), deleted record (`delete`) or ban change (`ban`); `data`
 *   is the record as it was before, JSON. Indexes serve the `/log/filter` pages: one record's
 *   entries, one discussion's deleted comments, and one operation, each newest first.
 * - `auditLogs`: every moderator and administrator action. `auditLogID` is the public UUID;
 *   `sequenceID` orders the rows (UUIDs do not) for the newest-first pager.
 * - `users.banReason`, `users.banDateExpires`: why and until when a user is banned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await c
    .id(db.schema.createTable('logs'), 'logID')
    .addColumn('operation', c.text, (col) => col.notNull())
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('recordUserID', 'integer')
    .addColumn('recordDate', c.date)
    .addColumn('parentRecordID', 'integer')
    .addColumn('categoryID', 'integer')
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('data', c.text, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('logs_record')
    .on('logs')
    .columns(['recordType', 'recordID', 'logID'])
    .execute();
  await db.schema
    .createIndex('logs_parent')
    .on('logs')
    .columns(['recordType', 'parentRecordID', 'logID'])
    .execute();
  await db.schema
    .createIndex('logs_operation')
    .on('logs')
    .columns(['recordType', 'operation', 'logID'])
    .execute();

  await c
    .id(db.schema.createTable('auditLogs'), 'sequenceID')
    .addColumn('auditLogID', c.text, (col) => col.notNull().unique())
    .addColumn('eventType', c.text, (col) => col.notNull())
    .addColumn('message', c.text, (col) => col.notNull())
    .addColumn('requestMethod', c.text, (col) => col.notNull())
    .addColumn('requestPath', c.text, (col) => col.notNull())
    .addColumn('requestQuery', c.text, (col) => col.notNull())
    .addColumn('context', c.text, (col) => col.notNull())
    .addColumn('meta', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('insertIPAddress', c.text, (col) => col.notNull())
    .addColumn('spoofUserID', 'integer')
    .addColumn('parentAuditLogID', c.text)
    .execute();
  await db.schema
    .createIndex('auditLogs_user')
    .on('auditLogs')
    .columns(['insertUserID', 'sequenceID'])
    .execute();
  await db.schema
    .createIndex('auditLogs_event')
    .on('auditLogs')
    .columns(['eventType', 'sequenceID'])
    .execute();

  await db.schema.alterTable('users').addColumn('banReason', c.text).execute();
  await db.schema.alterTable('users').addColumn('banDateExpires', c.date).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
