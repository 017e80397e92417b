import type {
  ByResourceQuery,
  Collection,
  CollectionRecordInput,
  CollectionSummary,
  CreateCollectionBody,
  ListCollectionsQuery,
  PatchCollectionBody,
  PutByResourceBody,
} from '../../../../common/src/api/collections.ts';
import {
  collectionNameTakenMessage,
  collectionRecordTypes,
} from '../../../../common/src/api/collections.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { isUniqueViolation } from '../../platform/db/dialect.ts';
import { nowIso } from '../../platform/dates.ts';
import { fieldError, notFound, validationError, type FieldError } from '../../platform/errors.ts';
import { canManageCollections } from './collections.policy.ts';
import { presentCollections, presentCollectionSummary } from './collections.present.ts';
import {
  addRecordToCollection,
  deleteCollectionRow,
  findCollectionByID,
  findCollectionIDByName,
  findCollectionIDsOfRecord,
  findCollectionsByIDs,
  findExistingRecordIDs,
  findRecordsOfCollections,
  insertCollection,
  listCollectionRows,
  removeRecordFromCollections,
  replaceCollectionRecords,
  touchCollections,
  updateCollection,
  type CollectionRow,
  type NewCollectionRecord,
} from './collections.repo.ts';

/** api-contract §12: every call needs `community.manage`. */
export function authorizeCollections(ctx: RequestContext): void {
  authorize(canManageCollections(ctx.permissions), { permissions: 'community.manage' });
}

async function requireCollection(ctx: RequestContext, collectionID: number): Promise<CollectionRow> {
  const row = await findCollectionByID(ctx.db, collectionID);
  if (!row) throw notFound('Collection', { collectionID });
  return row;
}

async function loadCollections(ctx: RequestContext, rows: readonly CollectionRow[]): Promise<Collection[]> {
  const records = await findRecordsOfCollections(
    ctx.db,
    rows.map((row) => row.collectionID),
  );
  return presentCollections(rows, records);
}

/** One collection with its records. */
export async function loadCollection(ctx: RequestContext, collectionID: number): Promise<Collection> {
  const [collection] = await loadCollections(ctx, [await requireCollection(ctx, collectionID)]);
  if (!collection) throw notFound('Collection', { collectionID });
  return collection;
}

/**
 * Records as stored: duplicates collapse to their first mention; a record without `sort` takes its
 * position in the list. Records that do not exist are field errors on `records`.
 */
async function normalizeRecords(
  ctx: RequestContext,
  records: readonly CollectionRecordInput[],
  field = 'records',
): Promise<NewCollectionRecord[]> {
  const seen = new Set<string>();
  const unique: NewCollectionRecord[] = [];
  records.forEach((record, index) => {
    const key = `${record.recordType}:${record.recordID}`;
    if (seen.has(key)) return;
    seen.add(key);
    unique.push({ recordType: record.recordType, recordID: record.recordID, sort: record.sort ?? index });
  });
  const errors: FieldError[] = [];
  for (const recordType of collectionRecordTypes) {
    const ids = unique.filter((record) => record.recordType === recordType).map((r) => r.recordID);
    const existing = await findExistingRecordIDs(ctx.db, recordType, ids);
    for (const recordID of ids.filter((id) => !existing.has(id))) {
      errors.push({
        field,
        code: 'invalid',
        message: `The ${recordType} ${recordID} does not exist.`,
        status: 400,
      });
    }
  }
  if (errors.length > 0) throw validationError(errors);
  return unique;
}

async function refuseTakenName(ctx: RequestContext, name: string, exceptID?: number): Promise<void> {
  if ((await findCollectionIDByName(ctx.db, name, exceptID)) !== undefined)
    throw fieldError('name', collectionNameTakenMessage(name), 400);
}

function raceName(error: unknown, name: string): never {
  if (isUniqueViolation(error)) throw fieldError('name', collectionNameTakenMessage(name), 400);
  throw error;
}

