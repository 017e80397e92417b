import { useId, useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { useDiscussionToggleMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import styles from './DiscussionOptions.module.css';

type PinChoice = 'none' | 'category' | 'recent';

/**
 * Announce (spec 000 §2): where the discussion is pinned: nowhere, in its category, or everywhere
 * (`recent`); `PATCH /discussions/{id}` with pinned and pinLocation.
 */
export function AnnounceModal({ discussion, onClose }: DiscussionModalProps) {
  const choiceName = useId();
  const current: PinChoice =
    discussion.pinned === true
      ? discussion.pinLocation === 'recent'
        ? 'recent'
        : 'category'
      : 'none';
  const [choice, setChoice] = useState<PinChoice>(current);
  const mutation = useDiscussionToggleMutation(discussion.discussionID);

  const handleSubmit = () => {
    const patch = choice === 'none' ? { pinned: false } : { pinned: true, pinLocation: choice };
    mutation.mutate({ kind: 'patch', patch }, { onSuccess: onClose });
  };

  const options: { value: PinChoice; label: string; hint: string }[] = [
    { value: 'none', label: t('Don’t announce'), hint: t('The discussion is listed as usual.') },
    {
      value: 'category',
      label: t('Announce in its category'),
      hint: t('Pinned to the top of its category.'),
    },
    {
      value: 'recent',
      label: t('Announce everywhere'),
      hint: t('Pinned to the top of its category and of recent discussions.'),
    },
  ];

  return (
    <FormModal
      title={t('Announce')}
      canSubmit={choice !== current}
      isBusy={mutation.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <fieldset className={styles.choices}>
        <legend className="visually-hidden">{t('Announce')}</legend>
        <div className={styles.choiceList}>
          {options.map((option) => (
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                name={choiceName}
                value={option.value}
                checked={choice === option.value}
                onChange={() => setChoice(option.value)}
              />
              <span className={styles.choiceText}>
                {option.label}
                <span className={styles.hint}>{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </FormModal>
  );
}
