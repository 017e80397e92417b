import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 13: notifications (api-contract §4) and notification preferences (§6).
 * - `notifications`: one row per recipient per event. `dedupeKey` (unique per recipient) makes
 *   the delivering job idempotent (an e-mail-only delivery keeps a row with `popup` false, so a
 *   retried job never mails twice); `batchKey` groups rows for `shouldBatch`. Indexes serve the
 *   recipient's newest-first page, the unread count and the batch reads.
 * - `notificationPreferences`: a user's preferences as JSON (userID 0 holds the site defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await c
    .id(db.schema.createTable('notifications'), 'notificationID')
    .addColumn('notifyUserID', 'integer', (col) => col.notNull())
    .addColumn('activityType', c.text, (col) => col.notNull())
    .addColumn('reason', c.text)
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('discussionID', 'integer')
    .addColumn('actorUserID', 'integer')
    .addColumn('body', c.text, (col) => col.notNull())
    .addColumn('url', c.text, (col) => col.notNull())
    .addColumn('read', c.bool, c.defaultFalse)
    .addColumn('popup', c.bool, c.defaultTrue)
    .addColumn('batchKey', c.text, (col) => col.notNull())
    .addColumn('dedupeKey', c.text, (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_recipient_latest')
    .on('notifications')
    .columns(['notifyUserID', 'notificationID'])
    .execute();
  await db.schema
    .createIndex('notifications_recipient_unread')
    .on('notifications')
    .columns(['notifyUserID', 'read'])
    .execute();
  await db.schema
    .createIndex('notifications_recipient_batch')
    .on('notifications')
    .columns(['notifyUserID', 'batchKey', 'notificationID'])
    .execute();
  await db.schema
    .createIndex('notifications_dedupe')
    .on('notifications')
    .columns(['notifyUserID', 'dedupeKey'])
    .unique()
    .execute();
  await db.schema
    .createTable('notificationPreferences')
    .addColumn('userID', 'integer', (col) => col.primaryKey())
    .addColumn('preferences', c.text, (col) => col.notNull())
    .addColumn('language', c.text)
    .addColumn('dateUpdated', c.date, (col) => col.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
