import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dataLimits } from '../../../../../../common/src/constants.ts';
import { t } from '../../../../lib/i18n.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { searchCategories, type CategorySuggestion } from '../../api/discussion-actions.api.ts';
import styles from './DiscussionOptions.module.css';
import { RadioChoices } from './RadioChoices.tsx';

export interface CategoryPickerProps {
  /** The chosen category's ID, or null before a choice. */
  value: number | null;
  onChange: (category: CategorySuggestion) => void;
  /** The category the discussion is in now, marked 'Current category'. */
  currentCategoryID?: number;
  /** Narrows the offered categories (e.g. to those the viewer may post in). */
  isChoosable?: (category: CategorySuggestion) => boolean;
}

/**
 * Chooses the category to move discussions to (spec 000 §2): a search box (debounced by spec 001
 * §9's category suggestion delay) and the matching categories that hold discussions, as radios
 * with their parents' names.
 */
export function CategoryPicker({
  value,
  onChange,
  currentCategoryID,
  isChoosable,
}: CategoryPickerProps) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), dataLimits.categorySuggestionDebounceMs);
  const suggestions = useQuery({
    queryKey: ['categories', 'search', query],
    queryFn: ({ signal }) => searchCategories(query, signal),
  });
  const categories = (suggestions.data ?? []).filter(
    (category) =>
      (category.displayAs === undefined ||
      category.displayAs === 'discussions' ||
      category.displayAs === 'flat') &&
      (isChoosable === undefined || isChoosable(category)),
  );

  return (
    <>
      <label className={styles.label}>
        <span>{t('Find a category')}</span>
        <input
          type="search"
          className={styles.input}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
        />
      </label>
      <RadioChoices
        legend={t('Category')}
        status={
          suggestions.isPending ? (
            <p className={styles.hint}>{t('Loading')}</p>
          ) : categories.length === 0 ? (
            <p className={styles.hint}>{t('No categories found.')}</p>
          ) : null
        }
        choices={categories.map((category) => {
          const trail = (category.breadcrumbs ?? [])
            .slice(0, -1)
            .filter((crumb) => crumb.name !== 'Home')
            .map((crumb) => crumb.name);
          return {
            key: category.categoryID,
            item: category,
            label: category.name,
            hints: [
              ...(trail.length > 0 ? [trail.join(' › ')] : []),
              ...(category.categoryID === currentCategoryID ? [t('Current category')] : []),
            ],
          };
        })}
        selectedKey={value}
        onChange={onChange}
      />
    </>
  );
}
