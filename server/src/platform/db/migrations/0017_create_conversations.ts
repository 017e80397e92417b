import type { Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 13: private conversations (api-contract §5) and the ignore list.
 * - `conversations`: subject, author, and the counters the inbox shows (kept in the message's
 *   transaction): `countMessages`, `countParticipants`, the last message and its date.
 * - `conversationParticipants`: one row per member and conversation; `status` participating or
 *   deleted (left); `countReadMessages` gives the unread count; `dateLastActivity` (the
 *   conversation's last message, copied on each message) orders a member's inbox by an index.
 * - `conversationMessages`: bodies as written and rendered once.
 * - `userIgnores`: who ignores whom; an ignored member's messages and mentions notify no one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await c
    .id(db.schema.createTable('conversations'), 'conversationID')
    .addColumn('name', c.text)
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('countMessages', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('countParticipants', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lastMessageID', 'integer')
    .addColumn('dateLastMessage', c.date)
    .execute();
  await db.schema
    .createIndex('conversations_insert_user')
    .on('conversations')
    .columns(['insertUserID', 'conversationID'])
    .execute();
  await db.schema
    .createTable('conversationParticipants')
    .addColumn('conversationID', 'integer', (col) => col.notNull())
    .addColumn('userID', 'integer', (col) => col.notNull())
    .addColumn('status', c.text, (col) => col.notNull().defaultTo('participating'))
    .addColumn('countReadMessages', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateLastActivity', c.date, (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addPrimaryKeyConstraint('conversationParticipants_pk', ['conversationID', 'userID'])
    .execute();
  await db.schema
    .createIndex('conversationParticipants_inbox')
    .on('conversationParticipants')
    .columns(['userID', 'status', 'dateLastActivity', 'conversationID'])
    .execute();
  await c
    .id(db.schema.createTable('conversationMessages'), 'messageID')
    .addColumn('conversationID', 'integer', (col) => col.notNull())
    .addColumn('body', c.text, (col) => col.notNull())
    .addColumn('format', c.text, (col) => col.notNull())
    .addColumn('bodyHtml', c.text, (col) => col.notNull())
    .addColumn('bodyPlainText', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('conversationMessages_conversation')
    .on('conversationMessages')
    .columns(['conversationID', 'messageID'])
    .execute();
  await db.schema
    .createIndex('conversationMessages_insert_user')
    .on('conversationMessages')
    .columns(['insertUserID', 'messageID'])
    .execute();
  await db.schema
    .createTable('userIgnores')
    .addColumn('userID', 'integer', (col) => col.notNull())
    .addColumn('ignoredUserID', 'integer', (col) => col.notNull())
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addPrimaryKeyConstraint('userIgnores_pk', ['userID', 'ignoredUserID'])
    .execute();
  await db.schema
    .createIndex('userIgnores_ignored')
    .on('userIgnores')
    .columns(['ignoredUserID', 'userID'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
