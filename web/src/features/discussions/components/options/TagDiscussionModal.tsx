import { useId, useState, type FormEvent } from 'react';
import { MAX_TAGS_PER_DISCUSSION, USER_TAG_TYPE } from '../../../../../../common/src/api/tags.constants.ts';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { TagPicker, type PickedTag } from '../../../tags/components/TagPicker.tsx';
import { errorText, useSetTagsMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import styles from './DiscussionOptions.module.css';

/** Tag (spec 000 §2): the discussion's user tags, replaced with `PUT /discussions/{id}/tags`. */
export function TagDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const formID = useId();
  const [tags, setTags] = useState<PickedTag[]>(() =>
    (discussion.tags ?? [])
      .filter((tag) => (tag.type ?? USER_TAG_TYPE) === USER_TAG_TYPE)
      .map((tag) => ({ tagID: tag.tagID, name: tag.name })),
  );
  const mutation = useSetTagsMutation(discussion.discussionID);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(
      tags.map((tag) => tag.tagID),
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      title={t('Tag Discussion')}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button variant="primary" type="submit" form={formID} isLoading={mutation.isPending}>
            {t('Save')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
        <TagPicker
          label={t('Tags')}
          value={tags}
          onChange={setTags}
          max={MAX_TAGS_PER_DISCUSSION}
        />
        {mutation.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(mutation.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
