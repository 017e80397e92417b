import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReportBody } from '../../../../../common/src/api/reports.ts';
import {
  actOnReport,
  createReport,
  editPendingRecord,
  fetchReportReasons,
  fetchReports,
  type PremoderatedRecord,
  type ReportAction,
  type ReportFilters,
} from './reports.api.ts';

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  list: (filters: ReportFilters) => ['reports', 'list', filters] as const,
  reasons: ['reports', 'reasons'] as const,
};

/** The reasons open to the signed-in member (the report modal). */
export function useReportReasonsQuery(enabled = true) {
  return useQuery({ queryKey: reportKeys.reasons, queryFn: fetchReportReasons, enabled });
}

/** A page of reports for the dashboard. */
export function useReportsQuery(filters: ReportFilters, enabled = true) {
  return useQuery({ queryKey: reportKeys.list(filters), queryFn: () => fetchReports(filters), enabled });
}

/** Reports a record; the moderators' lists are fetched again. */
export function useCreateReportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => createReport(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports', 'list'] }),
  });
}

/** Dismisses, approves or rejects from a report; the lists are fetched again. */
export function useReportActionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportID, action }: { reportID: number; action: ReportAction }) => actOnReport(reportID, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports', 'list'] }),
  });
}

/** Edits a queue entry's waiting version, then approves it (the queue's "Edit and Approve"). */
export function useEditAndApproveMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reportID, premoderatedRecord }: { reportID: number; premoderatedRecord: PremoderatedRecord }) => {
      await editPendingRecord(reportID, premoderatedRecord);
      return actOnReport(reportID, 'approve-record');
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reports', 'list'] }),
  });
}
