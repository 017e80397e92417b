import { sql, type Kysely } from 'kysely';
import { columns } from '../dialect.ts';

/**
 * Issue 15: collections (api-contract §12) and the profile fields the edit page shows.
 * - `collections`: a named list curated by `community.manage` holders; names are unique whatever
 *   their case (an index on `lower(name)`, as for user names).
 * - `collectionRecords`: the records of a collection (`discussion` or `category`), in `sort`
 *   order; the (recordType, recordID) index serves `GET /collections/by-resource`.
 * - `users.location`, `users.about`: plain-text profile fields beside the existing `title`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const c = columns(db);
  await c
    .id(db.schema.createTable('collections'), 'collectionID')
    .addColumn('name', c.text, (col) => col.notNull())
    .addColumn('insertUserID', 'integer', (col) => col.notNull())
    .addColumn('updateUserID', 'integer')
    .addColumn('dateInserted', c.date, (col) => col.notNull())
    .addColumn('dateUpdated', c.date)
    .execute();
  await sql`create unique index "collections_name_lower" on "collections" (lower("name"))`.execute(db);
  await db.schema
    .createTable('collectionRecords')
    .addColumn('collectionID', 'integer', (col) =>
      col.notNull().references('collections.collectionID').onDelete('cascade'),
    )
    .addColumn('recordType', c.text, (col) => col.notNull())
    .addColumn('recordID', 'integer', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('dateAddedToCollection', c.date, (col) => col.notNull())
    .addPrimaryKeyConstraint('collectionRecords_pk', ['collectionID', 'recordType', 'recordID'])
    .execute();
  await db.schema
    .createIndex('collectionRecords_record')
    .on('collectionRecords')
    .columns(['recordType', 'recordID'])
    .execute();
  await db.schema.alterTable('users').addColumn('location', c.text).execute();
  await db.schema.alterTable('users').addColumn('about', c.text).execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
