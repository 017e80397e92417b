import { useState } from 'react';
import { postableDiscussionTypes } from '../../../../../../common/src/api/discussions.constants.ts';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { errorText, useChangeTypeMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import { RadioChoices } from './RadioChoices.tsx';

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
  const current = discussion.type ?? 'discussion';
  const [type, setType] = useState(current);
  const mutation = useChangeTypeMutation(discussion.discussionID);
  const allowed = (discussion.category as { allowedDiscussionTypes?: string[] } | null | undefined)
    ?.allowedDiscussionTypes;
  const types = postableDiscussionTypes.filter(
    (value) =>
      value === current || allowed === undefined || allowed.length === 0 || allowed.includes(value),
  );

  const handleSubmit = () => {
    mutation.mutate(type, { onSuccess: onClose });
  };

  return (
    <FormModal
      title={t('Change Type')}
      size="small"
      canSubmit={type !== current}
      isBusy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <RadioChoices
        legend={t('Post Type')}
        choices={types.map((value) => ({ key: value, item: value, label: typeLabel(value) }))}
        selectedKey={type}
        onChange={setType}
      />
    </FormModal>
  );
}