/** `GET /collections` (api-contract §12): collections with their records, more pager. */
export async function listCollections(
  ctx: RequestContext,
  query: ListCollectionsQuery,
): Promise<Collection[]> {
  authorizeCollections(ctx);
  const rows = await listCollectionRows(
    ctx.db,
    { collectionID: query.collectionID, name: query.name },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return loadCollections(ctx, rows);
}

/** `GET /collections/{id}`. @throws AppError 403, 404 "Collection not found." */
export async function getCollection(ctx: RequestContext, collectionID: number): Promise<Collection> {
  authorizeCollections(ctx);
  return loadCollection(ctx, collectionID);
}

/**
 * `POST /collections`: a unique name (whatever its case) and 1..30 existing records.
 * @throws AppError 403, 400 duplicate name or missing record.
 */
export async function createCollection(
  ctx: RequestContext,
  body: CreateCollectionBody,
): Promise<Collection> {
  authorizeCollections(ctx);
  await refuseTakenName(ctx, body.name);
  const records = await normalizeRecords(ctx, body.records);
  const now = nowIso(ctx.clock);
  let collectionID = 0;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      collectionID = await insertCollection(trx, {
        name: body.name,
        insertUserID: ctx.actor.userID,
        dateInserted: now,
      });
      await replaceCollectionRecords(trx, collectionID, records, now);
    });
  } catch (error) {
    raceName(error, body.name);
  }
  return loadCollection(ctx, collectionID);
}

/** `PATCH /collections/{id}`: a new name and/or a replacing list of records. */
export async function patchCollection(
  ctx: RequestContext,
  collectionID: number,
  body: PatchCollectionBody,
): Promise<Collection> {
  authorizeCollections(ctx);
  await requireCollection(ctx, collectionID);
  if (body.name !== undefined) await refuseTakenName(ctx, body.name, collectionID);
  const records = body.records === undefined ? undefined : await normalizeRecords(ctx, body.records);
  const now = nowIso(ctx.clock);
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await updateCollection(trx, collectionID, {
        name: body.name,
        updateUserID: ctx.actor.userID,
        dateUpdated: now,
      });
      if (records !== undefined) await replaceCollectionRecords(trx, collectionID, records, now);
    });
  } catch (error) {
    raceName(error, body.name ?? '');
  }
  return loadCollection(ctx, collectionID);
}

/** `DELETE /collections/{id}`. @throws AppError 403, 404. */
export async function deleteCollection(ctx: RequestContext, collectionID: number): Promise<void> {
  authorizeCollections(ctx);
  await requireCollection(ctx, collectionID);
  await ctx.db.transaction().execute((trx) => deleteCollectionRow(trx, collectionID));
}

/** `GET /collections/by-resource`: the collections holding a record. */
export async function getCollectionsByResource(
  ctx: RequestContext,
  query: ByResourceQuery,
): Promise<CollectionSummary[]> {
  authorizeCollections(ctx);
  const ids = await findCollectionIDsOfRecord(ctx.db, query.recordType, query.recordID);
  return (await findCollectionsByIDs(ctx.db, ids)).map(presentCollectionSummary);
}

/**
 * `PUT /collections/by-resource`: the record ends up in exactly the listed collections (added
 * where missing, removed elsewhere). Unknown collections are 404; a missing record is 400.
 */
export async function putCollectionsByResource(
  ctx: RequestContext,
  body: PutByResourceBody,
): Promise<CollectionSummary[]> {
  authorizeCollections(ctx);
  const [record] = await normalizeRecords(ctx, [body.record], 'record');
  if (!record) throw fieldError('record', 'record is required.', 400, 'missingField');
  const wanted = [...new Set(body.collectionIDs)];
  const found = await findCollectionsByIDs(ctx.db, wanted);
  const missing = wanted.find((id) => !found.some((row) => row.collectionID === id));
  if (missing !== undefined) throw notFound('Collection', { collectionID: missing });
  const now = nowIso(ctx.clock);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findCollectionIDsOfRecord(trx, record.recordType, record.recordID);
    const removed = current.filter((id) => !wanted.includes(id));
    const added = wanted.filter((id) => !current.includes(id));
    await removeRecordFromCollections(trx, removed, record);
    for (const collectionID of added) await addRecordToCollection(trx, collectionID, record, now);
    await touchCollections(trx, [...removed, ...added], ctx.actor.userID, now);
  });
  return getCollectionsByResource(ctx, record);
}
