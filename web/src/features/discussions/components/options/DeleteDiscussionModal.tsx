import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { errorText, useDeleteDiscussionMutation } from '../../api/discussion-actions.queries.ts';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import { appPath } from '../page/page-links.ts';

export interface DiscussionModalProps {
  discussion: Discussion;
  onClose: () => void;
}

/**
 * Delete confirmation (spec 001 §8.2 'Are you sure you want to delete this discussion?'); success
 * leaves the cached lists and goes to the category (spec 000 §4).
 */
export function DeleteDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const navigate = useNavigate();
  const mutation = useDeleteDiscussionMutation(discussion.discussionID);
  const handleConfirm = () => {
    mutation.mutate(undefined, {
      onSuccess: () => {
        onClose();
        const target = discussion.category?.url ?? discussion.breadcrumbs?.at(-1)?.url ?? '/';
        const path = appPath(target, window.location.origin);
        if (path.startsWith('/')) {
          void navigate(path);
        } else {
          window.location.assign(path);
        }
      },
    });
  };
  return (
    <ConfirmModal
      title={t('Delete Discussion')}
      message={t('Are you sure you want to delete this discussion?')}
      confirmLabel={t('Delete')}
      isBusy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onConfirm={handleConfirm}
      onCancel={onClose}
    />
  );
}
