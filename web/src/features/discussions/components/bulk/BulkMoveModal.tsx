import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { dataLimits } from '../../../../../../common/src/constants.ts';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { searchCategories, type CategorySuggestion } from '../../api/discussion-actions.api.ts';
// The bulk modals' forms look like the single-discussion modals' forms.
import styles from '../options/DiscussionOptions.module.css';

/** The search text after the category suggestion debounce (spec 001 §9: 100 ms). */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export interface BulkMoveModalProps {
  count: number;
  onCancel: () => void;
  onMove: (category: CategorySuggestion, addRedirects: boolean) => void;
}

/** Bulk move form (spec 000 §2): a category picker and 'Leave a redirect link'. */
export function BulkMoveModal({ count, onCancel, onMove }: BulkMoveModalProps) {
  const formID = useId();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<CategorySuggestion | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  const query = useDebounced(search.trim(), dataLimits.categorySuggestionDebounceMs);
  const suggestions = useQuery({
    queryKey: ['categories', 'search', query],
    queryFn: ({ signal }) => searchCategories(query, signal),
  });
  const categories = (suggestions.data ?? []).filter(
    (item) =>
      item.displayAs === undefined || item.displayAs === 'discussions' || item.displayAs === 'flat',
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (category !== null) onMove(category, addRedirects);
  };

  return (
    <Modal
      title={t('Move {count} discussions', { count })}
      size="medium"
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button variant="primary" type="submit" form={formID} disabled={category === null}>
            {t('Move')}
          </Button>
        </>
      }
    >
      <form id={formID} className={styles.form} onSubmit={handleSubmit}>
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
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('Category')}</legend>
          {suggestions.isPending ? <p className={styles.hint}>{t('Loading')}</p> : null}
          {!suggestions.isPending && categories.length === 0 ? (
            <p className={styles.hint}>{t('No categories found.')}</p>
          ) : null}
          <div className={styles.choiceList}>
            {categories.map((item) => {
              const trail = (item.breadcrumbs ?? [])
                .slice(0, -1)
                .filter((crumb) => crumb.name !== 'Home')
                .map((crumb) => crumb.name);
              return (
                <label key={item.categoryID} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${formID}-category`}
                    value={item.categoryID}
                    checked={category?.categoryID === item.categoryID}
                    onChange={() => setCategory(item)}
                  />
                  <span className={styles.choiceText}>
                    {item.name}
                    {trail.length > 0 ? (
                      <span className={styles.hint}>{trail.join(' › ')}</span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={addRedirects}
            onChange={(event) => setAddRedirects(event.target.checked)}
          />
          <span>{t('Leave a redirect link')}</span>
        </label>
      </form>
    </Modal>
  );
}
