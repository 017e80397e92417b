import type { ReactNode } from 'react';
import styles from './Sections.module.css';

export interface SectionFullWidthProps {
  children?: ReactNode;
}

/** Widgets across the whole width (banners). */
export function SectionFullWidth({ children }: SectionFullWidthProps) {
  return <div className={styles.fullWidth}>{children}</div>;
}
