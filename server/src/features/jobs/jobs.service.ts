import type { Job, ListJobsQuery } from '../../../../common/src/api/jobs.ts';
import type { RequestContext } from '../../http/context.ts';
import { authorize } from '../../permissions/authorize.ts';
import { nowIso } from '../../platform/dates.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { announceJob } from '../../platform/jobs/enqueue.ts';
import { countJobsByStatus, findJobByID, findJobsByStatus, requeueJob } from '../../platform/jobs/jobs.repo.ts';
import { canManageJobs } from './jobs.policy.ts';
import { presentJob } from './jobs.present.ts';

/** The 409 of a retry of a job that is neither dead nor failed. */
export const NOT_RETRYABLE_MESSAGE = 'Only a dead or failed job can be retried.';

/**
 * `GET /jobs` (Hearth's own call): one page of the jobs in a status, newest first, and how many
 * there are. @throws AppError 403 without `site.manage`.
 */
export async function listJobs(ctx: RequestContext, query: ListJobsQuery): Promise<{ jobs: Job[]; total: number }> {
  authorize(canManageJobs(ctx.permissions), { permissions: 'site.manage' });
  const [rows, total] = await Promise.all([
    findJobsByStatus(ctx.db, { status: query.status, offset: (query.page - 1) * query.limit, limit: query.limit }),
    countJobsByStatus(ctx.db, query.status),
  ]);
  return { jobs: rows.map(presentJob), total };
}

/**
 * `POST /jobs/{id}/retry` (Hearth's own call): a dead or failed job goes back in the queue to run
 * now with fresh attempts. @throws AppError 403, 404, 409 when it is not dead or failed.
 */
export async function retryJob(ctx: RequestContext, jobID: number): Promise<Job> {
  authorize(canManageJobs(ctx.permissions), { permissions: 'site.manage' });
  const job = await findJobByID(ctx.db, jobID);
  if (!job) throw notFound('Job');
  if (!(await requeueJob(ctx.db, jobID, nowIso(ctx.clock)))) throw new AppError(409, NOT_RETRYABLE_MESSAGE);
  announceJob(job.type);
  const requeued = await findJobByID(ctx.db, jobID);
  if (!requeued) throw notFound('Job');
  return presentJob(requeued);
}
