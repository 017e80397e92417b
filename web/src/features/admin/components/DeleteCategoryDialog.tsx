import { useId, useState } from 'react';
import type { CategoryTreeNode } from '../../../../../common/src/api/categories.ts';
import { Button } from '../../../components/Button.tsx';
import { FormMessage } from '../../../components/form/FormMessage.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { t } from '../../../lib/i18n.ts';
import { useFormErrors } from '../../../lib/use-form-errors.ts';
import { useCategoryMutations } from '../api/admin.queries.ts';
import type { CategoryRow } from '../categories/category-tree.ts';
import styles from './AdminForm.module.css';
import { FieldErrors } from '../../../components/form/TextField.tsx';

export interface DeleteCategoryDialogProps {
  category: CategoryTreeNode;
  /** Every category (the move targets). */
  rows: readonly CategoryRow[];
  onClose: () => void;
  onDeleted: () => void;
}

/**
 * Deletes a category after asking what becomes of its content: moved to another category
 * (`newCategoryID`) or deleted with it.
 */
export function DeleteCategoryDialog({
  category,
  rows,
  onClose,
  onDeleted,
}: DeleteCategoryDialogProps) {
  const id = useId();
  const targets = rows.filter((row) => row.category.categoryID !== category.categoryID);
  const [mode, setMode] = useState<'move' | 'delete'>(targets.length > 0 ? 'move' : 'delete');
  const [targetID, setTargetID] = useState<number | null>(targets[0]?.category.categoryID ?? null);
  const { remove } = useCategoryMutations();
  const errors = useFormErrors();
  const hasChildren = category.children.length > 0;

  const handleDelete = () => {
    errors.clear();
    remove.mutate(
      {
        categoryID: category.categoryID,
        ...(mode === 'move' && targetID !== null ? { newCategoryID: targetID } : {}),
      },
      { onSuccess: onDeleted, onError: (error) => errors.setError(error) },
    );
  };

  const fieldErrors = errors.fieldErrors('newCategoryID');
  const formMessages = errors.formMessages(['newCategoryID']);
  return (
    <Modal
      title={t('Delete {name}', { name: category.name })}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            variant="primary"
            onClick={handleDelete}
            isLoading={remove.isPending}
            disabled={hasChildren || (mode === 'move' && targetID === null)}
          >
            {t('Delete')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        {formMessages.length > 0 ? <FormMessage>{formMessages.join(' ')}</FormMessage> : null}
        {hasChildren ? (
          <FormMessage type="info">
            {t('This category has subcategories. Move or delete them first.')}
          </FormMessage>
        ) : (
          <fieldset className={styles.choices}>
            <legend className={styles.label}>
              {t('What should happen to the discussions in this category?')}
            </legend>
            <label className={styles.checkboxLine}>
              <input
                type="radio"
                name={`${id}-mode`}
                className={styles.checkbox}
                checked={mode === 'move'}
                disabled={targets.length === 0}
                onChange={() => setMode('move')}
              />
              {t('Move them to another category')}
            </label>
            {mode === 'move' ? (
              <div className={styles.indented}>
                <label htmlFor={`${id}-target`} className="visually-hidden">
                  {t('Move to')}
                </label>
                <select
                  id={`${id}-target`}
                  className={`${styles.input} ${styles.select}`}
                  value={targetID ?? ''}
                  aria-invalid={fieldErrors.length > 0 || undefined}
                  aria-describedby={fieldErrors.length > 0 ? `${id}-target-errors` : undefined}
                  onChange={(event) => setTargetID(Number(event.target.value))}
                >
                  {targets.map((row) => (
                    <option key={row.category.categoryID} value={row.category.categoryID}>
                      {`${'\u2003'.repeat(row.level)}${row.category.name}`}
                    </option>
                  ))}
                </select>
                <FieldErrors id={`${id}-target-errors`} errors={fieldErrors} />
              </div>
            ) : null}
            <label className={styles.checkboxLine}>
              <input
                type="radio"
                name={`${id}-mode`}
                className={styles.checkbox}
                checked={mode === 'delete'}
                onChange={() => setMode('delete')}
              />
              {t('Delete them permanently')}
            </label>
            {mode === 'delete' ? (
              <p className={styles.warning}>
                {category.countDiscussions === 0
                  ? t('This category has no discussions. This cannot be undone.')
                  : t(
                      '{count} discussions and their comments will be deleted. This cannot be undone.',
                      {
                        count: category.countDiscussions,
                      },
                    )}
              </p>
            ) : null}
          </fieldset>
        )}
      </div>
    </Modal>
  );
}
