import type { QueryClient } from '@tanstack/react-query';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import { removeDiscussionFromLists } from './discussion-actions.queries.ts';
import { discussionKeys } from './discussions.queries.ts';

function isDiscussionLike(value: unknown): value is { discussionID: number } {
  return typeof value === 'object' && value !== null && 'discussionID' in value;
}

/** Applies `patch` to the given discussions in every cached list and detail (spec 000 §4). */
export function patchCachedDiscussions(
  client: QueryClient,
  patches: ReadonlyMap<number, Partial<Discussion>>,
): void {
  if (patches.size === 0) return;
  const update = (item: unknown): unknown => {
    if (!isDiscussionLike(item)) return item;
    const patch = patches.get(item.discussionID);
    return patch === undefined ? item : { ...item, ...patch };
  };
  client.setQueriesData<unknown>({ queryKey: discussionKeys.all }, (data: unknown) => {
    if (Array.isArray(data)) return data.map(update);
    if (typeof data === 'object' && data !== null && 'discussions' in data) {
      const list = (data as { discussions: unknown }).discussions;
      if (Array.isArray(list)) return { ...data, discussions: list.map(update) };
    }
    return update(data);
  });
}

/** Drops deleted or merged-away discussions from every cached list and detail. */
export function removeCachedDiscussions(client: QueryClient, ids: readonly number[]): void {
  for (const id of ids) removeDiscussionFromLists(client, id);
}
