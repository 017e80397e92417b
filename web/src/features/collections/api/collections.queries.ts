import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createCollection,
  fetchCollections,
  fetchCollectionsOf,
  putCollectionsOf,
  type CollectionRecordRef,
} from './collections.api.ts';

/** Query keys of collections; every key starts with 'collections'. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: () => ['collections', 'list'] as const,
  of: (record: CollectionRecordRef) =>
    ['collections', 'by-resource', record.recordType, record.recordID] as const,
};

export function useCollectionsQuery() {
  return useQuery({ queryKey: collectionKeys.list(), queryFn: fetchCollections });
}

export function useCollectionsOfQuery(record: CollectionRecordRef) {
  return useQuery({
    queryKey: collectionKeys.of(record),
    queryFn: () => fetchCollectionsOf(record),
  });
}

/**
 * Saves a record's collections (spec 001 §7.6): a new collection first when named (created with
 * the record), then `PUT /collections/by-resource` with the checked ones and the new one.
 */
export function useSaveCollectionsMutation(record: CollectionRecordRef) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      collectionIDs,
      newName,
    }: {
      collectionIDs: number[];
      newName: string;
    }) => {
      const ids = [...collectionIDs];
      if (newName.trim() !== '')
        ids.push((await createCollection(newName.trim(), record)).collectionID);
      return putCollectionsOf(record, ids);
    },
    onSettled: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
