import { Link, useSearchParams } from 'react-router';
import {
  escalationStatuses,
  type EscalationStatus,
} from '../../../../../common/src/api/escalations.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { dashboardEscalationPath } from '../../../app/paths.ts';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { ESCALATIONS_PAGE_LIMIT, type EscalationFilters } from '../api/escalations.api.ts';
import { useEscalationsQuery } from '../api/escalations.queries.ts';
import { escalationStatusLabel } from './escalation-labels.ts';
import formStyles from '../../../components/form/Form.module.css';
import styles from './Escalations.module.css';

/** The list's filters from the URL: `statuses=none` is every status; without it, open and in-progress ones. */
export function escalationFiltersOf(params: URLSearchParams): EscalationFilters {
  const statuses = params.get('statuses');
  const page = Number(params.get('page'));
  return {
    statuses:
      statuses === 'none'
        ? []
        : statuses === null
          ? ['open', 'in-progress']
          : escalationStatuses.filter((status) => statuses.split(',').includes(status)),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

const DEFAULT_STATUSES = 'open,in-progress';

/** `/dashboard/content/escalations`: the escalations the moderator handles, filtered by status. */
export function EscalationsPage() {
  const [params, setParams] = useSearchParams();
  const filters = escalationFiltersOf(params);
  const escalations = useEscalationsQuery(filters);
  usePageMeta({ title: t('Escalations') });
  if (escalations.error instanceof ApiError && escalations.error.status === 403)
    return <PermissionErrorPage />;
  const setFilter = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) next.delete(key);
    else next.set(key, value);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };
  const statusValue = filters.statuses.length === 0 ? 'none' : filters.statuses.join(',');
  return (
    <DashboardLayout title={t('Escalations')}>
      <div className={styles.filters}>
        <label>
          {t('Status')}
          <select
            className={formStyles.input}
            value={statusValue}
            onChange={(event) =>
              setFilter(
                'statuses',
                event.target.value === DEFAULT_STATUSES ? undefined : event.target.value,
              )
            }
          >
            <option value={DEFAULT_STATUSES}>{t('Open and in progress')}</option>
            <option value="none">{t('All')}</option>
            {escalationStatuses.map((status: EscalationStatus) => (
              <option key={status} value={status}>
                {escalationStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {escalations.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{escalations.error.message}</p>}
        />
      ) : escalations.data === undefined ? (
        <Loader />
      ) : escalations.data.length === 0 ? (
        <p className={styles.empty}>{t('No escalations here.')}</p>
      ) : (
        <ol className={styles.list}>
          {escalations.data.map((escalation) => (
            <li key={escalation.escalationID} className={styles.item}>
              <Link className={styles.name} to={dashboardEscalationPath(escalation.escalationID)}>
                {escalation.name}
              </Link>
              <div className={styles.meta}>
                <span className={styles.status}>{escalationStatusLabel(escalation.status)}</span>
                <span>{escalation.recordName}</span>
                <span>
                  {t('in')} {escalation.placeRecordName}
                </span>
                <span>{t('{count} reports', { count: escalation.countReports })}</span>
                <span>{t('{count} comments', { count: escalation.countComments })}</span>
                <span>
                  {escalation.assignedUser
                    ? t('Assigned to {name}', { name: escalation.assignedUser.name })
                    : t('Unassigned')}
                </span>
                <DateTime date={escalation.dateInserted} />
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className={styles.paging}>
        {filters.page > 1 ? (
          <Button onClick={() => setFilter('page', String(filters.page - 1))}>
            {t('Previous')}
          </Button>
        ) : null}
        {escalations.data !== undefined && escalations.data.length >= ESCALATIONS_PAGE_LIMIT ? (
          <Button onClick={() => setFilter('page', String(filters.page + 1))}>{t('Next')}</Button>
        ) : null}
      </div>
    </DashboardLayout>
  );
}
