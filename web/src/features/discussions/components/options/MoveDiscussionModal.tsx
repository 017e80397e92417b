import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { dataLimits } from '../../../../../../common/src/constants.ts';
import { Button } from '../../../../components/Button.tsx';
import { Modal } from '../../../../components/Modal.tsx';
import { t } from '../../../../lib/i18n.ts';
import { searchCategories } from '../../api/discussion-actions.api.ts';
import { errorText, useMoveMutation } from '../../api/discussion-actions.queries.ts';
import type { DiscussionModalProps } from './DeleteDiscussionModal.tsx';
import styles from './DiscussionOptions.module.css';

/** The search text after the category suggestion debounce (spec 001 §9: 100 ms). */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** Move (spec 000 §2): pick a category, optionally leave a redirect, `PATCH /discussions/move`. */
export function MoveDiscussionModal({ discussion, onClose }: DiscussionModalProps) {
  const formID = useId();
  const [search, setSearch] = useState('');
  const [categoryID, setCategoryID] = useState<number | null>(null);
  const [addRedirects, setAddRedirects] = useState(false);
  const query = useDebounced(search.trim(), dataLimits.categorySuggestionDebounceMs);
  const suggestions = useQuery({
    queryKey: ['categories', 'search', query],
    queryFn: ({ signal }) => searchCategories(query, signal),
  });
  const mutation = useMoveMutation(discussion.discussionID);
  const categories = (suggestions.data ?? []).filter(
    (category) =>
      category.displayAs === undefined ||
      category.displayAs === 'discussions' ||
      category.displayAs === 'flat',
  );

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (categoryID === null) return;
    mutation.mutate({ categoryID, addRedirects }, { onSuccess: onClose });
  };

  return (
    <Modal
      title={t('Move Discussion')}
      size="medium"
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('Cancel')}</Button>
          <Button
            variant="primary"
            type="submit"
            form={formID}
            disabled={categoryID === null || categoryID === discussion.categoryID}
            isLoading={mutation.isPending}
          >
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
            {categories.map((category) => {
              const trail = (category.breadcrumbs ?? [])
                .slice(0, -1)
                .filter((crumb) => crumb.name !== 'Home')
                .map((crumb) => crumb.name);
              return (
                <label key={category.categoryID} className={styles.choice}>
                  <input
                    type="radio"
                    name={`${formID}-category`}
                    value={category.categoryID}
                    checked={categoryID === category.categoryID}
                    onChange={() => setCategoryID(category.categoryID)}
                  />
                  <span className={styles.choiceText}>
                    {category.name}
                    {trail.length > 0 ? (
                      <span className={styles.hint}>{trail.join(' › ')}</span>
                    ) : null}
                    {category.categoryID === discussion.categoryID ? (
                      <span className={styles.hint}>{t('Current category')}</span>
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
        {mutation.isError ? (
          <p role="alert" className={styles.error}>
            {errorText(mutation.error)}
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
