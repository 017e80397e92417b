import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { t } from '../lib/i18n.ts';
import { abbreviatePageCount } from '../layout/format-count.ts';
import styles from './Pager.module.css';

export interface PagerProps {
  /** The current page (1-based). */
  page: number;
  /** Records in all pages; with `limit` it gives the last page. */
  total: number;
  limit: number;
  /** A "more" pager: more pages exist past `total` (a plus sign after the count). */
  hasMore?: boolean;
  /** The URL of a page (spec 000 §2: `/p{page}` pushed onto the path, page 1 without suffix). */
  hrefForPage: (page: number) => string;
  /** Accessible name of the navigation. */
  label?: string;
}

/** The last page of `total` records at `limit` a page (at least 1). */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, limit)));
}

/**
 * spec 000 §5: the jump input keeps digits only; a value is clamped to 1..totalPages; empty keeps
 * the current page.
 */
export function clampJump(input: string, current: number, totalPages: number): number {
  const digits = input.replace(/\D/g, '');
  if (digits === '') {
    return current;
  }
  return Math.min(totalPages, Math.max(1, Number(digits)));
}

/**
 * The numbered pager (spec 000 §2, §4): previous, next and jump to page. Previous is disabled on
 * page 1, next on the last page unless more pages exist; counts above 999 are abbreviated.
 */
export function Pager({ page, total, limit, hasMore = false, hrefForPage, label }: PagerProps) {
  const navigate = useNavigate();
  const inputID = useId();
  const totalPages = Math.max(pageCount(total, limit), page);
  const [jump, setJump] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    // The page changed (navigation): the input follows it.
    setShownPage(page);
    setJump(String(page));
  }
  if (totalPages <= 1 && !hasMore) {
    return null;
  }
  const hasPrevious = page > 1;
  const hasNext = page < totalPages || hasMore;
  const onJump = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = clampJump(jump, page, hasMore ? Number.MAX_SAFE_INTEGER : totalPages);
    setJump(String(target));
    if (target !== page) {
      void navigate(hrefForPage(target));
    }
  };
  const countLabel = `${abbreviatePageCount(totalPages)}${hasMore ? '+' : ''}`;
  return (
    <nav className={styles.pager} aria-label={label ?? t('Pagination')}>
      {hasPrevious ? (
        <Link to={hrefForPage(page - 1)} className={styles.step} rel="prev">
          <span aria-hidden="true">‹</span> {t('Previous')}
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
          <span aria-hidden="true">‹</span> {t('Previous')}
        </span>
      )}
      <form className={styles.jump} onSubmit={onJump}>
        <label htmlFor={inputID} className={styles.jumpLabel}>
          {t('Page')}
        </label>
        <input
          id={inputID}
          className={styles.input}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={jump}
          onChange={(event) => setJump(event.target.value.replace(/\D/g, ''))}
          aria-describedby={`${inputID}-of`}
        />
        <span id={`${inputID}-of`} className={styles.of}>
          {t('of {count}', { count: countLabel })}
        </span>
        <button type="submit" className={styles.go}>
          {t('Go')}
        </button>
      </form>
      {hasNext ? (
        <Link to={hrefForPage(page + 1)} className={styles.step} rel="next">
          {t('Next')} <span aria-hidden="true">›</span>
        </Link>
      ) : (
        <span className={`${styles.step} ${styles.disabled}`} aria-disabled="true">
          {t('Next')} <span aria-hidden="true">›</span>
        </span>
      )}
    </nav>
  );
}
