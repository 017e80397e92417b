import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchJobs, retryJob, type JobListStatus } from './jobs.api.ts';

/** Query keys of the jobs screen. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (status: JobListStatus) => ['jobs', status] as const,
};

/** The jobs in a status. */
export function useJobsQuery(status: JobListStatus, enabled = true) {
  return useQuery({ queryKey: jobKeys.list(status), queryFn: () => fetchJobs(status), enabled });
}

/** Retries a job; every job list is fetched again. */
export function useRetryJobMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobID: number) => retryJob(jobID),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
