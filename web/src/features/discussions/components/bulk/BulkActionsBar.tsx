import { useState } from 'react';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { Button } from '../../../../components/Button.tsx';
import { ConfirmModal } from '../../../../components/Modal.tsx';
import { useToasts } from '../../../../components/toast-context.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { Progress } from '../../../../lib/long-runner.ts';
import { useCurrentUser, usePermissionSet } from '../../../../lib/session.ts';
import {
  useBulkActionMutation,
  type BulkOutcome,
  type BulkRequest,
} from '../../api/bulk.queries.ts';
import type { CategorySuggestion } from '../../api/discussion-actions.api.ts';
import { bulkPreCheck, type BulkAction, type BulkRefusal } from './bulk-checks.ts';
import { useBulkSelection } from './bulk-selection.tsx';
import { BulkMergeModal } from './BulkMergeModal.tsx';
import { BulkMoveModal } from './BulkMoveModal.tsx';
import styles from './BulkActions.module.css';

export interface BulkActionsBarProps {
  /** The discussions of the list (with earlier actions' changes applied). */
  discussions: readonly Discussion[];
}

const actions: readonly BulkAction[] = ['move', 'merge', 'close', 'delete'];

function actionLabel(action: BulkAction): string {
  switch (action) {
    case 'move':
      return t('Move');
    case 'merge':
      return t('Merge');
    case 'close':
      return t('Close');
    case 'delete':
      return t('Delete');
  }
}

function doneMessage(action: BulkAction, count: number): string {
  switch (action) {
    case 'move':
      return t('{count} discussions moved.', { count });
    case 'merge':
      return t('{count} discussions merged.', { count });
    case 'close':
      return t('{count} discussions closed.', { count });
    case 'delete':
      return t('{count} discussions deleted.', { count });
  }
}

/**
 * The selection toast (spec 000 §4): shown while at least one listed discussion is checked, with
 * '{n} selected', Move, Merge, Close, Delete and Clear. Each action is pre-checked (spec 000 §5
 * messages, naming the discussions lacking the permission), then runs through the long runner
 * with per-discussion status; list caches follow the successes and per-ID errors are shown.
 */
export function BulkActionsBar({ discussions }: BulkActionsBarProps) {
  const selection = useBulkSelection();
  const permissions = usePermissionSet();
  const me = useCurrentUser();
  const bulkMutation = useBulkActionMutation();
  const { addToast } = useToasts();
  const [openAction, setOpenAction] = useState<BulkAction | null>(null);
  const [refusal, setRefusal] = useState<BulkRefusal | null>(null);

  if (selection === null) return null;
  const selected = discussions.filter((discussion) => selection.isChecked(discussion.discussionID));
  if (selected.length === 0) return null;

  const viewer = { permissions, userID: me.userID };
  const selectedIDs = selected.map((discussion) => discussion.discussionID);
  const nameOf = new Map(discussions.map((item) => [item.discussionID, item.name]));

  const handleAction = (action: BulkAction) => {
    const check = bulkPreCheck(action, selected, viewer);
    setRefusal(check);
    if (check === null) setOpenAction(action);
  };

  const reportOutcome = (action: BulkAction, progress: Progress) => {
    if (progress.successIDs.length > 0) {
      addToast({
        body: doneMessage(action, progress.successIDs.length),
        autoDismiss: true,
      });
    }
    if (progress.failedIDs.length > 0) {
      addToast({
        persistent: true,
        body: (
          <div>
            <p>{t('Some discussions could not be changed:')}</p>
            <ul className={styles.toastList}>
              {progress.failedIDs.map((id) => (
                <li key={id}>
                  {nameOf.get(id) ?? `#${id}`}: {progress.exceptionsByID[String(id)]?.message}
                </li>
              ))}
            </ul>
          </div>
        ),
      });
    }
  };

  const start = (request: BulkRequest) => {
    setOpenAction(null);
    setRefusal(null);
    let outcome: BulkOutcome | undefined;
    selection
      .run(request.ids, async (onProgress) => {
        outcome = await bulkMutation.mutateAsync({ request, onProgress });
        return outcome.progress;
      })
      .then((progress) => {
        if (outcome !== undefined) selection.applyChanges(outcome.removedIDs, outcome.patches);
        reportOutcome(request.kind, progress);
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        const description =
          typeof (error as { description?: unknown }).description === 'string'
            ? (error as { description: string }).description
            : message;
        addToast({ persistent: true, body: description });
      });
  };

  const handleMove = (category: CategorySuggestion, addRedirects: boolean) => {
    start({ kind: 'move', ids: selectedIDs, category, addRedirects });
  };

  const handleMerge = (destinationID: number, addRedirects: boolean) => {
    start({ kind: 'merge', ids: selectedIDs, destinationID, addRedirects });
  };

  const handleClose = () => {
    start({ kind: 'close', ids: selectedIDs });
  };

  const handleDelete = () => {
    start({ kind: 'delete', ids: selectedIDs });
  };

  const closeModal = () => setOpenAction(null);
  const count = selected.length;
  return (
    <>
      <section className={styles.bar} aria-label={t('Bulk actions')}>
        <p className={styles.count} aria-live="polite">
          {t('{count} selected', { count })}
        </p>
        <div className={styles.actions}>
          {actions.map((action) => {
            const isRefused = bulkPreCheck(action, selected, viewer) !== null;
            return (
              <Button
                key={action}
                variant="standard"
                className={styles.actionButton}
                aria-disabled={isRefused || undefined}
                onClick={() => handleAction(action)}
              >
                {actionLabel(action)}
              </Button>
            );
          })}
          <Button
            variant="text"
            className={styles.clearButton}
            onClick={() => {
              setRefusal(null);
              selection.clear();
            }}
          >
            {t('Clear')}
          </Button>
        </div>
        {refusal === null ? null : (
          <div className={styles.refusal} role="alert">
            <p>{t(refusal.message)}</p>
            {refusal.names.length === 0 ? null : (
              <ul className={styles.refusalNames}>
                {refusal.names.map((name, index) => (
                  <li key={`${index}-${name}`}>{name}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      {openAction === 'move' ? (
        <BulkMoveModal count={count} onCancel={closeModal} onMove={handleMove} />
      ) : null}
      {openAction === 'merge' ? (
        <BulkMergeModal discussions={selected} onCancel={closeModal} onMerge={handleMerge} />
      ) : null}
      {openAction === 'close' ? (
        <ConfirmModal
          title={t('Close Discussions')}
          message={t('Are you sure you want to close {count} discussions?', { count })}
          confirmLabel={t('Close')}
          onConfirm={handleClose}
          onCancel={closeModal}
        />
      ) : null}
      {openAction === 'delete' ? (
        <ConfirmModal
          title={t('Delete Discussions')}
          message={t('Are you sure you want to delete {count} discussions forever?', { count })}
          confirmLabel={t('Delete')}
          onConfirm={handleDelete}
          onCancel={closeModal}
        />
      ) : null}
    </>
  );
}
