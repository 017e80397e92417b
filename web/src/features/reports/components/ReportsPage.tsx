import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  APPROVAL_REQUIRED_REASON,
  SPAM_AUTOMATION_REASON,
  reportRecordTypes,
  reportStatuses,
  type Report,
  type ReportRecordType,
  type ReportStatus,
} from '../../../../../common/src/api/reports.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import type { ReportAction, ReportFilters } from '../api/reports.api.ts';
import { useReportActionMutation, useReportsQuery } from '../api/reports.queries.ts';
import { PendingEditForm } from './PendingEditForm.tsx';
import { ReportCategoryFilter } from './ReportCategoryFilter.tsx';
import styles from './ReportsPage.module.css';

/** The approval queue: posts premoderation held, and posts a spam rule held (api-contract §27.5). */
const QUEUE_REASONS = `${APPROVAL_REQUIRED_REASON},${SPAM_AUTOMATION_REASON}`;

const statusLabels: Record<ReportStatus, string> = {
  new: 'New',
  escalated: 'Escalated',
  dismissed: 'Dismissed',
  rejected: 'Rejected',
};

function positiveInt(value: string | null): number | undefined {
  const number = Number(value);
  return value !== null && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * The dashboard's filters from the URL (spec 000 §2): `statuses=none` means every status; without
 * `statuses` the page shows `new` reports; `recordType` + `recordID`, `placeRecordID` (category)
 * and `reportReasonID` (`approval-required,spam-automation` is the approval queue) narrow it.
 */
export function reportFiltersOf(params: URLSearchParams): ReportFilters {
  const statuses = params.get('statuses');
  const recordType = params.get('recordType');
  return {
    statuses:
      statuses === 'none'
        ? []
        : statuses === null
          ? ['new']
          : reportStatuses.filter((status) => statuses.split(',').includes(status)),
    recordType: reportRecordTypes.find((type) => type === recordType),
    recordID: positiveInt(params.get('recordID')),
    placeRecordID: positiveInt(params.get('placeRecordID')),
    reportReasonID: params.get('reportReasonID') ?? undefined,
    page: positiveInt(params.get('page')) ?? 1,
  };
}

/** `/dashboard/content/reports` (spec 000 §2): reports and the approval queue, for moderators. */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const filters = reportFiltersOf(params);
  const reports = useReportsQuery(filters);
  usePageMeta({ title: t('Reports') });
  if (reports.error instanceof ApiError && reports.error.status === 403) return <PermissionErrorPage />;
  const setFilter = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, value);
    next.delete('page');
    setParams(next);
  };
  // api-contract §27.4: `recordID` needs `recordType`; a record of the other type is another record.
  const setRecordType = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete('recordType');
    else next.set('recordType', value);
    next.delete('recordID');
    next.delete('page');
    setParams(next);
  };
  const statusValue = filters.statuses.length === 0 ? 'none' : filters.statuses.join(',');
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('Reports')}</h1>
      <div className={styles.filters}>
        <label>
          {t('Status')}
          <select value={statusValue} onChange={(event) => setFilter('statuses', event.target.value === 'new' ? undefined : event.target.value)}>
            <option value="none">{t('All')}</option>
            {reportStatuses.map((status) => (
              <option key={status} value={status}>
                {t(statusLabels[status])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('Type')}
          <select value={filters.recordType ?? ''} onChange={(event) => setRecordType(event.target.value)}>
            <option value="">{t('All')}</option>
            <option value="discussion">{t('Discussions')}</option>
            <option value="comment">{t('Comments')}</option>
          </select>
        </label>
        {filters.recordType === undefined ? null : (
          <label>
            {t('Post ID')}
            <input
              type="number"
              min={1}
              value={filters.recordID ?? ''}
              onChange={(event) => setFilter('recordID', event.target.value)}
            />
          </label>
        )}
        <ReportCategoryFilter value={filters.placeRecordID} onChange={(categoryID) => setFilter('placeRecordID', categoryID === undefined ? undefined : String(categoryID))} />
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={filters.reportReasonID?.split(',').includes(APPROVAL_REQUIRED_REASON) ?? false}
            onChange={(event) => setFilter('reportReasonID', event.target.checked ? QUEUE_REASONS : undefined)}
          />
          {t('Approval queue')}
        </label>
      </div>
      {reports.isError ? (
        <ErrorMessage headingLevel={2} title={t('There was an error')} description={<p>{reports.error.message}</p>} />
      ) : reports.data === undefined ? (
        <Loader />
      ) : reports.data.length === 0 ? (
        <p className={styles.empty}>{t('No reports here.')}</p>
      ) : (
        <ol className={styles.list}>
          {reports.data.map((report) => (
            <ReportItem key={report.reportID} report={report} />
          ))}
        </ol>
      )}
      <div className={styles.paging}>
        {filters.page > 1 ? (
          <Button onClick={() => setFilter('page', String(filters.page - 1))}>{t('Previous')}</Button>
        ) : null}
        {reports.data !== undefined && reports.data.length >= 50 ? (
          <Button onClick={() => setFilter('page', String(filters.page + 1))}>{t('Next')}</Button>
        ) : null}
      </div>
    </div>
  );
}

function typeLabel(recordType: ReportRecordType): string {
  return recordType === 'discussion' ? t('Discussion') : t('Comment');
}

function ReportItem({ report }: { report: Report }) {
  const act = useReportActionMutation();
  const showError = useErrorToast();
  const run = (action: ReportAction) => act.mutate({ reportID: report.reportID, action }, { onError: (error) => showError(error) });
  const isQueue = report.isPending || report.isPendingUpdate;
  const [editing, setEditing] = useState(false);
  const busy = (action: ReportAction) => act.isPending && act.variables.action === action;
  return (
    <li className={styles.item}>
      <div className={styles.meta}>
        <span className={styles.status}>{t(statusLabels[report.status])}</span>
        <span>{typeLabel(report.recordType)}</span>
        <a href={report.recordUrl}>{report.recordName}</a>
        <span>
          {t('in')} <a href={report.placeRecordUrl}>{report.placeRecordName}</a>
        </span>
        <span>
          {t('by')} {report.recordUser?.name ?? ''}
        </span>
        <DateTime date={report.dateInserted} />
        {report.recordWasEdited ? <span className={styles.flag}>{t('Edited since the report')}</span> : null}
        {report.isPendingUpdate ? <span className={styles.flag}>{t('Edit waiting for approval')}</span> : null}
      </div>
      <ul className={styles.reasons} aria-label={t('Reasons')}>
        {report.reasons.map((reason) => (
          <li key={reason.reportReasonID}>{reason.name}</li>
        ))}
      </ul>
      {report.noteHtml !== undefined ? (
        <div className={styles.note}>
          <span className={styles.noteBy}>
            {t('Note by {name}', { name: report.insertUser?.name ?? '' })}
          </span>
          <UserContent html={report.noteHtml} />
        </div>
      ) : null}
      <UserContent className={styles.record} html={report.recordHtml} />
      {editing ? (
        <PendingEditForm report={report} onCancel={() => setEditing(false)} />
      ) : report.status === 'new' || report.status === 'escalated' ? (
        <div className={styles.actions}>
          <Button onClick={() => run('dismiss')} isLoading={busy('dismiss')}>
            {t('Dismiss')}
          </Button>
          <Button onClick={() => run('approve-record')} isLoading={busy('approve-record')}>
            {isQueue ? t('Approve') : t('Keep post')}
          </Button>
          {isQueue && report.status === 'new' ? <Button onClick={() => setEditing(true)}>{t('Edit and Approve')}</Button> : null}
          <Button variant="primary" onClick={() => run('reject-record')} isLoading={busy('reject-record')}>
            {isQueue ? t('Reject') : t('Remove post')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
