import { t } from '../../../../lib/i18n.ts';
import type { CategorySuggestion } from '../../api/discussion-actions.api.ts';
import { CategoryPicker } from './CategoryPicker.tsx';
import styles from './DiscussionOptions.module.css';

export interface MoveFieldsProps {
  /** The chosen category's ID, or null before a choice. */
  categoryID: number | null;
  onCategoryChange: (category: CategorySuggestion) => void;
  /** The category the discussion is in now (one discussion moved), marked 'Current category'. */
  currentCategoryID?: number;
  addRedirects: boolean;
  onAddRedirectsChange: (addRedirects: boolean) => void;
}

/** The fields of a move (spec 000 §2), one discussion or many: the category and 'Leave a redirect link'. */
export function MoveFields({
  categoryID,
  onCategoryChange,
  currentCategoryID,
  addRedirects,
  onAddRedirectsChange,
}: MoveFieldsProps) {
  return (
    <>
      <CategoryPicker
        value={categoryID}
        onChange={onCategoryChange}
        {...(currentCategoryID === undefined ? {} : { currentCategoryID })}
      />
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={addRedirects}
          onChange={(event) => onAddRedirectsChange(event.target.checked)}
        />
        <span>{t('Leave a redirect link')}</span>
      </label>
    </>
  );
}
