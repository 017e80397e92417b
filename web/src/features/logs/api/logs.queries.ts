import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchLogs, restoreLog, type LogFilter } from './logs.api.ts';

/** Query keys of the change-log screens. */
export const logKeys = {
  all: ['logs'] as const,
  list: (filter: LogFilter) => ['logs', filter] as const,
};

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
