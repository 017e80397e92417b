import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { t } from '../../../../lib/i18n.ts';
import { useCurrentUser, usePermissionSet } from '../../../../lib/session.ts';
import { canBulkManage } from './bulk-checks.ts';
import { useBulkSelection, type BulkStatus } from './bulk-selection.tsx';
import styles from './BulkActions.module.css';

export interface BulkItemSelectProps {
  discussion: Discussion;
}

function statusText(status: BulkStatus): string {
  switch (status) {
    case 'pending':
      return t('Pending');
    case 'loading':
      return t('Working…');
    case 'success':
      return t('Done');
    case 'error':
      return t('Failed');
  }
}

const statusClass: Record<BulkStatus, string | undefined> = {
  pending: undefined,
  loading: undefined,
  success: styles.statusSuccess,
  error: styles.statusError,
};

/**
 * The bulk checkbox of one listed discussion, labelled 'Select {name}', with its bulk status
 * (spec 000 §4); shown only to viewers who may manage it (spec 000 §6) inside a bulk list.
 */
export function BulkItemSelect({ discussion }: BulkItemSelectProps) {
  const selection = useBulkSelection();
  const permissions = usePermissionSet();
  const me = useCurrentUser();
  if (selection === null || !canBulkManage({ permissions, userID: me.userID }, discussion)) {
    return null;
  }
  const status = selection.statusByID[discussion.discussionID];
  return (
    <div className={styles.select}>
      <input
        type="checkbox"
        aria-label={t('Select {name}', { name: discussion.name })}
        checked={selection.isChecked(discussion.discussionID)}
        disabled={status === 'loading'}
        onChange={(event) => selection.setChecked(discussion.discussionID, event.target.checked)}
      />
    </div>
  );
}

/**
 * The discussion's bulk status (pending, working, done, failed) and, when the last action failed
 * on it, the server's message.
 */
export function BulkItemStatus({ discussionID }: { discussionID: number }) {
  const selection = useBulkSelection();
  const status = selection?.statusByID[discussionID];
  if (selection === null || status === undefined) return null;
  const message = status === 'error' ? selection.errorByID[discussionID] : undefined;
  return (
    <p className={`${styles.status} ${statusClass[status] ?? ''}`} role="status">
      <span className={styles.statusLabel}>{statusText(status)}</span>
      {message === undefined || message === '' ? null : (
        <span className={styles.statusMessage}>{message}</span>
      )}
    </p>
  );
}
