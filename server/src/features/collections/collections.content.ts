import type {
  CollectionContent,
  CollectionContentsQuery,
  CollectionWithContent,
} from '../../../../common/src/api/collections.ts';
import { readExpand } from '../../../../common/src/api/common.ts';
import type { RequestContext } from '../../http/context.ts';
import { AppError } from '../../platform/errors.ts';
import { getCategory } from '../categories/categories.service.ts';
import { toCategoryExpand } from '../categories/categories.presentation.ts';
import { getDiscussion } from '../discussions/discussions.read.ts';
import { presentCollectionRecord } from './collections.present.ts';
import { findCollectionsByIDs, listCollectionRecordRows, type CollectionRecordRow } from './collections.repo.ts';
import { authorizeCollections, loadCollection } from './collections.service.ts';

/**
 * The record itself as the viewer may see it, through its feature's service (the same permission
 * checks as `GET /discussions/{id}` and `GET /categories/{id}`); null when it is gone or hidden.
 */
export async function loadRecord(
  ctx: RequestContext,
  row: { recordType: string; recordID: number },
): Promise<Record<string, unknown> | null> {
  try {
    if (row.recordType === 'discussion') return await getDiscussion(ctx, row.recordID);
    if (row.recordType === 'category')
      return await getCategory(ctx, row.recordID, toCategoryExpand(new Set()));
    return null;
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) return null;
    throw error;
  }
}

async function withRecords(
  ctx: RequestContext,
  rows: readonly CollectionRecordRow[],
  names?: ReadonlyMap<number, string>,
): Promise<CollectionContent[]> {
  const contents: CollectionContent[] = [];
  for (const row of rows) {
    const record = await loadRecord(ctx, row);
    if (record === null) continue;
    const name = names?.get(row.collectionID);
    contents.push({
      ...presentCollectionRecord(row),
      ...(name === undefined ? {} : { collection: { collectionID: row.collectionID, name } }),
      record,
    });
  }
  return contents;
}

/**
 * `GET /collections/contents/{locale}` (api-contract §12, the featured collections widget): records
 * of every collection (or one) with the record itself; records the viewer may not see are left out.
 */
export async function listCollectionContents(
  ctx: RequestContext,
  query: CollectionContentsQuery,
): Promise<CollectionContent[]> {
  authorizeCollections(ctx);
  const rows = await listCollectionRecordRows(
    ctx.db,
    { collectionID: query.collectionID },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  const expand = readExpand(query.expand, ['collection']);
  const names = expand.collection
    ? new Map(
        (await findCollectionsByIDs(ctx.db, [...new Set(rows.map((row) => row.collectionID))])).map(
          (row) => [row.collectionID, row.name],
        ),
      )
    : undefined;
  return withRecords(ctx, rows, names);
}

/** `GET /collections/{id}/content/{locale}`: a collection whose records carry `record`. */
export async function getCollectionContent(
  ctx: RequestContext,
  collectionID: number,
): Promise<CollectionWithContent> {
  authorizeCollections(ctx);
  const collection = await loadCollection(ctx, collectionID);
  const rows: CollectionRecordRow[] = collection.records.map((record) => ({
    ...record,
    dateAddedToCollection: record.dateAddedToCollection,
  }));
  return { ...collection, records: await withRecords(ctx, rows) };
}
