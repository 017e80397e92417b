import type { Kysely } from 'kysely';
import type { CollectionRecordType } from '../../../../common/src/api/collections.ts';
import { lowerEquals } from '../../platform/db/dialect.ts';
import type { Database } from '../../platform/db/schema.ts';

/** The database or an open transaction. */
type Executor = Kysely<Database>;

/** A `collections` row. */
export interface CollectionRow {
  collectionID: number;
  name: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string;
  dateUpdated: string | null;
}

/** A `collectionRecords` row. */
export interface CollectionRecordRow {
  collectionID: number;
  recordType: string;
  recordID: number;
  sort: number;
  dateAddedToCollection: string;
}

/** A record to store in a collection. */
export interface NewCollectionRecord {
  recordType: CollectionRecordType;
  recordID: number;
  sort: number;
}

const collectionColumns = [
  'collections.collectionID',
  'collections.name',
  'collections.insertUserID',
  'collections.updateUserID',
  'collections.dateInserted',
  'collections.dateUpdated',
] as const;

const recordColumns = [
  'collectionRecords.collectionID',
  'collectionRecords.recordType',
  'collectionRecords.recordID',
  'collectionRecords.sort',
  'collectionRecords.dateAddedToCollection',
] as const;

function asRow(row: {
  collectionID: number;
  name: string;
  insertUserID: number;
  updateUserID: number | null;
  dateInserted: string | Date;
  dateUpdated: string | Date | null;
}): CollectionRow {
  return {
    ...row,
    dateInserted: String(row.dateInserted),
    dateUpdated: row.dateUpdated === null ? null : String(row.dateUpdated),
  };
}

/** One collection by ID. */
export async function findCollectionByID(
  db: Executor,
  collectionID: number,
): Promise<CollectionRow | undefined> {
  const row = await db
    .selectFrom('collections')
    .select(collectionColumns)
    .where('collectionID', '=', collectionID)
    .executeTakeFirst();
  return row ? asRow(row) : undefined;
}

/** Collections whose IDs are given (unknown IDs are left out). */
export async function findCollectionsByIDs(
  db: Executor,
  collectionIDs: readonly number[],
): Promise<CollectionRow[]> {
  if (collectionIDs.length === 0) return [];
  const rows = await db
    .selectFrom('collections')
    .select(collectionColumns)
    .where('collectionID', 'in', [...collectionIDs])
    .orderBy('collectionID')
    .execute();
  return rows.map(asRow);
}

/** The ID of the collection of this name, whatever its case, except `exceptID`. */
export async function findCollectionIDByName(
  db: Executor,
  name: string,
  exceptID?: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('collections')
    .select('collectionID')
    .where(lowerEquals('name', name));
  if (exceptID !== undefined) query = query.where('collectionID', '<>', exceptID);
  return (await query.executeTakeFirst())?.collectionID;
}

/** A page of collections by ID, optionally filtered by ID or exact name. */
export async function listCollectionRows(
  db: Executor,
  filter: { collectionID?: number | undefined; name?: string | undefined },
  page: { offset: number; limit: number },
): Promise<CollectionRow[]> {
  let query = db.selectFrom('collections').select(collectionColumns);
  if (filter.collectionID !== undefined)
    query = query.where('collectionID', '=', filter.collectionID);
  if (filter.name !== undefined) query = query.where(lowerEquals('name', filter.name));
  const rows = await query
    .orderBy('collectionID')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map(asRow);
}

/** The records of these collections, in each collection's order. */
export async function findRecordsOfCollections(
  db: Executor,
  collectionIDs: readonly number[],
): Promise<CollectionRecordRow[]> {
  if (collectionIDs.length === 0) return [];
  const rows = await db
    .selectFrom('collectionRecords')
    .select(recordColumns)
    .where('collectionID', 'in', [...collectionIDs])
    .orderBy('collectionID')
    .orderBy('sort')
    .orderBy('dateAddedToCollection')
    .execute();
  return rows.map((row) => ({ ...row, dateAddedToCollection: String(row.dateAddedToCollection) }));
}

/** A page of records across collections (`GET /collections/contents`), newest additions first. */
export async function listCollectionRecordRows(
  db: Executor,
  filter: { collectionID?: number | undefined },
  page: { offset: number; limit: number },
): Promise<CollectionRecordRow[]> {
  let query = db.selectFrom('collectionRecords').select(recordColumns);
  if (filter.collectionID !== undefined)
    query = query.where('collectionID', '=', filter.collectionID);
  const rows = await query
    .orderBy('collectionID')
    .orderBy('sort')
    .orderBy('recordType')
    .orderBy('recordID')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => ({ ...row, dateAddedToCollection: String(row.dateAddedToCollection) }));
}

