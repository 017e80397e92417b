import { SmartLink } from './SmartLink.tsx';
import { t } from '../lib/i18n.ts';
import styles from './Breadcrumbs.module.css';

export interface Crumb {
  name: string;
  url: string;
}

export interface BreadcrumbsProps {
  crumbs: readonly Crumb[];
}

/** A breadcrumb trail from the home page; the last crumb is the current page. */
export function Breadcrumbs({ crumbs }: BreadcrumbsProps) {
  if (crumbs.length === 0) {
    return null;
  }
  return (
    <nav aria-label={t('Breadcrumb')} className={styles.breadcrumbs}>
      <ol className={styles.list}>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={`${crumb.url}-${index}`} className={styles.item}>
              {isLast ? (
                <span aria-current="page" className={styles.current}>
                  {crumb.name}
                </span>
              ) : (
                <SmartLink to={crumb.url} className={styles.link}>
                  {crumb.name}
                </SmartLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
