import { useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { useDiscussionToggleMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import { RadioChoices } from './RadioChoices.tsx';

type PinChoice = 'none' | 'category' | 'recent';

/**
 * Announce (spec 000 §2): where the discussion is pinned: nowhere, in its category, or everywhere
 * (`recent`); `PATCH /discussions/{id}` with pinned and pinLocation.
 */
export function AnnounceModal({ discussion, onClose }: DiscussionModalProps) {
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
      <RadioChoices
        legend={t('Announce')}
        isLegendHidden
        choices={options.map((option) => ({
          key: option.value,
          item: option.value,
          label: option.label,
          hints: [option.hint],
        }))}
        selectedKey={choice}
        onChange={setChoice}
      />
    </FormModal>
  );
}
