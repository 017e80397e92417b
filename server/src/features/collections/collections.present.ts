import type {
  Collection,
  CollectionRecord,
  CollectionSummary,
} from '../../../../common/src/api/collections.ts';
import { toApiDate } from '../../platform/dates.ts';
import type { CollectionRecordRow, CollectionRow } from './collections.repo.ts';

/** A collection's own fields (api-contract §12 `by-resource`). */
export function presentCollectionSummary(row: CollectionRow): CollectionSummary {
  return {
    collectionID: row.collectionID,
    name: row.name,
    insertUserID: row.insertUserID,
    updateUserID: row.updateUserID,
    dateInserted: toApiDate(row.dateInserted),
    dateUpdated: toApiDate(row.dateUpdated),
  };
}

/** One record of a collection. */
export function presentCollectionRecord(row: CollectionRecordRow): CollectionRecord {
  return {
    collectionID: row.collectionID,
    recordID: row.recordID,
    recordType: row.recordType,
    dateAddedToCollection: toApiDate(row.dateAddedToCollection),
    sort: row.sort,
  };
}

/** Collections with their records (api-contract §12), records grouped by collection. */
export function presentCollections(
  rows: readonly CollectionRow[],
  records: readonly CollectionRecordRow[],
): Collection[] {
  return rows.map((row) => ({
    ...presentCollectionSummary(row),
    records: records
      .filter((record) => record.collectionID === row.collectionID)
      .map(presentCollectionRecord),
  }));
}
