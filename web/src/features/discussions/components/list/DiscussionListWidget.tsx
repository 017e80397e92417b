import { Link, useLocation } from 'react-router';
import type { Discussion } from '../../../../../../common/src/api/discussions.ts';
import type { LayoutPaging } from '../../../../../../common/src/api/layouts.ts';
import { Pager } from '../../../../components/Pager.tsx';
import { t } from '../../../../lib/i18n.ts';
import { pageHref } from '../../../../layout/page-url.ts';
import { DiscussionList } from './DiscussionList.tsx';
import { DiscussionSortSelect } from './DiscussionSortSelect.tsx';
import styles from './DiscussionList.module.css';

export interface DiscussionListWidgetProps {
  title?: string | null;
  headingLevel?: 1 | 2;
  discussions?: Discussion[];
  paging?: LayoutPaging;
  /** The `GET /discussions` params the list was loaded with. */
  apiParams?: Record<string, string | number | boolean>;
  showSort?: boolean;
  showPager?: boolean;
  viewAllUrl?: string | null;
  /** The category whose list this is (its items hide the category link). */
  categoryID?: number | null;
}

/** The `DiscussionList` layout widget: title, sort selector, the list and the pager. */
export function DiscussionListWidget({
  title = null,
  headingLevel = 2,
  discussions = [],
  paging,
  apiParams = {},
  showSort = false,
  showPager = false,
  viewAllUrl = null,
  categoryID = null,
}: DiscussionListWidgetProps) {
  const location = useLocation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const heading = title === null ? t('Discussions') : t(title);
  const sort = typeof apiParams.sort === 'string' ? apiParams.sort : '-dateLastComment';
  const pager =
    showPager && paging !== undefined ? (
      <Pager
        page={paging.page}
        total={paging.total}
        limit={paging.limit}
        hrefForPage={(page) => pageHref(location.pathname, location.search, page)}
        label={t('Discussions pages')}
      />
    ) : null;
  return (
    <section className={styles.widget} aria-label={heading}>
      <header className={styles.header}>
        {title === null ? (
          <h2 className="visually-hidden">{heading}</h2>
        ) : (
          <Heading className={headingLevel === 1 ? styles.pageTitle : styles.widgetTitle}>
            {heading}
          </Heading>
        )}
        {showSort ? <DiscussionSortSelect value={sort} /> : null}
      </header>
      <DiscussionList
        discussions={discussions}
        hideCategory={categoryID !== null}
        label={heading}
      />
      {pager}
      {viewAllUrl === null || discussions.length === 0 ? null : (
        <p className={styles.viewAll}>
          <Link to={viewAllUrl}>{t('View All')}</Link>
        </p>
      )}
    </section>
  );
}
