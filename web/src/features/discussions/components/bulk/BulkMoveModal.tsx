import { useId, useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
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
  const pickerName = useId();
  const [category, setCategory] = useState<CategorySuggestion | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);

  const handleSubmit = () => {
    if (category !== null) onMove(category, addRedirects);
  };

  return (
    <FormModal
      title={t('Move {count} discussions', { count })}
      submitLabel={t('Move')}
      canSubmit={category !== null}
      onSubmit={handleSubmit}
      onClose={onCancel}
    >
      <CategoryPicker
        name={pickerName}
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
    </FormModal>
  );
}
