import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLiveVersion, fetchLogs, restoreLog, type LogFilter } from './logs.api.ts';

/** Query keys of the change-log screens. */
export const logKeys = {
  all: ['logs'] as const,
  list: (filter: LogFilter) => ['logs', filter] as const,
  live: (recordType: string, recordID: number) => ['logs', 'live', recordType, recordID] as const,
};

/**
 * The live version of a discussion or comment whose revisions a page shows (the newest revision is
 * compared with it); off for other pages.
 */
export function useLiveVersionQuery(filter: LogFilter | null) {
  const recordType = filter?.recordType;
  const recordID = filter?.recordID ?? 0;
  const enabled =
    filter !== null && filter.operation !== 'delete' && recordID > 0 && (recordType === 'discussion' || recordType === 'comment');
  return useQuery({
    queryKey: logKeys.live(recordType ?? '', recordID),
    queryFn: () => fetchLiveVersion(recordType === 'comment' ? 'comment' : 'discussion', recordID),
    enabled,
  });
}

/** The entries a `/log/filter` page shows. */
export function useLogsQuery(filter: LogFilter, enabled = true) {
  return useQuery({ queryKey: logKeys.list(filter), queryFn: () => fetchLogs(filter), enabled });
}

/** Restores an entry; the logs and the restored record's discussion are fetched again. */
export function useRestoreLogMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logID: number) => restoreLog(logID),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: logKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['discussions'] });
      await queryClient.invalidateQueries({ queryKey: ['comments'] });
    },
  });
}
