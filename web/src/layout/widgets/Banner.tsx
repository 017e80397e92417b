import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchPath } from '../../app/paths.ts';
import { t } from '../../lib/i18n.ts';
import styles from './Banner.module.css';

export interface BannerProps {
  /** null: the default title 'How can we help you?' (spec 001 §9). */
  title?: string | null;
  description?: string | null;
  showSearch?: boolean;
  iconUrl?: string | null;
  bannerUrl?: string | null;
}

/** The hero/content banner: title, description and a search box submitting to /search?query=. */
export function Banner({ title = null, description = null, showSearch = true, iconUrl = null }: BannerProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputID = useId();
  const heading = title === null || title === '' ? t('How can we help you?') : title;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void navigate(searchPath(query.trim() === '' ? undefined : query.trim()));
  };
  return (
    <section className={styles.banner} aria-labelledby={`${inputID}-title`}>
      <div className={styles.inner}>
        <div className={styles.heading}>
          {iconUrl === null || iconUrl === '' ? null : (
            <img className={styles.icon} src={iconUrl} alt="" />
          )}
          <h1 id={`${inputID}-title`} className={styles.title}>
            {heading}
          </h1>
        </div>
        {description === null || description === '' ? null : (
          <p className={styles.description}>{description}</p>
        )}
        {showSearch ? (
          <form className={styles.search} role="search" action={searchPath()} method="get" onSubmit={onSubmit}>
            <label htmlFor={inputID} className="visually-hidden">
              {t('Search')}
            </label>
            <input
              id={inputID}
              className={styles.input}
              type="search"
              name="query"
              value={query}
              placeholder={t('Search')}
              onChange={(event) => setQuery(event.target.value)}
            />
            <button type="submit" className={styles.submit}>
              {t('Search')}
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
