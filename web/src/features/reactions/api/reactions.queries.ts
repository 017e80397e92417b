import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBrowserMutation } from '../../../lib/browser-mutation.ts';
import type {
  ReactionRecordType,
  ReactionSummary,
  ReactionType,
} from '../../../../../common/src/api/reactions.ts';
import {
  deleteOwnReaction,
  fetchReactionLog,
  fetchReactionTypes,
  fetchRecordReactions,
  postReaction,
} from './reactions.api.ts';

/** Query keys of reactions: the types, and each record's log (optionally of one type). */
export const reactionKeys = {
  types: ['reactions', 'types'] as const,
  logs: (recordType: ReactionRecordType, recordID: number) =>
    ['reactions', 'log', recordType, recordID] as const,
  log: (recordType: ReactionRecordType, recordID: number, type: string | null) =>
    ['reactions', 'log', recordType, recordID, type] as const,
};

function useReactionTypesFromQuery(isEnabled: boolean): { data: ReactionType[] | undefined } {
  return useQuery({
    queryKey: reactionKeys.types,
    queryFn: fetchReactionTypes,
    enabled: isEnabled,
    staleTime: Infinity,
  });
}

function useReactionTypesFromCache(): { data: ReactionType[] | undefined } {
  return { data: useQueryClient().getQueryData<ReactionType[]>(reactionKeys.types) };
}

/**
 * The reaction types (`GET /reactions`); signed-in users only. In the server render nothing is
 * fetched, so it reads what the cache holds (what the browser's first render reads too) without a
 * query observer per reactions bar (one per comment). Vite replaces `import.meta.env.SSR` at
 * build time, as `lib/session.ts` does.
 */
export const useReactionTypesQuery: (isEnabled: boolean) => { data: ReactionType[] | undefined } =
  import.meta.env.SSR ? useReactionTypesFromCache : useReactionTypesFromQuery;

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

/** A record's reactions and score, as the server counts them. */
export interface ReactionCounts {
  reactions: ReactionSummary[];
  score: number;
}

/** One reaction toggle: the user's held reaction goes first; then the chosen one is added. */
export interface ReactionToggleInput {
  /** The chosen reaction type's URL code. */
  urlcode: string;
  /** The user holds a reaction that must be removed first. */
  replacesHeld: boolean;
  /** Clicking the held reaction only removes it. */
  isRemoval: boolean;
  /** What to show when the server's answer leaves a value out (the optimistic counts). */
  fallback: ReactionCounts;
}

/**
 * Toggles the user's reaction on a record (api-contract §10: one reaction a user): removes the
 * held one, adds the chosen one, and answers the server's counts (zero counts dropped); the
 * record's reaction logs are fetched again when next shown.
 */
export function useToggleReactionMutation(recordType: ReactionRecordType, recordID: number) {
  const client = useQueryClient();
  return useBrowserMutation({
    mutationFn: async (input: ReactionToggleInput): Promise<ReactionCounts> => {
      if (input.replacesHeld) await deleteOwnReaction(recordType, recordID);
      let counts: ReactionSummary[];
      let score = input.fallback.score;
      if (input.isRemoval) {
        const record = await fetchRecordReactions(recordType, recordID);
        counts = record.reactions ?? input.fallback.reactions;
        score = record.score ?? input.fallback.score;
      } else {
        counts = await postReaction(recordType, recordID, input.urlcode);
      }
      return { reactions: counts.filter((reaction) => reaction.count > 0), score };
    },
    onSuccess: () => {
      // Not awaited: the new counts show at once; open logs catch up.
      void client.invalidateQueries({ queryKey: reactionKeys.logs(recordType, recordID) });
    },
  });
}
