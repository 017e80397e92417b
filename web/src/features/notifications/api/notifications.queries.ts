import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type {
  NotificationPreferences,
  NotificationPreferencesPatch,
} from '../../../../../common/src/api/notifications.ts';
import {
  fetchMeCounts,
  fetchNotifications,
  fetchPreferences,
  fetchPreferencesSchema,
  markAllNotificationsRead,
  markNotificationRead,
  patchPreferences,
} from './notifications.api.ts';

/** api-contract §3: the client polls the counts at most once per 60 s. */
export const COUNTS_POLL_MS = 60_000;

/** Query keys of notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number, limit: number) => ['notifications', 'page', page, limit] as const,
  counts: ['users', 'me-counts'] as const,
  preferences: ['notification-preferences', '$me'] as const,
  schema: ['notification-preferences', 'schema'] as const,
};

/** The unread count of the bell, from me-counts, polled once a minute. */
export function useUnreadNotificationsQuery(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.counts,
    queryFn: fetchMeCounts,
    enabled,
    staleTime: COUNTS_POLL_MS,
    refetchInterval: COUNTS_POLL_MS,
    select: (data) => data.counts.find((item) => item.name === 'UnreadNotifications')?.count ?? 0,
  });
}

/** A page of the current user's notifications. */
export function useNotificationsQuery(page: number, limit: number, enabled = true) {
  return useQuery({ queryKey: notificationKeys.page(page, limit), queryFn: () => fetchNotifications(page, limit), enabled });
}

function useRefreshAfterRead() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.counts }),
    ]);
  };
}

/** Marks every notification read; the lists and the badge refresh. */
export function useMarkAllReadMutation() {
  const refresh = useRefreshAfterRead();
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });
}

/** Marks one notification (its batch) read. */
export function useMarkReadMutation() {
  const refresh = useRefreshAfterRead();
  return useMutation({ mutationFn: markNotificationRead, onSuccess: refresh });
}

/** The preferences schema and the current user's preferences. */
export function usePreferencesSchemaQuery(enabled = true) {
  return useQuery({ queryKey: notificationKeys.schema, queryFn: fetchPreferencesSchema, enabled });
}

export function usePreferencesQuery(enabled = true) {
  return useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences, enabled });
}

/**
 * Saves a change of the preferences; the answer (the full saved object) replaces the cache.
 * `applyOptimistic` shows a change before it is sent; a failed save refetches the saved state.
 */
export function usePatchPreferencesMutation() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (patch: NotificationPreferencesPatch) => patchPreferences(patch),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
    onError: () => queryClient.invalidateQueries({ queryKey: notificationKeys.preferences }),
  });
  const applyOptimistic = useCallback(
    (patch: NotificationPreferencesPatch) => {
      queryClient.setQueryData<NotificationPreferences>(notificationKeys.preferences, (current) => {
        const next: Record<string, unknown> = { ...current };
        for (const [key, value] of Object.entries(patch)) {
          const before = next[key];
          next[key] = typeof value === 'object' && typeof before === 'object' && before !== null ? { ...before, ...value } : value;
        }
        return next as NotificationPreferences;
      });
    },
    [queryClient],
  );
  return { ...mutation, applyOptimistic };
}
