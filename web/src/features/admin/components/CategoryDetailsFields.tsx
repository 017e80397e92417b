import { useId } from 'react';
import { categoryDisplayAs, discussionTypes } from '../../../../../common/src/api/categories.ts';
import { CheckboxField } from '../../../components/form/CheckboxField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { t } from '../../../lib/i18n.ts';
import type { FormErrors } from '../../../lib/use-form-errors.ts';
import {
  discussionTypeLabels,
  displayAsLabels,
  type CategoryFormValues,
} from '../categories/category-form.ts';
import type { CategoryRow } from '../categories/category-tree.ts';
import styles from './AdminForm.module.css';
import pageStyles from './CategoryFormPage.module.css';
import { FieldErrors } from '../../../components/form/TextField.tsx';

export interface CategoryDetailsFieldsProps {
  values: CategoryFormValues;
  errors: FormErrors;
  /** The categories that may be the parent (the category and its subtree left out). */
  parentOptions: readonly CategoryRow[];
  onChange: (changes: Partial<CategoryFormValues>) => void;
  onNameChange: (name: string) => void;
  onUrlcodeChange: (urlcode: string) => void;
  onTypeToggle: (type: string, checked: boolean) => void;
}

/** The 'Category' section of the category form: name, URL code, description, parent, display, types, icon, archived. */
export function CategoryDetailsFields({
  values,
  errors,
  parentOptions,
  onChange,
  onNameChange,
  onUrlcodeChange,
  onTypeToggle,
}: CategoryDetailsFieldsProps) {
  const id = useId();
  const typeErrors = errors.fieldErrors('allowedDiscussionTypes');
  const descriptionErrors = errors.fieldErrors('description');
  const parentErrors = errors.fieldErrors('parentCategoryID');
  const displayErrors = errors.fieldErrors('displayAs');
  return (
    <section className={styles.section} aria-labelledby={`${id}-details`}>
      <h2 id={`${id}-details`} className={styles.sectionTitle}>
        {t('Category')}
      </h2>
      <div className={styles.sectionBody}>
        <div className={pageStyles.columns}>
          <TextField
            label={t('Name')}
            name="name"
            required
            maxLength={255}
            value={values.name}
            onChange={(event) => onNameChange(event.target.value)}
            errors={errors.fieldErrors('name')}
          />
          <TextField
            label={t('URL code')}
            name="urlcode"
            required
            maxLength={255}
            value={values.urlcode}
            description={t('The category’s address: /categories/{urlcode}', {
              urlcode: values.urlcode === '' ? '…' : values.urlcode,
            })}
            onChange={(event) => onUrlcodeChange(event.target.value)}
            errors={errors.fieldErrors('urlcode')}
          />
        </div>
        <div className={pageStyles.field}>
          <label htmlFor={`${id}-description`} className={styles.label}>
            {t('Description')}
          </label>
          <textarea
            id={`${id}-description`}
            name="description"
            rows={3}
            maxLength={1000}
            className={`${styles.input} ${styles.textarea}`}
            value={values.description}
            aria-invalid={descriptionErrors.length > 0 || undefined}
            aria-describedby={descriptionErrors.length > 0 ? `${id}-description-errors` : undefined}
            onChange={(event) => onChange({ description: event.target.value })}
          />
          <FieldErrors id={`${id}-description-errors`} errors={descriptionErrors} />
        </div>
        <div className={pageStyles.columns}>
          <div className={pageStyles.field}>
            <label htmlFor={`${id}-parent`} className={styles.label}>
              {t('Parent category')}
            </label>
            <select
              id={`${id}-parent`}
              name="parentCategoryID"
              className={`${styles.input} ${styles.select}`}
              value={values.parentCategoryID ?? ''}
              aria-invalid={parentErrors.length > 0 || undefined}
              aria-describedby={parentErrors.length > 0 ? `${id}-parent-errors` : undefined}
              onChange={(event) =>
                onChange({
                  parentCategoryID: event.target.value === '' ? null : Number(event.target.value),
                })
              }
            >
              <option value="">{t('None (top level)')}</option>
              {parentOptions.map((row) => (
                <option key={row.category.categoryID} value={row.category.categoryID}>
                  {`${'\u2003'.repeat(row.level)}${row.category.name}`}
                </option>
              ))}
            </select>
            <FieldErrors id={`${id}-parent-errors`} errors={parentErrors} />
          </div>
          <div className={pageStyles.field}>
            <label htmlFor={`${id}-display`} className={styles.label}>
              {t('Display as')}
            </label>
            <select
              id={`${id}-display`}
              name="displayAs"
              className={`${styles.input} ${styles.select}`}
              value={values.displayAs}
              aria-invalid={displayErrors.length > 0 || undefined}
              aria-describedby={displayErrors.length > 0 ? `${id}-display-errors` : undefined}
              onChange={(event) =>
                onChange({ displayAs: event.target.value as CategoryFormValues['displayAs'] })
              }
            >
              {categoryDisplayAs.map((value) => (
                <option key={value} value={value}>
                  {t(displayAsLabels[value])}
                </option>
              ))}
            </select>
            <FieldErrors id={`${id}-display-errors`} errors={displayErrors} />
          </div>
        </div>
        <fieldset
          className={pageStyles.fieldset}
          aria-describedby={typeErrors.length > 0 ? `${id}-types-errors` : undefined}
        >
          <legend className={styles.label}>{t('Allowed discussion types')}</legend>
          <div className={pageStyles.checkboxes}>
            {discussionTypes.map((type) => (
              <label key={type} className={styles.checkboxLine}>
                <input
                  type="checkbox"
                  className={styles.checkbox}
                  checked={values.allowedDiscussionTypes.includes(type)}
                  aria-invalid={typeErrors.length > 0 || undefined}
                  onChange={(event) => onTypeToggle(type, event.target.checked)}
                />
                {t(discussionTypeLabels[type])}
              </label>
            ))}
          </div>
          <FieldErrors id={`${id}-types-errors`} errors={typeErrors} />
        </fieldset>
        <TextField
          label={t('Icon URL')}
          name="iconUrl"
          type="url"
          inputMode="url"
          maxLength={2000}
          value={values.iconUrl}
          onChange={(event) => onChange({ iconUrl: event.target.value })}
          errors={errors.fieldErrors('iconUrl')}
        />
        <CheckboxField
          label={t('Archived')}
          description={t(
            'Archived categories stay readable but are not offered for new discussions.',
          )}
          name="isArchived"
          checked={values.isArchived}
          onChange={(event) => onChange({ isArchived: event.target.checked })}
          errors={errors.fieldErrors('isArchived')}
        />
      </div>
    </section>
  );
}
