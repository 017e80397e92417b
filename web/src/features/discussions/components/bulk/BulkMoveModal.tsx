import { useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { CategorySuggestion } from '../../api/discussion-actions.api.ts';
import { MoveFields } from '../options/MoveFields.tsx';

export interface BulkMoveModalProps {
  count: number;
  onCancel: () => void;
  onMove: (category: CategorySuggestion, addRedirects: boolean) => void;
}

/** Bulk move form (spec 000 §2): a category picker and 'Leave a redirect link'. */
export function BulkMoveModal({ count, onCancel, onMove }: BulkMoveModalProps) {
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
      <MoveFields
        categoryID={category?.categoryID ?? null}
        onCategoryChange={setCategory}
        addRedirects={addRedirects}
        onAddRedirectsChange={setAddRedirects}
      />
    </FormModal>
  );
}
