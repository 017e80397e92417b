import { useId } from 'react';
import type { Category } from '../../../../../../common/src/api/categories.ts';
import { t } from '../../../../lib/i18n.ts';
import styles from './PostForm.module.css';
import { FieldErrors } from '../../../../components/form/TextField.tsx';

/** A category the picker offers. */
export type CategoryChoice = Pick<Category, 'categoryID' | 'name' | 'depth'>;

export interface CategoryPickerProps {
  categories: readonly CategoryChoice[];
  value: number | null;
  onChange: (categoryID: number) => void;
  errors?: readonly string[];
}

/**
 * The category of a new discussion: the categories the user may post in, in tree order, indented
 * by depth (a native select: keyboard and screen readers for free).
 */
export function CategoryPicker({ categories, value, onChange, errors = [] }: CategoryPickerProps) {
  const id = useId();
  const errorID = `${id}-errors`;
  const minDepth = Math.min(...categories.map((category) => category.depth), 1);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {t('Category')}
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      </label>
      <select
        id={id}
        className={styles.select}
        required
        value={value === null ? '' : String(value)}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length > 0 ? errorID : undefined}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {value === null ? (
          <option value="" disabled>
            {t('Select a category')}
          </option>
        ) : null}
        {categories.map((category) => (
          <option key={category.categoryID} value={String(category.categoryID)}>
            {`${'\u00a0\u00a0\u00a0'.repeat(Math.max(0, category.depth - minDepth))}${category.name}`}
          </option>
        ))}
      </select>
      <FieldErrors id={errorID} errors={errors} />
    </div>
  );
}
