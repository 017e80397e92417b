import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateConversationBody, CreateMessageBody } from '../../../../../common/src/api/conversations.ts';
import { fetchMeCounts } from '../../notifications/api/notifications.api.ts';
import { COUNTS_POLL_MS, notificationKeys } from '../../notifications/api/notifications.queries.ts';
import {
  fetchConversation,
  fetchConversations,
  fetchMessages,
  fetchUsersByExactName,
  leaveConversation,
  postConversation,
  postMessage,
} from './conversations.api.ts';

/** Query keys of conversations. */
export const conversationKeys = {
  all: ['conversations'] as const,
  page: (page: number, limit: number) => ['conversations', 'page', page, limit] as const,
  one: (conversationID: number) => ['conversations', 'one', conversationID] as const,
  messages: (conversationID: number, limit: number) => ['conversations', 'messages', conversationID, limit] as const,
  recipients: (names: readonly string[]) => ['conversations', 'recipients', ...names] as const,
};

/** The envelope's unread count: me-counts `Conversations`, polled with the bell's (one request). */
export function useUnreadConversationsQuery(enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.counts,
    queryFn: fetchMeCounts,
    enabled,
    staleTime: COUNTS_POLL_MS,
    refetchInterval: COUNTS_POLL_MS,
    select: (data) => data.counts.find((item) => item.name === 'Conversations')?.count ?? 0,
  });
}

/** A page of the inbox. */
export function useConversationsQuery(page: number, limit: number, enabled = true) {
  return useQuery({ queryKey: conversationKeys.page(page, limit), queryFn: () => fetchConversations(page, limit), enabled });
}

export function useConversationQuery(conversationID: number, enabled = true) {
  return useQuery({ queryKey: conversationKeys.one(conversationID), queryFn: () => fetchConversation(conversationID), enabled });
}

/**
 * A conversation's messages, newest first, a page at a time ("Show older messages" loads the
 * next). Reading the first page marks the conversation read on the server, so the inbox and the
 * envelope's badge are refreshed once it has loaded.
 */
export function useMessagesQuery(conversationID: number, limit: number, enabled = true) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: conversationKeys.messages(conversationID, limit),
    initialPageParam: 1,
    queryFn: async ({ pageParam }) => {
      const result = await fetchMessages(conversationID, pageParam, limit);
      if (pageParam === 1) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.counts });
        void queryClient.invalidateQueries({ queryKey: ['conversations', 'page'] });
      }
      return result;
    },
    getNextPageParam: (last, _pages, pageParam) => (last.paging.nextURL === undefined ? undefined : pageParam + 1),
    enabled,
  });
}

/** Sends a message; the thread, the inbox and the counts refresh. */
export function usePostMessageMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMessageBody) => postMessage(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: conversationKeys.all });
    },
  });
}

/** Starts a conversation. */
export function useCreateConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateConversationBody) => postConversation(body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['conversations', 'page'] });
    },
  });
}

/** Leaves a conversation; the inbox and counts refresh. */
export function useLeaveConversationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationID: number) => leaveConversation(conversationID),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['conversations', 'page'] }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.counts }),
      ]);
    },
  });
}

/** The users a compose link names (`/messages/add/{name}`, `?to=a,b`). */
export function useRecipientsByNameQuery(names: readonly string[]) {
  return useQuery({
    queryKey: conversationKeys.recipients(names),
    queryFn: () => fetchUsersByExactName(names),
    enabled: names.length > 0,
  });
}
