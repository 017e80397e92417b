import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { errorText, useMoveMutation } from '../../api/discussion-actions.queries.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import styles from './DiscussionOptions.module.css';

/** Move (spec 000 §2): pick a category, optionally leave a redirect, `PATCH /discussions/move`. */
export function MoveDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const formID = useId();
  const [categoryID, setCategoryID] = useState<number | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  const mutation = useMoveMutation(discussion.discussionID);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (categoryID === null) return;
    mutation.mutate({ categoryID, addRedirects }, { onSuccess: onClose });
  };

  return (
    <Modal
      title={t('Move Discussion')}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            variant="primary"
            type="submit"
            form={formID}
            disabled={categoryID === null || categoryID === discussion.categoryID}
            isLoading={mutation.isPending}
          >
            {t('Move')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        <CategoryPicker
          name={`${formID}-category`}
          value={categoryID}
          onChange={(category) => setCategoryID(category.categoryID)}
          currentCategoryID={discussion.categoryID}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={addRedirects}
            onChange={(event) => setAddRedirects(event.target.checked)}
          />
          <span>{t('Leave a redirect link')}</span>
        </label>
        {mutation.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(mutation.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
