import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 16: drafts and scheduled posts (api-contract §23).
 * - `drafts`: a member's unpublished post. `attributes` is the client's JSON as sent;
 *   `draftStatus` is draft, scheduled, error, or `publishing` while the job publishes it (shown as
 *   scheduled); `failedReason` says why publishing failed.
 * - Indexes serve the owner's list by status and sort, the "one scheduled update per record" check
 *   and the due-draft scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await c
    .id(db.schema.createTable('drafts'), 'draftID')
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer')
    .addColumn('parentRecordType', c.text)
    .addColumn('parentRecordID', 'integer')
    .addColumn('attributes', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateUpdated', c.date)
    .addColumn('draftStatus', c.text, (col) => col.notNull().defaultTo('draft'))
    .addColumn('dateScheduled', c.date)
    .addColumn('failedReason', c.text)
    .execute();
  await db.schema
    .createIndex('drafts_owner_status_updated')
    .on('drafts')
    .columns(['insertUserID', 'draftStatus', 'dateUpdated'])
    .execute();
  await db.schema
    .createIndex('drafts_record')
    .on('drafts')
    .columns(['recordType', 'recordID', 'draftStatus'])
    .execute();
  await db.schema
    .createIndex('drafts_status_scheduled')
    .on('drafts')
    .columns(['draftStatus', 'dateScheduled'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
