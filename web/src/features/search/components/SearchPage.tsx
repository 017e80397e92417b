import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorMessage } from '../../../app/errors/ErrorPage.tsx';
import { usePageMeta } from '../../../app/page-meta.tsx';
import { searchPath } from '../../../app/paths.ts';
import { Button } from '../../../components/Button.tsx';
import { Loader } from '../../../components/Loader.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { getLocale, t } from '../../../lib/i18n.ts';
import { SEARCH_RESULT_CAP } from '../../../../../common/src/api/search.ts';
import { useSearchQuery } from '../api/search.queries.ts';
import {
  readSearchState,
  SEARCH_PAGE_LIMIT,
  searchDomains,
  searchPageSorts,
  searchStateParams,
  toSearchParams,
  type SearchDomain,
  type SearchPageState,
} from '../../../../../common/src/api/search.page.ts';
import { SearchFilters } from './SearchFilters.tsx';
import { SearchResults } from './SearchResults.tsx';
import styles from './SearchPage.module.css';

const domainLabels: Readonly<Record<SearchDomain, string>> = {
  all_content: 'All Content',
  category: 'Categories',
  user: 'Members',
};

const sortLabels: Readonly<Record<SearchPageState['sort'], string>> = {
  relevance: 'Best Match',
  '-dateInserted': 'Newest',
  dateInserted: 'Oldest',
};

/**
 * `/search` (spec 000 §2): a search box, the domains as tabs, the filters of the domain in a side
 * panel, the result count, the results with their matched words marked, and a numbered pager.
 * The address holds every choice, so a search can be shared, bookmarked and crawled.
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const state = readSearchState(searchParams);
  const [text, setText] = useState(state.query);
  const hasQuery = state.query.trim() !== '';
  const search = useSearchQuery(toSearchParams(state), hasQuery);
  usePageMeta({ title: hasQuery ? t('Search results for “{query}”', { query: state.query }) : t('Search') });

  const go = (changes: Partial<SearchPageState>) => {
    void navigate(searchPath(searchStateParams({ ...state, page: 1, ...changes })));
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    go({ query: text });
  };
  const total = search.data?.paging.total ?? search.data?.results.length ?? 0;

  return (
    <main className={styles.page} id="content">
      <h1 className={styles.heading}>{t('Search')}</h1>
      <form role="search" className={styles.searchForm} onSubmit={handleSubmit}>
        <label className={styles.visuallyHidden} htmlFor="search-page-query">
          {t('Search')}
        </label>
        <input
          id="search-page-query"
          type="search"
          className={styles.searchInput}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={300}
        />
        <Button type="submit" variant="primary">
          {t('Search')}
        </Button>
      </form>
      <nav className={styles.domains} aria-label={t('Search domains')}>
        {searchDomains.map((domain) => (
          <button
            key={domain}
            type="button"
            className={domain === state.domain ? `${styles.domain} ${styles.domainCurrent}` : styles.domain}
            aria-current={domain === state.domain ? 'page' : undefined}
            onClick={() => go({ domain })}
          >
            {t(domainLabels[domain])}
          </button>
        ))}
      </nav>
      <div className={styles.columns}>
        <div className={styles.main}>
          {hasQuery ? (
            <div className={styles.summary}>
              <p aria-live="polite" className={styles.count}>
                {search.data
                  ? total >= SEARCH_RESULT_CAP
                    ? t('{count}+ results', { count: total.toLocaleString(getLocale().replace('_', '-')) })
                    : t('{count} results', { count: total })
                  : null}
              </p>
              <label className={styles.sort}>
                <span>{t('Sort by')}</span>
                <select
                  value={state.sort}
                  onChange={(event) => go({ sort: searchPageSorts.find((sort) => sort === event.target.value) ?? 'relevance' })}
                >
                  {searchPageSorts.map((sort) => (
                    <option key={sort} value={sort}>
                      {t(sortLabels[sort])}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : (
            <p className={styles.prompt}>{t('Type what you are looking for and press Enter.')}</p>
          )}
          {!hasQuery ? null : search.isPending ? (
            <Loader />
          ) : search.isError ? (
            <ErrorMessage title={t('Something went wrong.')} description={search.error.message} headingLevel={2} />
          ) : search.data.results.length === 0 ? (
            <p className={styles.prompt}>{t('No results for “{query}”.', { query: state.query })}</p>
          ) : (
            <>
              <SearchResults results={search.data.results} />
              <Pager
                page={state.page}
                limit={SEARCH_PAGE_LIMIT}
                total={total}
                hrefForPage={(page) => searchPath(searchStateParams({ ...state, page }))}
                label={t('Search results')}
              />
            </>
          )}
        </div>
        {state.domain === 'all_content' ? (
          <aside className={styles.side}>
            <SearchFilters key={searchParams.toString()} state={state} onApply={go} />
          </aside>
        ) : null}
      </div>
    </main>
  );
}
