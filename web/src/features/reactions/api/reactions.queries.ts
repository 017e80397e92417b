import { useQuery } from '@tanstack/react-query';
import type { ReactionRecordType } from '../../../../../common/src/api/reactions.ts';
import { fetchReactionLog, fetchReactionTypes } from './reactions.api.ts';

/** Query keys of reactions: the types, and each record's log (optionally of one type). */
export const reactionKeys = {
  types: ['reactions', 'types'] as const,
  logs: (recordType: ReactionRecordType, recordID: number) =>
    ['reactions', 'log', recordType, recordID] as const,
  log: (recordType: ReactionRecordType, recordID: number, type: string | null) =>
    ['reactions', 'log', recordType, recordID, type] as const,
};

/** The reaction types (`GET /reactions`); signed-in users only. */
export function useReactionTypesQuery(isEnabled: boolean) {
  return useQuery({
    queryKey: reactionKeys.types,
    queryFn: fetchReactionTypes,
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

/** A record's reaction log, loaded when `isEnabled` turns true (a tooltip shows, the Log opens). */
export function useReactionLogQuery(
  recordType: ReactionRecordType,
  recordID: number,
  type: string | null,
  isEnabled: boolean,
) {
  return useQuery({
    queryKey: reactionKeys.log(recordType, recordID, type),
    queryFn: () => fetchReactionLog(recordType, recordID, type ?? undefined),
    enabled: isEnabled,
  });
}
