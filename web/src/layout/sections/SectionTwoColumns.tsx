import type { ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';
import styles from './Sections.module.css';

export interface SectionTwoColumnsProps {
  breadcrumbs?: ReactNode;
  mainTop?: ReactNode;
  mainBottom?: ReactNode;
  secondaryTop?: ReactNode;
  secondaryBottom?: ReactNode;
}

/**
 * A main column and a side panel; under the one-column breakpoint (750 px, spec 000 §2) the panel
 * stacks below the main column.
 */
export function SectionTwoColumns({
  breadcrumbs,
  mainTop,
  mainBottom,
  secondaryTop,
  secondaryBottom,
}: SectionTwoColumnsProps) {
  const hasSecondary = Boolean(secondaryTop ?? secondaryBottom);
  return (
    <div className={styles.container}>
      {breadcrumbs ? <div className={styles.breadcrumbs}>{breadcrumbs}</div> : null}
      <div className={`${styles.twoColumns} ${hasSecondary ? '' : styles.noSecondary}`}>
        <div className={styles.main}>
          {mainTop}
          {mainBottom}
        </div>
        {hasSecondary ? (
          <aside className={styles.secondary} aria-label={t('Sidebar')}>
            {secondaryTop}
            {secondaryBottom}
          </aside>
        ) : null}
      </div>
    </div>
  );
}