/** The IDs among `recordIDs` that exist as records of this type (deleted categories excluded). */
export async function findExistingRecordIDs(
  db: Executor,
  recordType: CollectionRecordType,
  recordIDs: readonly number[],
): Promise<Set<number>> {
  if (recordIDs.length === 0) return new Set();
  const ids = [...recordIDs];
  const rows =
    recordType === 'discussion'
      ? await db
          .selectFrom('discussions')
          .select('discussionID as recordID')
          .where('discussionID', 'in', ids)
          .execute()
      : await db
          .selectFrom('categories')
          .select('categoryID as recordID')
          .where('categoryID', 'in', ids)
          .execute();
  return new Set(rows.map((row) => row.recordID));
}

/** Inserts a collection; returns its ID. */
export async function insertCollection(
  db: Executor,
  values: { name: string; insertUserID: number; dateInserted: string },
): Promise<number> {
  const row = await db
    .insertInto('collections')
    .values({ ...values, updateUserID: null, dateUpdated: null })
    .returning('collectionID')
    .executeTakeFirstOrThrow();
  return row.collectionID;
}

/** Updates a collection's name and its update stamp. */
export async function updateCollection(
  db: Executor,
  collectionID: number,
  changes: { name?: string | undefined; updateUserID: number; dateUpdated: string },
): Promise<void> {
  await db
    .updateTable('collections')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      updateUserID: changes.updateUserID,
      dateUpdated: changes.dateUpdated,
    })
    .where('collectionID', '=', collectionID)
    .execute();
}

/** Deletes a collection and its records. */
export async function deleteCollectionRow(db: Executor, collectionID: number): Promise<void> {
  await db.deleteFrom('collectionRecords').where('collectionID', '=', collectionID).execute();
  await db.deleteFrom('collections').where('collectionID', '=', collectionID).execute();
}

/**
 * Replaces a collection's records; records kept keep their `dateAddedToCollection`.
 */
export async function replaceCollectionRecords(
  db: Executor,
  collectionID: number,
  records: readonly NewCollectionRecord[],
  now: string,
): Promise<void> {
  const existing = await db
    .selectFrom('collectionRecords')
    .select(['recordType', 'recordID', 'dateAddedToCollection'])
    .where('collectionID', '=', collectionID)
    .execute();
  const added = new Map(
    existing.map((row) => [`${row.recordType}:${row.recordID}`, String(row.dateAddedToCollection)]),
  );
  await db.deleteFrom('collectionRecords').where('collectionID', '=', collectionID).execute();
  if (records.length === 0) return;
  await db
    .insertInto('collectionRecords')
    .values(
      records.map((record) => ({
        collectionID,
        recordType: record.recordType,
        recordID: record.recordID,
        sort: record.sort,
        dateAddedToCollection: added.get(`${record.recordType}:${record.recordID}`) ?? now,
      })),
    )
    .execute();
}

/** The IDs of the collections holding a record. */
export async function findCollectionIDsOfRecord(
  db: Executor,
  recordType: CollectionRecordType,
  recordID: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom('collectionRecords')
    .select('collectionID')
    .where('recordType', '=', recordType)
    .where('recordID', '=', recordID)
    .orderBy('collectionID')
    .execute();
  return rows.map((row) => row.collectionID);
}

/** Adds a record to a collection (or updates its sort). */
export async function addRecordToCollection(
  db: Executor,
  collectionID: number,
  record: NewCollectionRecord,
  now: string,
): Promise<void> {
  await db
    .deleteFrom('collectionRecords')
    .where('collectionID', '=', collectionID)
    .where('recordType', '=', record.recordType)
    .where('recordID', '=', record.recordID)
    .execute();
  await db
    .insertInto('collectionRecords')
    .values({ collectionID, ...record, dateAddedToCollection: now })
    .execute();
}

/** Removes a record from the given collections. */
export async function removeRecordFromCollections(
  db: Executor,
  collectionIDs: readonly number[],
  record: { recordType: CollectionRecordType; recordID: number },
): Promise<void> {
  if (collectionIDs.length === 0) return;
  await db
    .deleteFrom('collectionRecords')
    .where('collectionID', 'in', [...collectionIDs])
    .where('recordType', '=', record.recordType)
    .where('recordID', '=', record.recordID)
    .execute();
}

/** Marks collections as updated by a user. */
export async function touchCollections(
  db: Executor,
  collectionIDs: readonly number[],
  updateUserID: number,
  now: string,
): Promise<void> {
  if (collectionIDs.length === 0) return;
  await db
    .updateTable('collections')
    .set({ updateUserID, dateUpdated: now })
    .where('collectionID', 'in', [...collectionIDs])
    .execute();
}
