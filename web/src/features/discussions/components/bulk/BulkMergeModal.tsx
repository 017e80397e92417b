import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import type { BulkDiscussion } from './bulk-checks.ts';
// The bulk modals' forms look like the single-discussion modals' forms.
import styles from '../options/DiscussionOptions.module.css';

export interface BulkMergeModalProps {
  discussions: readonly BulkDiscussion[];
  onCancel: () => void;
  onMerge: (destinationDiscussionID: number, addRedirects: boolean) => void;
}

/** Bulk merge form (spec 000 §2): the destination among the selected, and redirect links. */
export function BulkMergeModal({ discussions, onCancel, onMerge }: BulkMergeModalProps) {
  const formID = useId();
  const [destinationID, setDestinationID] = useState<number | null>(
    discussions[0]?.discussionID ?? null,
  );
  const [addRedirects, setAddRedirects] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (destinationID !== null) onMerge(destinationID, addRedirects);
  };

  return (
    <Modal
      title={t('Merge Discussions')}
      size="medium"
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button variant="primary" type="submit" form={formID} disabled={destinationID === null}>
            {t('Merge')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>
            {t('Choose the main discussion to merge into:')}
          </legend>
          <div className={styles.choiceList}>
            {discussions.map((discussion) => (
              <label key={discussion.discussionID} className={styles.choice}>
                <input
                  type="radio"
                  name={`${formID}-destination`}
                  value={discussion.discussionID}
                  checked={destinationID === discussion.discussionID}
                  onChange={() => setDestinationID(discussion.discussionID)}
                />
                <span className={styles.choiceText}>{discussion.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={addRedirects}
            onChange={(event) => setAddRedirects(event.target.checked)}
          />
          <span>{t('Leave redirect links')}</span>
        </label>
      </form>
    </Modal>
  );
}
