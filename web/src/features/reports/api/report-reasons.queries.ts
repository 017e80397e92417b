import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateReportReasonBody,
  PatchReportReasonBody,
  ReportReason,
} from '../../../../../common/src/api/reports.ts';
import {
  createReportReason,
  deleteReportReason,
  fetchEditableReportReasons,
  patchReportReason,
  putReportReasonSorts,
} from './report-reasons.api.ts';
import { reportKeys } from './reports.queries.ts';

/** The editor's key sits under the report modal's, so one invalidation refreshes both. */
const editorKey = [...reportKeys.reasons, 'editor'] as const;

/** The reasons the editor lists. */
export function useEditableReportReasonsQuery(enabled = true) {
  return useQuery({ queryKey: editorKey, queryFn: fetchEditableReportReasons, enabled });
}

/** Adding, changing, deleting and reordering reasons; each refreshes every reasons query. */
export function useReportReasonMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportKeys.reasons });
  const create = useMutation({
    mutationFn: (body: CreateReportReasonBody) => createReportReason(body),
    onSuccess: refresh,
  });
  const patch = useMutation({
    mutationFn: ({
      reportReasonID,
      body,
    }: {
      reportReasonID: string;
      body: PatchReportReasonBody;
    }) => patchReportReason(reportReasonID, body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (reportReasonID: string) => deleteReportReason(reportReasonID),
    onSuccess: refresh,
  });
  const reorder = useMutation({
    mutationFn: (sorts: Readonly<Record<string, number>>) => putReportReasonSorts(sorts),
    // The list shows the new order at once; a refusal puts the server's back.
    onMutate: (sorts) => {
      const previous = queryClient.getQueryData<ReportReason[]>(editorKey);
      queryClient.setQueryData<ReportReason[]>(editorKey, (current) =>
        current
          ?.map((reason) => ({ ...reason, sort: sorts[reason.reportReasonID] ?? reason.sort }))
          .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name)),
      );
      return { previous };
    },
    onError: (_error, _sorts, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(editorKey, context.previous);
    },
    onSettled: refresh,
  });
  return { create, patch, remove, reorder };
}

/** The sorts that move one reason up (-1) or down (+1): every listed reason gets its new index. */
export function moveReasonSorts(
  reasons: readonly Pick<ReportReason, 'reportReasonID'>[],
  reportReasonID: string,
  direction: -1 | 1,
): Record<string, number> {
  const ids = reasons.map((reason) => reason.reportReasonID);
  const from = ids.indexOf(reportReasonID);
  const to = from + direction;
  if (from >= 0 && to >= 0 && to < ids.length) {
    const moved = ids[from] ?? '';
    ids[from] = ids[to] ?? '';
    ids[to] = moved;
  }
  return Object.fromEntries(ids.map((id, index) => [id, index]));
}
