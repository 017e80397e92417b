import type { Collection, CollectionSummary } from '../../../../../common/src/api/collections.ts';
import { api } from '../../../lib/api.ts';

/** A record a collection holds (api-contract §12). */
export interface CollectionRecordRef {
  recordType: 'discussion' | 'category';
  recordID: number;
}

/** `GET /collections` (spec 001 §7.6): every collection (the contract's default limit, 500). */
export function fetchCollections(): Promise<Collection[]> {
  return api.get<Collection[]>('/collections');
}

/** `GET /collections/by-resource`: the collections holding a record. */
export function fetchCollectionsOf(record: CollectionRecordRef): Promise<CollectionSummary[]> {
  return api.get<CollectionSummary[]>('/collections/by-resource', { query: { ...record } });
}

/** `PUT /collections/by-resource`: the record ends up in exactly these collections. */
export function putCollectionsOf(
  record: CollectionRecordRef,
  collectionIDs: readonly number[],
): Promise<CollectionSummary[]> {
  return api.put<CollectionSummary[]>('/collections/by-resource', { record, collectionIDs });
}

/** `POST /collections` with a name and its first record. */
export function createCollection(name: string, record: CollectionRecordRef): Promise<Collection> {
  return api.post<Collection>('/collections', { name, records: [record] });
}
