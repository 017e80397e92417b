import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToasts } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import type { Discussion } from '../../../../../common/src/api/discussions.ts';
import type { TagFragment } from '../../../../../common/src/api/tags.ts';
import { changeDiscussionAuthor, searchUsersByName } from './bulk.api.ts';
import { fetchDiscussionByID } from './discussions.api.ts';
import { discussionKeys } from './discussions.queries.ts';
import {
  deleteDiscussion,
  moveDiscussion,
  patchBump,
  patchDiscussion,
  putBookmark,
  putDiscussionTags,
  putDiscussionType,
  putDismiss,
  putMute,
  type DiscussionFlagsPatch,
} from './discussion-actions.api.ts';

/** Query keys of the discussion page's records: the list helper's factory (one cache per discussion). */
export const discussionPageKeys = discussionKeys;

/**
 * The discussion the page shows, seeded from the hydrated widget props; the widgets of one page
 * share it, so a toggle in the options menu shows at once in the original post and the comment box.
 */
export function useDiscussionRecord(initial: Discussion): Discussion {
  const query = useQuery<Discussion>({
    queryKey: discussionPageKeys.detail(initial.discussionID),
    queryFn: () => fetchDiscussionByID(initial.discussionID, ['all']),
    initialData: initial,
  });
  return query.data;
}

function updateCachedDiscussion(
  client: QueryClient,
  discussionID: number,
  update: (discussion: Discussion) => Discussion,
): void {
  client.setQueryData<Discussion>(discussionPageKeys.detail(discussionID), (current) =>
    current === undefined ? current : update(current),
  );
}

function isDiscussionLike(value: unknown): value is { discussionID: number } {
  return typeof value === 'object' && value !== null && 'discussionID' in value;
}

/** Removes a deleted discussion from every cached list (spec 000 §4), whatever the list's shape. */
export function removeDiscussionFromLists(client: QueryClient, discussionID: number): void {
  const strip = (items: unknown[]) =>
    items.filter((item) => !isDiscussionLike(item) || item.discussionID !== discussionID);
  client.setQueriesData<unknown>({ queryKey: discussionPageKeys.all }, (data: unknown) => {
    if (Array.isArray(data)) return strip(data);
    if (typeof data === 'object' && data !== null && 'discussions' in data) {
      const list = (data as { discussions: unknown }).discussions;
      if (Array.isArray(list)) return { ...data, discussions: strip(list) };
    }
    return data;
  });
  client.removeQueries({ queryKey: discussionPageKeys.detail(discussionID), exact: true });
}

/** The text a failure toast shows (spec 001 §8.3): the error's description, else its message. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.description ?? error.message;
  return t('Something has gone wrong.');
}

/** A persistent dismissible toast for a failed action (spec 001 §8.3). */
export function useFailureToast(): (error: unknown) => void {
  const { addToast } = useToasts();
  return useCallback(
    (error: unknown) => {
      addToast({ body: errorText(error), dismissible: true, persistent: true });
    },
    [addToast],
  );
}

function useSuccessToast(): (body: string) => void {
  const { addToast } = useToasts();
  return useCallback(
    (body: string) => {
      addToast({ body, dismissible: true, autoDismiss: true });
    },
    [addToast],
  );
}

/**
 * Bookmark toggle (spec 000 §4): optimistic, reverted on failure with 'There was a problem
 * bookmarking this discussion.'.
 */
export function useBookmarkMutation(discussionID: number) {
  const client = useQueryClient();
  const { addToast } = useToasts();
  return useMutation({
    mutationFn: (bookmarked: boolean) => putBookmark(discussionID, bookmarked),
    onMutate: (bookmarked) => {
      const previous = client.getQueryData<Discussion>(discussionPageKeys.detail(discussionID));
      updateCachedDiscussion(client, discussionID, (discussion) => ({ ...discussion, bookmarked }));
      return { previous: previous?.bookmarked ?? !bookmarked };
    },
    onError: (_error, _bookmarked, context) => {
      updateCachedDiscussion(client, discussionID, (discussion) => ({
        ...discussion,
        bookmarked: context?.previous ?? false,
      }));
      addToast({ body: t('There was a problem bookmarking this discussion.'), dismissible: true });
    },
    onSuccess: (result) => {
      updateCachedDiscussion(client, discussionID, (discussion) => ({
        ...discussion,
        bookmarked: result.bookmarked,
      }));
    },
  });
}

