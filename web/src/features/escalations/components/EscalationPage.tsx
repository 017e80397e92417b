import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  escalationStatuses,
  type Escalation,
  type EscalationStatus,
} from '../../../../../common/src/api/escalations.ts';
import { ErrorMessage, NotFoundPage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { dashboardEscalationsPath } from '../../../app/paths.ts';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { ApiError } from '../../../lib/api.ts';
import { t } from '../../../lib/i18n.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import {
  useAddEscalationCommentMutation,
  useEscalationCommentsQuery,
  useEscalationQuery,
  usePatchEscalationMutation,
} from '../api/escalations.queries.ts';
import { AssigneePicker } from './AssigneePicker.tsx';
import { EscalationCommentItem } from './EscalationCommentItem.tsx';
import { escalationStatusLabel } from './escalation-labels.ts';
import formStyles from '../../../components/form/Form.module.css';
import styles from './Escalations.module.css';

/** `/dashboard/content/escalations/{id}`: an escalation's record, reports and comments; its status and assignee. */
export function EscalationPage() {
  const escalationID = Number(useParams().escalationID);
  const escalation = useEscalationQuery(escalationID);
  usePageMeta({ title: escalation.data?.name ?? t('Escalation') });
  if (escalation.error instanceof ApiError && escalation.error.status === 403)
    return <PermissionErrorPage />;
  if (escalation.error instanceof ApiError && escalation.error.status === 404)
    return <NotFoundPage />;
  return (
    <DashboardLayout
      title={escalation.data?.name ?? t('Escalation')}
      actions={<Link to={dashboardEscalationsPath()}>{t('All escalations')}</Link>}
    >
      {escalation.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{escalation.error.message}</p>}
        />
      ) : escalation.data === undefined ? (
        <Loader />
      ) : (
        <>
          <EscalationControls escalation={escalation.data} />
          <section className={styles.section} aria-label={t('Record')}>
            <div className={styles.meta}>
              <a href={escalation.data.recordUrl}>{escalation.data.recordName}</a>
              <span>
                {t('by')} {escalation.data.recordUser?.name ?? ''}
              </span>
              <span>
                {t('in')}{' '}
                <a href={escalation.data.placeRecordUrl}>{escalation.data.placeRecordName}</a>
              </span>
              {escalation.data.recordIsLive ? null : (
                <span className={styles.status}>{t('Removed')}</span>
              )}
            </div>
            <UserContent className={styles.record} html={escalation.data.recordHtml} />
          </section>
          <section className={styles.section}>
            <h2 className={styles.heading}>
              {t('{count} reports', { count: escalation.data.countReports })}
            </h2>
            <ol className={styles.list}>
              {(escalation.data.reports ?? []).map((report) => (
                <li key={report.reportID} className={styles.item}>
                  <div className={styles.meta}>
                    <span>{report.insertUser?.name ?? ''}</span>
                    <DateTime date={report.dateInserted} />
                    <span>{report.reasons.map((reason) => reason.name).join(', ')}</span>
                  </div>
                  {report.noteHtml === undefined ? null : <UserContent html={report.noteHtml} />}
                </li>
              ))}
            </ol>
          </section>
          <EscalationComments escalationID={escalationID} count={escalation.data.countComments} />
        </>
      )}
    </DashboardLayout>
  );
}

function EscalationControls({ escalation }: { escalation: Escalation }) {
  const me = useCurrentUser();
  const patch = usePatchEscalationMutation(escalation.escalationID);
  const showError = useErrorToast();
  const change = (body: Parameters<typeof patch.mutate>[0]) =>
    patch.mutate(body, { onError: (error) => showError(error) });
  return (
    <div className={styles.filters}>
      <label>
        {t('Status')}
        <select
          className={formStyles.input}
          value={escalation.status}
          disabled={patch.isPending}
          onChange={(event) => change({ status: event.target.value as EscalationStatus })}
        >
          {escalationStatuses.map((status) => (
            <option key={status} value={status}>
              {escalationStatusLabel(status)}
            </option>
          ))}
        </select>
      </label>
      <span className={styles.assignee}>
        {escalation.assignedUser
          ? t('Assigned to {name}', { name: escalation.assignedUser.name })
          : t('Unassigned')}
      </span>
      <AssigneePicker
        assignedUser={escalation.assignedUser}
        isDisabled={patch.isPending}
        onChange={(userID) => change({ assignedUserID: userID })}
      />
      {escalation.assignedUserID === me.userID ? null : (
        <Button onClick={() => change({ assignedUserID: me.userID })} disabled={patch.isPending}>
          {t('Assign to me')}
        </Button>
      )}
      {escalation.assignedUserID === null ? null : (
        <Button onClick={() => change({ assignedUserID: null })} disabled={patch.isPending}>
          {t('Unassign')}
        </Button>
      )}
      <Button
        onClick={() => change({ recordIsLive: !escalation.recordIsLive })}
        disabled={patch.isPending}
      >
        {escalation.recordIsLive ? t('Remove post') : t('Restore post')}
      </Button>
    </div>
  );
}

function EscalationComments({ escalationID, count }: { escalationID: number; count: number }) {
  const comments = useEscalationCommentsQuery(escalationID);
  const add = useAddEscalationCommentMutation(escalationID);
  const showError = useErrorToast();
  const [body, setBody] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (body.trim() === '') return;
    add.mutate(body, { onSuccess: () => setBody(''), onError: (error) => showError(error) });
  };
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{t('{count} comments', { count })}</h2>
      {comments.data === undefined ? (
        comments.isError ? null : (
          <Loader />
        )
      ) : (
        <ol className={styles.list}>
          {comments.data.map((comment) => (
            <EscalationCommentItem key={comment.commentID} escalationID={escalationID} comment={comment} />
          ))}
        </ol>
      )}
      <form className={styles.commentForm} onSubmit={handleSubmit}>
        <label>
          {t('Comment')}
          <textarea value={body} onChange={(event) => setBody(event.target.value)} rows={3} />
        </label>
        <Button type="submit" variant="primary" isLoading={add.isPending}>
          {t('Post Comment')}
        </Button>
      </form>
    </section>
  );
}
