import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button.tsx';
import { t } from '../../../lib/i18n.ts';
import { useIsSignedIn } from '../../../lib/session.ts';
import { searchCategories } from '../../discussions/api/discussion-actions.api.ts';
import type { SearchPageState } from '../../../../../common/src/api/search.page.ts';
import styles from './SearchPage.module.css';

export interface SearchFiltersProps {
  state: SearchPageState;
  onApply: (changes: Partial<SearchPageState>) => void;
}

const names = (text: string): string[] =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * The filter side panel of the all-content domain (spec 000 §2: categories with or without
 * children, followed categories, titles only, authors, tags with and/or, dates). Applying starts
 * again at page 1.
 */
export function SearchFilters({ state, onApply }: SearchFiltersProps) {
  const signedIn = useIsSignedIn();
  const categories = useQuery({
    queryKey: ['categories', 'search', ''],
    queryFn: ({ signal }) => searchCategories('', signal),
  });
  const [draft, setDraft] = useState(() => ({
    titlesOnly: state.titlesOnly,
    queryOperator: state.queryOperator,
    categoryID: state.categoryID === undefined ? '' : String(state.categoryID),
    includeChildCategories: state.includeChildCategories,
    followedCategories: state.followedCategories,
    authors: state.authors.join(', '),
    tags: state.tags.join(', '),
    tagOperator: state.tagOperator,
    startDate: state.startDate,
    endDate: state.endDate,
  }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      titlesOnly: draft.titlesOnly,
      queryOperator: draft.queryOperator,
      categoryID: draft.categoryID === '' ? undefined : Number(draft.categoryID),
      includeChildCategories: draft.includeChildCategories,
      followedCategories: draft.followedCategories,
      authors: names(draft.authors),
      tags: names(draft.tags),
      tagOperator: draft.tagOperator,
      startDate: draft.startDate,
      endDate: draft.endDate,
      page: 1,
    });
  };

  return (
    <form className={styles.filters} onSubmit={handleSubmit} aria-label={t('Filter Results')}>
      <h2 className={styles.filtersTitle}>{t('Filter Results')}</h2>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.titlesOnly}
          onChange={(event) => setDraft({ ...draft, titlesOnly: event.target.checked })}
        />
        {t('Search titles only')}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.queryOperator === 'or'}
          onChange={(event) => setDraft({ ...draft, queryOperator: event.target.checked ? 'or' : 'and' })}
        />
        {t('Match any word')}
      </label>
      <label className={styles.field}>
        <span>{t('Category')}</span>
        <select value={draft.categoryID} onChange={(event) => setDraft({ ...draft, categoryID: event.target.value })}>
          <option value="">{t('All categories')}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.categoryID} value={String(category.categoryID)}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.includeChildCategories}
          onChange={(event) => setDraft({ ...draft, includeChildCategories: event.target.checked })}
        />
        {t('Include child categories')}
      </label>
      {signedIn ? (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={draft.followedCategories}
            onChange={(event) => setDraft({ ...draft, followedCategories: event.target.checked })}
          />
          {t('Followed categories only')}
        </label>
      ) : null}
      <label className={styles.field}>
        <span>{t('Authors')}</span>
        <input type="text" value={draft.authors} onChange={(event) => setDraft({ ...draft, authors: event.target.value })} />
      </label>
      <label className={styles.field}>
        <span>{t('Tags')}</span>
        <input type="text" value={draft.tags} onChange={(event) => setDraft({ ...draft, tags: event.target.value })} />
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={draft.tagOperator === 'and'}
          onChange={(event) => setDraft({ ...draft, tagOperator: event.target.checked ? 'and' : 'or' })}
        />
        {t('Match all tags')}
      </label>
      <fieldset className={styles.dates}>
        <legend>{t('Date Posted')}</legend>
        <label className={styles.field}>
          <span>{t('From')}</span>
          <input type="date" value={draft.startDate} onChange={(event) => setDraft({ ...draft, startDate: event.target.value })} />
        </label>
        <label className={styles.field}>
          <span>{t('To')}</span>
          <input type="date" value={draft.endDate} onChange={(event) => setDraft({ ...draft, endDate: event.target.value })} />
        </label>
      </fieldset>
      <Button type="submit">{t('Filter')}</Button>
    </form>
  );
}