/** The flag toggles of the options menu (spec 000 §4): one request each, success text per flag. */
export type DiscussionToggle =
  | { kind: 'mute'; muted: boolean }
  | { kind: 'dismiss'; dismissed: boolean }
  | { kind: 'bump' }
  | { kind: 'patch'; patch: DiscussionFlagsPatch };

function successMessage(toggle: DiscussionToggle): string | null {
  switch (toggle.kind) {
    case 'mute':
      return toggle.muted ? t('Discussion has been muted.') : t('Discussion has been unmuted.');
    case 'dismiss':
      return toggle.dismissed
        ? t('Success. Announcement has been dismissed.')
        : t('Success. Dismissal cancelled.');
    case 'bump':
      return t('Success! This post has been bumped.');
    case 'patch':
      return null;
  }
}

/**
 * Runs one options-menu toggle and writes the result into the page's discussion; failures show a
 * persistent dismissible toast with the error description or message (spec 001 §8.3).
 */
export function useDiscussionToggleMutation(discussionID: number) {
  const client = useQueryClient();
  const showSuccess = useSuccessToast();
  const showFailure = useFailureToast();
  return useMutation({
    mutationFn: async (toggle: DiscussionToggle): Promise<Partial<Discussion>> => {
      switch (toggle.kind) {
        case 'mute':
          return putMute(discussionID, toggle.muted);
        case 'dismiss':
          return putDismiss(discussionID, toggle.dismissed);
        case 'bump':
          return patchBump(discussionID);
        case 'patch':
          return patchDiscussion(discussionID, toggle.patch);
      }
    },
    onSuccess: (result, toggle) => {
      updateCachedDiscussion(client, discussionID, (discussion) => ({ ...discussion, ...result }));
      void client.invalidateQueries({ queryKey: discussionPageKeys.all, refetchType: 'none' });
      const message = successMessage(toggle);
      if (message !== null) showSuccess(message);
    },
    onError: showFailure,
  });
}

/** `PUT /discussions/{id}/type`. */
export function useChangeTypeMutation(discussionID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (type: string) => putDiscussionType(discussionID, type),
    onSuccess: (discussion) => {
      updateCachedDiscussion(client, discussionID, (current) => ({ ...current, ...discussion }));
    },
  });
}

/** `PUT /discussions/{id}/tags`: the page's tags become the answer. */
export function useSetTagsMutation(discussionID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tagIDs: readonly number[]) => putDiscussionTags(discussionID, tagIDs),
    onSuccess: (tags: TagFragment[]) => {
      updateCachedDiscussion(client, discussionID, (current) => ({ ...current, tags }));
    },
  });
}

/** `PATCH /discussions/move`, then the page's discussion is fetched again (new category). */
export function useMoveMutation(discussionID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { categoryID: number; addRedirects: boolean }) =>
      moveDiscussion(discussionID, input.categoryID, input.addRedirects),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: discussionPageKeys.all });
    },
  });
}

/** `DELETE /discussions/{id}`; the discussion leaves every cached list (spec 000 §4). */
export function useDeleteDiscussionMutation(discussionID: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteDiscussion(discussionID),
    onSuccess: () => {
      removeDiscussionFromLists(client, discussionID);
    },
  });
}

/** The Change Author picker's users whose name starts with `prefix` (none for an empty prefix). */
export function useUsersByNamePrefixQuery(prefix: string) {
  return useQuery({
    queryKey: ['users', 'by-names', prefix],
    queryFn: ({ signal }) => searchUsersByName(prefix, signal),
    enabled: prefix !== '',
  });
}

/**
 * `PATCH /discussions/{id}` {insertUserID}: the page shows the answer, the lists refresh, and a
 * toast says 'The author has been changed.'.
 */
export function useChangeAuthorMutation(discussionID: number) {
  const client = useQueryClient();
  const { addToast } = useToasts();
  return useMutation({
    mutationFn: (insertUserID: number) => changeDiscussionAuthor(discussionID, insertUserID),
    onSuccess: (updated) => {
      client.setQueryData(discussionPageKeys.detail(discussionID), updated);
      addToast({ body: t('The author has been changed.'), autoDismiss: true });
      void client.invalidateQueries({ queryKey: discussionPageKeys.lists() });
    },
  });
}
