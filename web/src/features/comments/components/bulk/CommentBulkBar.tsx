import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { Button } from '../../../../components/Button.tsx';
import { ConfirmModal } from '../../../../components/Modal.tsx';
import { useToasts } from '../../../../components/toast-context.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { Progress } from '../../../../lib/long-runner.ts';
import {
  discussionPageKeys,
  errorText,
} from '../../../discussions/api/discussion-actions.queries.ts';
import { useBulkSelection } from '../../../discussions/components/bulk/bulk-selection.tsx';
import styles from '../../../discussions/components/bulk/BulkActions.module.css';
import { deleteCommentsList, type SplitResult } from '../../api/comments-bulk.api.ts';
import {
  adjustCommentCount,
  commentKeys,
  removeComment,
  useThreadUpdater,
} from '../../api/comments.queries.ts';
import { SplitCommentsModal } from './SplitCommentsModal.tsx';

export interface CommentBulkBarProps {
  discussion: Discussion;
  /** The comments shown on this page (checked IDs from elsewhere are not acted on). */
  commentIDs: readonly number[];
}

/**
 * The comments' selection bar (spec 000 §2 bulk forms): '{count} comments selected', Split (a new
 * discussion from the comments, `POST /discussions/split`), Delete (confirmed, then
 * `DELETE /comments/list` through the long runner) and Clear.
 */
export function CommentBulkBar({ discussion, commentIDs }: CommentBulkBarProps) {
  const selection = useBulkSelection();
  const client = useQueryClient();
  const updateThread = useThreadUpdater(discussion.discussionID);
  const { addToast } = useToasts();
  const [openAction, setOpenAction] = useState<'split' | 'delete' | null>(null);

  if (selection === null) return null;
  const shown = new Set(commentIDs);
  const selectedIDs = selection.checkedIDs.filter((id) => shown.has(id));
  if (selectedIDs.length === 0 && openAction === null) return null;
  const count = selectedIDs.length;

  const refresh = () => {
    void client.invalidateQueries({ queryKey: commentKeys.threads(discussion.discussionID) });
    void client.invalidateQueries({ queryKey: discussionPageKeys.detail(discussion.discussionID) });
  };

  const handleSplit = (result: SplitResult) => {
    const moved = result.progress?.successIDs ?? selectedIDs;
    setOpenAction(null);
    selection.applyChanges(selectedIDs, new Map());
    adjustCommentCount(client, discussion.discussionID, -moved.length);
    refresh();
    addToast({
      persistent: true,
      body: (
        <p>
          {t('{count} comments split into a new discussion.', { count: moved.length })}{' '}
          <a href={result.newPostUrl}>{t('Go to the new discussion')}</a>
        </p>
      ),
    });
  };

  const reportDelete = (progress: Progress) => {
    const deleted = progress.successIDs;
    updateThread((thread) => deleted.reduce(removeComment, thread));
    adjustCommentCount(client, discussion.discussionID, -deleted.length);
    selection.applyChanges(deleted, new Map());
    if (deleted.length > 0) {
      addToast({
        autoDismiss: true,
        body: t('{count} comments deleted.', { count: deleted.length }),
      });
    }
    if (progress.failedIDs.length > 0) {
      addToast({
        persistent: true,
        body: (
          <div>
            <p>{t('Some comments could not be deleted:')}</p>
            <ul className={styles.toastList}>
              {progress.failedIDs.map((id) => (
                <li key={id}>
                  #{id}: {progress.exceptionsByID[String(id)]?.message}
                </li>
              ))}
            </ul>
          </div>
        ),
      });
    }
  };

  const handleDelete = () => {
    const ids = selectedIDs;
    setOpenAction(null);
    selection
      .run(ids, (onProgress) => deleteCommentsList(ids, onProgress))
      .then(reportDelete)
      .catch((error: unknown) => {
        addToast({ persistent: true, body: errorText(error) });
      });
  };

  const closeModal = () => setOpenAction(null);
  return (
    <>
      {count === 0 ? null : (
        <section className={styles.bar} aria-label={t('Comment bulk actions')}>
          <p className={styles.count} aria-live="polite">
            {t('{count} comments selected', { count })}
          </p>
          <div className={styles.actions}>
            <Button variant="standard" onClick={() => setOpenAction('split')}>
              {t('Split')}
            </Button>
            <Button variant="standard" onClick={() => setOpenAction('delete')}>
              {t('Delete')}
            </Button>
            <Button variant="text" onClick={() => selection.clear()}>
              {t('Clear')}
            </Button>
          </div>
        </section>
      )}
      {openAction === 'split' ? (
        <SplitCommentsModal
          commentIDs={selectedIDs}
          currentCategoryID={discussion.categoryID}
          onClose={closeModal}
          onSplit={handleSplit}
        />
      ) : null}
      {openAction === 'delete' ? (
        <ConfirmModal
          title={t('Delete Comments')}
          message={t('Are you sure you want to delete {count} comments?', { count })}
          confirmLabel={t('Delete')}
          onConfirm={handleDelete}
          onCancel={closeModal}
        />
      ) : null}
    </>
  );
}
