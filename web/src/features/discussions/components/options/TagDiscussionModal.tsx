import { useState } from 'react';
import { USER_TAG_TYPE } from '../../../../../../common/src/api/tags.constants.ts';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { TagPicker, type PickedTag } from '../../../tags/components/TagPicker.tsx';
import { errorText, useSetTagsMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';

/** Tag (spec 000 §2): the discussion's user tags, replaced with `PUT /discussions/{id}/tags`. */
export function TagDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const [tags, setTags] = useState<PickedTag[]>(() =>
    (discussion.tags ?? [])
      .filter((tag) => (tag.type ?? USER_TAG_TYPE) === USER_TAG_TYPE)
      .map((tag) => ({ tagID: tag.tagID, name: tag.name })),
  );
  const mutation = useSetTagsMutation(discussion.discussionID);

  const handleSubmit = () => {
    // The picker here cannot create tags, so every chosen tag has an ID.
    mutation.mutate(
      tags.flatMap((tag) => (tag.tagID === null ? [] : [tag.tagID])),
      { onSuccess: onClose },
    );
  };

  return (
    <FormModal
      title={t('Tag Discussion')}
      isBusy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TagPicker value={tags} onChange={setTags} />
    </FormModal>
  );
}
