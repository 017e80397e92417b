import type { ReactNode } from 'react';
import styles from './Form.module.css';

export interface FormMessageProps {
  type?: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
}

/** A form-level message (errors that belong to no field, confirmations). */
export function FormMessage({ type = 'error', title, children }: FormMessageProps) {
  return (
    <div
      className={`${styles.message} ${styles[type]}`}
      role={type === 'error' ? 'alert' : 'status'}
    >
      {title === undefined ? null : <p className={styles.messageTitle}>{title}</p>}
      <div>{children}</div>
    </div>
  );
}
