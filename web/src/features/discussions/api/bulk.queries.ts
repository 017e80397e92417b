import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { categoryPath } from '../../../app/paths.ts';
import type { Progress } from '../../../lib/long-runner.ts';
import { patchCachedDiscussions, removeCachedDiscussions } from './bulk-cache.ts';
import {
  bulkCloseDiscussions,
  bulkDeleteDiscussions,
  bulkMoveDiscussions,
  mergeDiscussions,
} from './bulk.api.ts';
import type { CategorySuggestion } from './discussion-actions.api.ts';
import { discussionKeys } from './discussions.queries.ts';

/** One bulk action on the selected discussions (spec 000 §4). */
export type BulkRequest =
  | { kind: 'move'; ids: readonly number[]; category: CategorySuggestion; addRedirects: boolean }
  | { kind: 'merge'; ids: readonly number[]; destinationID: number; addRedirects: boolean }
  | { kind: 'close'; ids: readonly number[] }
  | { kind: 'delete'; ids: readonly number[] };

/** What a bulk action did: the long runner's progress, the discussions gone and those changed. */
export interface BulkOutcome {
  progress: Progress;
  removedIDs: number[];
  patches: Map<number, Partial<Discussion>>;
}

function run(request: BulkRequest, onProgress: (progress: Progress) => void): Promise<Progress> {
  switch (request.kind) {
    case 'move':
      return bulkMoveDiscussions(
        request.ids,
        request.category.categoryID,
        request.addRedirects,
        onProgress,
      );
    case 'merge':
      return mergeDiscussions(request.ids, request.destinationID, request.addRedirects, onProgress);
    case 'close':
      return bulkCloseDiscussions(request.ids, onProgress);
    case 'delete':
      return bulkDeleteDiscussions(request.ids, onProgress);
  }
}

function outcomeOf(request: BulkRequest, progress: Progress): BulkOutcome {
  const { successIDs } = progress;
  switch (request.kind) {
    case 'move': {
      const { category } = request;
      const patch: Partial<Discussion> = {
        categoryID: category.categoryID,
        category: {
          categoryID: category.categoryID,
          name: category.name,
          url: category.url ?? categoryPath({ urlcode: category.categoryID }),
        },
      };
      return { progress, removedIDs: [], patches: new Map(successIDs.map((id) => [id, patch])) };
    }
    case 'merge':
      // The sources end in the destination: they leave the list (redirects, if any, come back
      // on the next load).
      return {
        progress,
        removedIDs: successIDs.filter((id) => id !== request.destinationID),
        patches: new Map(),
      };
    case 'close':
      return {
        progress,
        removedIDs: [],
        patches: new Map(successIDs.map((id) => [id, { closed: true }])),
      };
    case 'delete':
      return { progress, removedIDs: successIDs, patches: new Map() };
  }
}

/**
 * Runs a bulk action through the long runner (`onProgress` hears each step); the cached lists and
 * records follow the successes, and the records are fetched again when next shown.
 */
export function useBulkActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      request,
      onProgress,
    }: {
      request: BulkRequest;
      onProgress: (progress: Progress) => void;
    }): Promise<BulkOutcome> => outcomeOf(request, await run(request, onProgress)),
    onSuccess: ({ removedIDs, patches }, { request }) => {
      patchCachedDiscussions(client, patches);
      removeCachedDiscussions(client, removedIDs);
      if (request.kind === 'merge') {
        void client.invalidateQueries({ queryKey: discussionKeys.lists() });
      }
      void client.invalidateQueries({ queryKey: discussionKeys.details() });
    },
  });
}
