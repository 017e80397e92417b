import { useState } from 'react';
import type { ReportReason } from '../../../../../common/src/api/reports.ts';
import { ErrorMessage, PermissionErrorPage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { ConfirmModal } from '../../../components/Modal.tsx';
import { useToasts } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { usePermission } from '../../../lib/session.ts';
import { DashboardLayout } from '../../admin/components/DashboardLayout.tsx';
import { useAssignableRolesQuery } from '../../users/api/users-dashboard.queries.ts';
import {
  moveReasonSorts,
  useEditableReportReasonsQuery,
  useReportReasonMutations,
} from '../api/report-reasons.queries.ts';
import { ReportReasonDialog } from './ReportReasonDialog.tsx';
import styles from './ReportReasonsPage.module.css';
import { MoveButtons } from '../../../components/MoveButtons.tsx';

/**
 * `/dashboard/content/report-reasons` (`community.moderate`, api-contract §27.3): the reasons
 * reporters choose from, in their order; add, edit and delete them, and (with `site.manage`)
 * move them up or down.
 */
export function ReportReasonsPage() {
  const canModerate = usePermission('community.moderate');
  const canSort = usePermission('site.manage');
  const reasons = useEditableReportReasonsQuery(canModerate);
  const roles = useAssignableRolesQuery(canModerate);
  const { remove, reorder } = useReportReasonMutations();
  const { addToast } = useToasts();
  const [editing, setEditing] = useState<ReportReason | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ReportReason | null>(null);
  usePageMeta({ title: t('Report reasons') });
  if (!canModerate) {
    return <PermissionErrorPage />;
  }
  const list = reasons.data ?? [];
  const handleMove = (reason: ReportReason, direction: -1 | 1) => {
    reorder.mutate(moveReasonSorts(list, reason.reportReasonID, direction));
  };
  return (
    <DashboardLayout
      title={t('Report reasons')}
      actions={
        <Button variant="primary" onClick={() => setEditing('new')}>
          {t('Add Reason')}
        </Button>
      }
    >
      {reasons.isError ? (
        <ErrorMessage
          headingLevel={2}
          title={t('There was an error')}
          description={<p>{reasons.error.message}</p>}
        />
      ) : reasons.data === undefined ? (
        <Loader />
      ) : (
        <>
          {canSort ? null : (
            <FormMessage type="info">
              {t('You need the site.manage permission to change the order of the reasons.')}
            </FormMessage>
          )}
          {reorder.error === null ? null : <FormMessage>{reorder.error.message}</FormMessage>}
          {list.length === 0 ? (
            <p className={styles.empty}>{t('There are no report reasons yet.')}</p>
          ) : (
            <ol
              className={styles.list}
              aria-label={t('Report reasons')}
              aria-busy={reorder.isPending}
            >
              {list.map((reason, index) => (
                <li key={reason.reportReasonID} className={styles.item}>
                  <div className={styles.main}>
                    <p className={styles.name}>
                      <span>{reason.name}</span>
                      <code className={styles.slug}>{reason.reportReasonID}</code>
                    </p>
                    <p className={styles.description}>{reason.description}</p>
                    <p className={styles.meta}>
                      {reason.roleIDs === null || reason.roles === null
                        ? t('Everyone who may report')
                        : reason.roles.length === 0
                          ? t('No role: moderators only')
                          : reason.roles.map((role) => role.name).join(', ')}
                      {reason.countReports === undefined ? null : (
                        <>
                          <span aria-hidden="true"> · </span>
                          {t('{count} reports', { count: reason.countReports })}
                        </>
                      )}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    {canSort ? (
                      <>
                        <MoveButtons
                          name={reason.name}
                          isFirst={index === 0}
                          isLast={index === list.length - 1}
                          disabled={reorder.isPending}
                          onMove={(direction) => handleMove(reason, direction)}
                        />
                      </>
                    ) : null}
                    <Button
                      className={styles.compact}
                      aria-label={t('Edit {name}', { name: reason.name })}
                      onClick={() => setEditing(reason)}
                    >
                      {t('Edit')}
                    </Button>
                    <Button
                      className={styles.compact}
                      aria-label={t('Delete {name}', { name: reason.name })}
                      onClick={() => setDeleting(reason)}
                    >
                      {t('Delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </>
      )}
      {editing === null ? null : (
        <ReportReasonDialog
          reason={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting === null ? null : (
        <ConfirmModal
          title={t('Delete {name}', { name: deleting.name })}
          message={t(
            'Are you sure you want to delete the reason {name}? Reports that used it keep it.',
            { name: deleting.name },
          )}
          confirmLabel={t('Delete')}
          isBusy={remove.isPending}
          error={remove.error?.message ?? null}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() =>
            remove.mutate(deleting.reportReasonID, {
              onSuccess: () => {
                addToast({
                  body: t('The reason {name} has been deleted.', { name: deleting.name }),
                  autoDismiss: true,
                });
                setDeleting(null);
              },
            })
          }
        />
      )}
    </DashboardLayout>
  );
}
