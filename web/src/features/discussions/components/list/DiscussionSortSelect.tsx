import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { discussionListSorts, type DiscussionListSort } from '../../../../../../common/src/api/layouts.lookup.ts';
import { t } from '../../../../lib/i18n.ts';
import { sortHref } from '../../../../layout/page-url.ts';
import styles from './DiscussionList.module.css';

/** Front-end labels of the discussion sorts (api-contract §8 GET /discussions). */
export const discussionSortLabels: Record<DiscussionListSort, string> = {
  '-dateLastComment': 'Recently Commented',
  '-dateInserted': 'Recently Added',
  '-score': 'Top',
  '-hot': 'Hot',
  dateInserted: 'Oldest',
};

export interface DiscussionSortSelectProps {
  value: string;
}

/** Sort selector of a discussion list: changing it loads the first page in that order. */
export function DiscussionSortSelect({ value }: DiscussionSortSelectProps) {
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const current = (discussionListSorts as readonly string[]).includes(value)
    ? value
    : '-dateLastComment';
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.sortLabel}>
        {t('Sort by')}
      </label>
      <select
        id={id}
        className={styles.sortSelect}
        value={current}
        onChange={(event) => {
          const sort = event.target.value;
          void navigate(
            sortHref(location.pathname, location.search, sort === '-dateLastComment' ? null : sort),
          );
        }}
      >
        {discussionListSorts.map((sort) => (
          <option key={sort} value={sort}>
            {t(discussionSortLabels[sort])}
          </option>
        ))}
      </select>
    </div>
  );
}
