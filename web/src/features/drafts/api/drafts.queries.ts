import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DraftStatus } from '../../../../../common/src/api/drafts.ts';
import {
  cancelDraftSchedule,
  deleteDraft,
  fetchDrafts,
  patchDraft,
  rescheduleDraft,
} from './drafts.api.ts';

/** Query keys of drafts. */
export const draftKeys = {
  all: ['drafts'] as const,
  list: (draftStatus: DraftStatus, page: number) => ['drafts', 'list', draftStatus, page] as const,
};

/** The drafts page's list: one status, one page. */
export function useDraftsQuery(draftStatus: DraftStatus, page: number, limit: number) {
  return useQuery({
    queryKey: draftKeys.list(draftStatus, page),
    queryFn: () => fetchDrafts({ draftStatus, page, limit }),
  });
}

function useRefreshDrafts() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: draftKeys.all });
}

/** Deletes a draft; the lists refresh. */
export function useDeleteDraftMutation() {
  const refresh = useRefreshDrafts();
  return useMutation({ mutationFn: deleteDraft, onSuccess: refresh });
}

/** Schedules a draft (`PATCH /drafts/{id}` with `draftStatus: scheduled`) or moves its date. */
export function useScheduleDraftMutation() {
  const refresh = useRefreshDrafts();
  return useMutation({
    mutationFn: ({ draftID, dateScheduled, isScheduled }: { draftID: number; dateScheduled: string; isScheduled: boolean }) =>
      isScheduled ? rescheduleDraft(draftID, dateScheduled) : patchDraft(draftID, { draftStatus: 'scheduled', dateScheduled }),
    onSuccess: refresh,
  });
}

/** Cancels a schedule; the draft goes back to the drafts list. */
export function useCancelScheduleMutation() {
  const refresh = useRefreshDrafts();
  return useMutation({ mutationFn: cancelDraftSchedule, onSuccess: refresh });
}
