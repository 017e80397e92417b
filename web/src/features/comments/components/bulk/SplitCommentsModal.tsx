import { useId, useState } from 'react';
import { has } from '../../../../../../common/src/permissions/has.ts';
import { FieldErrors, TextField } from '../../../../components/form/TextField.tsx';
import { FormModal } from '../../../../components/FormModal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { usePermissionSet } from '../../../../lib/session.ts';
import { useFormErrors } from '../../../../lib/use-form-errors.ts';
import type { CategorySuggestion } from '../../../discussions/api/discussion-actions.api.ts';
import { CategoryPicker } from '../../../discussions/components/options/CategoryPicker.tsx';
import { RadioChoices } from '../../../discussions/components/options/RadioChoices.tsx';
import { splitComments, type SplitNewPost, type SplitResult } from '../../api/comments-bulk.api.ts';

export interface SplitCommentsModalProps {
  commentIDs: readonly number[];
  /** The source discussion's category, marked 'Current category'. */
  currentCategoryID: number;
  onClose: () => void;
  onSplit: (result: SplitResult) => void;
}

type AuthorType = SplitNewPost['authorType'];

const nameFields = ['newPost.name', 'name'];
const categoryFields = ['newPost.categoryID', 'categoryID'];
const authorFields = ['newPost.authorType', 'authorType'];

/**
 * Split (spec 000 §2 bulk forms, api-contract §8 `POST /discussions/split`): the selected comments
 * become a new discussion with a title, in a category the viewer may post in, by the viewer or
 * the system user. Field errors show under their fields; others above the footer.
 */
export function SplitCommentsModal({
  commentIDs,
  currentCategoryID,
  onClose,
  onSplit,
}: SplitCommentsModalProps) {
  const permissions = usePermissionSet();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<CategorySuggestion | null>(null);
  const [authorType, setAuthorType] = useState<AuthorType>('me');
  const [isBusy, setIsBusy] = useState(false);
  const errors = useFormErrors();
  const errorsID = useId();

  const handleSubmit = () => {
    if (category === null) return;
    setIsBusy(true);
    errors.clear();
    splitComments(commentIDs, { name: name.trim(), categoryID: category.categoryID, authorType })
      .then(onSplit)
      .catch((error: unknown) => {
        errors.setError(error);
        setIsBusy(false);
      });
  };

  const formMessages = errors.formMessages([...nameFields, ...categoryFields, ...authorFields]);
  return (
    <FormModal
      title={t('Split Comments')}
      submitLabel={t('Split')}
      canSubmit={name.trim() !== '' && category !== null && !isBusy}
      isBusy={isBusy}
      error={formMessages.length === 0 ? null : formMessages.join(' ')}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <TextField
        label={t('New Discussion Title')}
        value={name}
        required
        onChange={(event) => setName(event.target.value)}
        errors={errors.fieldErrors(...nameFields)}
      />
      <CategoryPicker
        value={category?.categoryID ?? null}
        onChange={setCategory}
        currentCategoryID={currentCategoryID}
        isChoosable={(choice) =>
          has(permissions, 'discussions.add', {
            resourceType: 'category',
            resourceID: choice.categoryID,
          })
        }
      />
      <FieldErrors id={`${errorsID}-category`} errors={errors.fieldErrors(...categoryFields)} />
      <RadioChoices<AuthorType>
        legend={t('Author')}
        choices={[
          { key: 'me', item: 'me', label: t('Me') },
          { key: 'system', item: 'system', label: t('System') },
        ]}
        selectedKey={authorType}
        onChange={setAuthorType}
      />
      <FieldErrors id={`${errorsID}-author`} errors={errors.fieldErrors(...authorFields)} />
    </FormModal>
  );
}
