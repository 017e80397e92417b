import { useState } from 'react';
import type { Job } from '../../../../../common/src/api/jobs.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useErrorToast, useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import type { JobListStatus } from '../api/jobs.api.ts';
import { useJobsQuery, useRetryJobMutation } from '../api/jobs.queries.ts';
import { DashboardLayout } from './DashboardLayout.tsx';
import styles from './JobsPage.module.css';

/** `/dashboard/jobs` (`site.manage`): background jobs that failed, with their last error. */
export function JobsPage() {
  const canManage = usePermission('site.manage');
  const [status, setStatus] = useState<JobListStatus>('dead');
  const jobs = useJobsQuery(status, canManage);
  usePageMeta({ title: t('Jobs') });
  if (!canManage) {
    return <PermissionErrorPage />;
  }
  return (
    <DashboardLayout title={t('Jobs')}>
      <div className={styles.filters}>
        <label htmlFor="job-status">{t('Status')}</label>
        <select
          id="job-status"
          value={status}
          onChange={(event) => setStatus(event.target.value === 'failed' ? 'failed' : 'dead')}
        >
          <option value="dead">{t('Dead: no attempts left')}</option>
          <option value="failed">{t('Failed: waiting for a retry')}</option>
        </select>
      </div>
      {jobs.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{jobs.error.message}</p>}
        />
      ) : jobs.data === undefined ? (
        <Loader />
      ) : jobs.data.length === 0 ? (
        <p className={styles.empty}>{t('No jobs here.')}</p>
      ) : (
        <JobTable jobs={jobs.data} />
      )}
    </DashboardLayout>
  );
}

function JobTable({ jobs }: { jobs: Job[] }) {
  const retry = useRetryJobMutation();
  const { addToast } = useToasts();
  const showError = useErrorToast();
  const handleRetry = (jobID: number) => {
    retry.mutate(jobID, {
      onSuccess: () => addToast({ body: t('The job is queued again.'), autoDismiss: true }),
      onError: (error) => showError(error),
    });
  };
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('Job')}</th>
          <th scope="col">{t('Attempts')}</th>
          <th scope="col">{t('Last error')}</th>
          <th scope="col">{t('Updated')}</th>
          <th scope="col">{t('Actions')}</th>
        </tr>
      </thead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.jobID}>
            <td>
              {job.type} #{job.jobID}
            </td>
            <td>
              {job.attempts}/{job.maxAttempts}
            </td>
            <td className={styles.error}>{job.lastError ?? ''}</td>
            <td>
              <DateTime date={job.dateUpdated} />
            </td>
            <td>
              <Button
                onClick={() => handleRetry(job.jobID)}
                isLoading={retry.isPending && retry.variables === job.jobID}
                aria-label={t('Retry job {jobID}', { jobID: job.jobID })}
              >
                {t('Retry')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
