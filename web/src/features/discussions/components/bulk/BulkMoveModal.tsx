import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { CategorySuggestion } from '../../api/discussion-actions.api.ts';
import { CategoryPicker } from '../options/CategoryPicker.tsx';
// The bulk modals' forms look like the single-discussion modals' forms.
import styles from '../options/DiscussionOptions.module.css';

export interface BulkMoveModalProps {
  count: number;
  onCancel: () => void;
  onMove: (category: CategorySuggestion, addRedirects: boolean) => void;
}

/** Bulk move form (spec 000 §2): a category picker and 'Leave a redirect link'. */
export function BulkMoveModal({ count, onCancel, onMove }: BulkMoveModalProps) {
  const formID = useId();
  const [category, setCategory] = useState<CategorySuggestion | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (category !== null) onMove(category, addRedirects);
  };

  return (
    <Modal
      title={t('Move {count} discussions', { count })}
      size="medium"
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button variant="primary" type="submit" form={formID} disabled={category === null}>
            {t('Move')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        <CategoryPicker
          name={`${formID}-category`}
          value={category?.categoryID ?? null}
          onChange={setCategory}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={addRedirects}
            onChange={(event) => setAddRedirects(event.target.checked)}
          />
          <span>{t('Leave a redirect link')}</span>
        </label>
      </form>
    </Modal>
  );
}
