import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * api-contract §27.7, §9: moderators discuss an escalation in comments with
 * `parentRecordType: "escalation"`. They live in their own table (the `comments` table's
 * `discussionID` is required); `escalations.countComments` is kept in the same transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await db.schema.alterTable('escalations').addColumn('countComments', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await c
    .id(db.schema.createTable('escalationComments'), 'commentID')
    .addColumn('escalationID', 'integer', (col) => col.notNull().references('escalations.escalationID').onDelete('cascade'))
    .addColumn('body', c.text, (col) => col.notNull())
    .addColumn('format', c.text, (col) => col.notNull())
    .addColumn('bodyHtml', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateUpdated', c.date)
    .execute();
  await db.schema
    .createIndex('escalationComments_escalation')
    .on('escalationComments')
    .columns(['escalationID', 'dateInserted', 'commentID'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
