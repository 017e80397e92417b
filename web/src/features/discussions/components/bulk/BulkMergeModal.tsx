import { useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { BulkDiscussion } from './bulk-checks.ts';
// The bulk modals' forms look like the single-discussion modals' forms.
import { RadioChoices } from '../options/RadioChoices.tsx';
import styles from '../options/DiscussionOptions.module.css';

export interface BulkMergeModalProps {
  discussions: readonly BulkDiscussion[];
  onCancel: () => void;
  onMerge: (destinationDiscussionID: number, addRedirects: boolean) => void;
}

/** Bulk merge form (spec 000 §2): the destination among the selected, and redirect links. */
export function BulkMergeModal({ discussions, onCancel, onMerge }: BulkMergeModalProps) {
  const [destinationID, setDestinationID] = useState<number | null>(
    discussions[0]?.discussionID ?? null,
  );
  const [addRedirects, setAddRedirects] = useState(false);

  const handleSubmit = () => {
    if (destinationID !== null) onMerge(destinationID, addRedirects);
  };

  return (
    <FormModal
      title={t('Merge Discussions')}
      submitLabel={t('Merge')}
      canSubmit={destinationID !== null}
      onSubmit={handleSubmit}
      onClose={onCancel}
    >
      <RadioChoices
        legend={t('Choose the main discussion to merge into:')}
        choices={discussions.map((discussion) => ({
          key: discussion.discussionID,
          item: discussion.discussionID,
          label: discussion.name,
        }))}
        selectedKey={destinationID}
        onChange={setDestinationID}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={addRedirects}
          onChange={(event) => setAddRedirects(event.target.checked)}
        />
        <span>{t('Leave redirect links')}</span>
      </label>
    </FormModal>
  );
}
