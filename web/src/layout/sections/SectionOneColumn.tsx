import type { ReactNode } from 'react';
import styles from './Sections.module.css';

export interface SectionOneColumnProps {
  children?: ReactNode;
}

/** One centred column of widgets. */
export function SectionOneColumn({ children }: SectionOneColumnProps) {
  return (
    <section className={styles.container}>
      <div className={styles.oneColumn}>{children}</div>
    </section>
  );
}
