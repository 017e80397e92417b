import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PatchEscalationBody } from '../../../../../common/src/api/escalations.ts';
import {
  addEscalationComment,
  deleteEscalationComment,
  editEscalationComment,
  fetchEscalation,
  fetchEscalationComments,
  fetchEscalations,
  patchEscalation,
  type EscalationFilters,
} from './escalations.api.ts';

/** Query keys of the escalations feature. */
export const escalationKeys = {
  all: ['escalations'] as const,
  list: (filters: EscalationFilters) => ['escalations', 'list', filters] as const,
  detail: (escalationID: number) => ['escalations', 'detail', escalationID] as const,
  comments: (escalationID: number) => ['escalations', 'comments', escalationID] as const,
};

/** A page of escalations for the dashboard. */
export function useEscalationsQuery(filters: EscalationFilters) {
  return useQuery({ queryKey: escalationKeys.list(filters), queryFn: () => fetchEscalations(filters) });
}

/** One escalation with its reports. */
export function useEscalationQuery(escalationID: number) {
  return useQuery({ queryKey: escalationKeys.detail(escalationID), queryFn: () => fetchEscalation(escalationID) });
}

/** The moderators' comments on an escalation. */
export function useEscalationCommentsQuery(escalationID: number) {
  return useQuery({
    queryKey: escalationKeys.comments(escalationID),
    queryFn: () => fetchEscalationComments(escalationID),
  });
}

/** Changes an escalation; the answer replaces the cached one and the lists are fetched again. */
export function usePatchEscalationMutation(escalationID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchEscalationBody) => patchEscalation(escalationID, body),
    onSuccess: async (escalation) => {
      queryClient.setQueryData(escalationKeys.detail(escalationID), (previous: typeof escalation | undefined) => ({
        ...escalation,
        ...(previous?.reports ? { reports: previous.reports } : {}),
      }));
      await queryClient.invalidateQueries({ queryKey: ['escalations', 'list'] });
    },
  });
}

/** Adds a comment; the thread and the escalation's count are fetched again. */
export function useAddEscalationCommentMutation(escalationID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addEscalationComment(escalationID, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: escalationKeys.comments(escalationID) });
      await queryClient.invalidateQueries({ queryKey: escalationKeys.detail(escalationID) });
    },
  });
}

/** Edits an escalation comment; the thread is fetched again. */
export function useEditEscalationCommentMutation(escalationID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ commentID, body }: { commentID: number; body: string }) => editEscalationComment(commentID, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: escalationKeys.comments(escalationID) });
    },
  });
}

/** Deletes an escalation comment; the thread and the escalation's count are fetched again. */
export function useDeleteEscalationCommentMutation(escalationID: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentID: number) => deleteEscalationComment(commentID),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: escalationKeys.comments(escalationID) });
      await queryClient.invalidateQueries({ queryKey: escalationKeys.detail(escalationID) });
    },
  });
}
