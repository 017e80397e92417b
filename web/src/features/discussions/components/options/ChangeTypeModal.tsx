import { useId, useState, type FormEvent } from 'react';
import { postableDiscussionTypes } from '../../../../../../common/src/api/discussions.constants.ts';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { errorText, useChangeTypeMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import styles from './DiscussionOptions.module.css';

function typeLabel(type: string): string {
  switch (type) {
    case 'question':
      return t('Question');
    case 'idea':
      return t('Idea');
    case 'poll':
      return t('Poll');
    default:
      return t('Discussion');
  }
}

/** Change type (spec 000 §2): the types the category allows, `PUT /discussions/{id}/type`. */
export function ChangeTypeModal({ discussion, onClose }: DiscussionModalProps) {
  const formID = useId();
  const current = discussion.type ?? 'discussion';
  const [type, setType] = useState(current);
  const mutation = useChangeTypeMutation(discussion.discussionID);
  const allowed = (discussion.category as { allowedDiscussionTypes?: string[] } | null | undefined)
    ?.allowedDiscussionTypes;
  const types = postableDiscussionTypes.filter(
    (value) =>
      value === current || allowed === undefined || allowed.length === 0 || allowed.includes(value),
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(type, { onSuccess: onClose });
  };

  return (
    <Modal
      title={t('Change Type')}
      size="small"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            variant="primary"
            type="submit"
            form={formID}
            disabled={type === current}
            isLoading={mutation.isPending}
          >
            {t('Save')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('Post Type')}</legend>
          <div className={styles.choiceList}>
            {types.map((value) => (
              <label key={value} className={styles.choice}>
                <input
                  type="radio"
                  name={`${formID}-type`}
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                />
                <span>{typeLabel(value)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {mutation.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(mutation.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
