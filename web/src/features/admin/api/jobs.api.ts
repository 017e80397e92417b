import type { Job } from '../../../../../common/src/api/jobs.ts';
import { api } from '../../../lib/api.ts';

/** The statuses the jobs screen offers. */
export type JobListStatus = 'dead' | 'failed';

/** `GET /jobs?status=…` (Hearth's own call, `site.manage`): the newest jobs in a status. */
export function fetchJobs(status: JobListStatus): Promise<Job[]> {
  return api.get<Job[]>('/jobs', { query: { status, limit: 100 } });
}

/** `POST /jobs/{id}/retry`: a dead or failed job goes back in the queue. */
export function retryJob(jobID: number): Promise<Job> {
  return api.post<Job>(`/jobs/${jobID}/retry`);
}
