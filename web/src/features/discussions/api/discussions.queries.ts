import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import {
  fetchDiscussionByID,
  fetchDiscussions,
  type DiscussionListParams,
  type DiscussionPage,
} from './discussions.api.ts';

function sortedEntries(params: DiscussionListParams): [string, unknown][] {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Query keys of discussions; every key starts with 'discussions' (invalidate `all` after writes). */
export const discussionKeys = {
  all: ['discussions'] as const,
  lists: () => ['discussions', 'list'] as const,
  list: (params: DiscussionListParams) => ['discussions', 'list', sortedEntries(params)] as const,
  details: () => ['discussions', 'detail'] as const,
  detail: (discussionID: number) => ['discussions', 'detail', discussionID] as const,
};

/**
 * A page of discussions. `initial` is the page the layout was hydrated with (same params), so the
 * first render fetches nothing; other pages and sorts keep the previous page on screen meanwhile.
 */
export function useDiscussionListQuery(params: DiscussionListParams, initial?: DiscussionPage) {
  return useQuery({
    queryKey: discussionKeys.list(params),
    queryFn: ({ signal }) => fetchDiscussions(params, signal),
    ...(initial === undefined ? {} : { initialData: initial }),
    placeholderData: keepPreviousData,
  });
}

/** One discussion (`GET /discussions/{id}`). */
export function useDiscussionQuery(discussionID: number, initial?: Discussion) {
  return useQuery({
    queryKey: discussionKeys.detail(discussionID),
    queryFn: () => fetchDiscussionByID(discussionID, ['all']),
    ...(initial === undefined ? {} : { initialData: initial }),
  });
}
