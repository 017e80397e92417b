import { useState } from 'react';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { errorText, useMoveMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import { MoveFields } from './MoveFields.tsx';

/** Move (spec 000 §2): pick a category, optionally leave a redirect, `PATCH /discussions/move`. */
export function MoveDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const [categoryID, setCategoryID] = useState<number | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  const mutation = useMoveMutation(discussion.discussionID);

  const handleSubmit = () => {
    if (categoryID === null) return;
    mutation.mutate({ categoryID, addRedirects }, { onSuccess: onClose });
  };

  return (
    <FormModal
      title={t('Move Discussion')}
      submitLabel={t('Move')}
      canSubmit={categoryID !== null && categoryID !== discussion.categoryID}
      isBusy={mutation.isPending}
      error={mutation.isError ? errorText(mutation.error) : null}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <MoveFields
        categoryID={categoryID}
        onCategoryChange={(category) => setCategoryID(category.categoryID)}
        currentCategoryID={discussion.categoryID}
        addRedirects={addRedirects}
        onAddRedirectsChange={setAddRedirects}
      />
    </FormModal>
  );
}
