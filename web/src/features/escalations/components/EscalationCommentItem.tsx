import { useState, type FormEvent } from 'react';
import type { EscalationComment } from '../../../../../common/src/api/escalations.ts';
import { Button } from '../../../components/Button.tsx';
import { DateTime } from '../../../components/DateTime.tsx';
import { LazyConfirmModal } from '../../../components/LazyModal.tsx';
import { useErrorToast } from '../../../components/toast-context.tsx';
import { t } from '../../../lib/i18n.ts';
import { errorText } from '../../discussions/api/discussion-actions.queries.ts';
import { UserContent } from '../../discussions/components/page/UserContent.tsx';
import {
  useDeleteEscalationCommentMutation,
  useEditEscalationCommentMutation,
} from '../api/escalations.queries.ts';
import styles from './Escalations.module.css';

/** The plain text of a comment's HTML (escalation comments are written as plain text). */
function plainTextOf(html: string): string {
  const marked = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n');
  return (new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? '').trim();
}

export interface EscalationCommentItemProps {
  escalationID: number;
  comment: EscalationComment;
}

/**
 * One moderator comment on an escalation, with Edit and Delete when its `permissions` allow them
 * (api-contract §9 PATCH/DELETE /comments/{id}).
 */
export function EscalationCommentItem({ escalationID, comment }: EscalationCommentItemProps) {
  const edit = useEditEscalationCommentMutation(escalationID);
  const remove = useDeleteEscalationCommentMutation(escalationID);
  const showError = useErrorToast();
  const [draft, setDraft] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const canEdit = comment.permissions['comments.edit'];
  const canDelete = comment.permissions['comments.delete'];

  const handleSave = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || draft.trim() === '') return;
    edit.mutate(
      { commentID: comment.commentID, body: draft },
      { onSuccess: () => setDraft(null), onError: (error) => showError(error) },
    );
  };

  return (
    <li className={styles.item}>
      <div className={styles.meta}>
        <span className={styles.status}>{comment.insertUser?.name ?? ''}</span>
        <DateTime date={comment.dateInserted} />
        {canEdit && draft === null ? (
          <Button variant="text" onClick={() => setDraft(plainTextOf(comment.body ?? ''))}>
            {t('Edit')}
          </Button>
        ) : null}
        {canDelete ? (
          <Button variant="text" onClick={() => setIsConfirming(true)}>
            {t('Delete')}
          </Button>
        ) : null}
      </div>
      {draft === null ? (
        <UserContent html={comment.body ?? ''} />
      ) : (
        <form className={styles.commentForm} onSubmit={handleSave}>
          <label>
            {t('Edit comment')}
            <textarea value={draft} onChange={(event) => setDraft(event.target.value)} rows={3} />
          </label>
          <div className={styles.paging}>
            <Button type="submit" variant="primary" isLoading={edit.isPending}>
              {t('Save')}
            </Button>
            <Button onClick={() => setDraft(null)}>{t('Cancel')}</Button>
          </div>
        </form>
      )}
      {isConfirming ? (
        <LazyConfirmModal
          title={t('Delete Comment')}
          message={t('Are you sure you want to delete this comment?')}
          confirmLabel={t('Delete')}
          isBusy={remove.isPending}
          error={remove.isError ? errorText(remove.error) : null}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => remove.mutate(comment.commentID, { onSuccess: () => setIsConfirming(false) })}
        />
      ) : null}
    </li>
  );
}
