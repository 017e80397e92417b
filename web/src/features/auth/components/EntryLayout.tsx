import type { ReactNode } from 'react';
import styles from './EntryLayout.module.css';

export interface EntryLayoutProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card of the /entry pages. */
export function EntryLayout({ title, description, children, footer }: EntryLayoutProps) {
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <h1 className={styles.title}>{title}</h1>
        {description === undefined ? null : <div className={styles.description}>{description}</div>}
        {children}
      </div>
      {footer === undefined ? null : <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
