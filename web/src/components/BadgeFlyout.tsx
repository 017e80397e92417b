import type { ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import { Flyout } from './Flyout.tsx';
import styles from './BadgeFlyout.module.css';

/** The badge's text: the count, or "99+" past 99. */
export function badgeCount(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The state of the list a flyout loads. */
export interface BadgeFlyoutQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: { message: string } | null;
  data: T | undefined;
}

export interface BadgeFlyoutProps {
  /** The button's accessible name (it carries the unread count in words). */
  label: string;
  icon: ReactNode;
  /** The count on the badge; none at 0. */
  count: number;
  /** The panel's heading. */
  title: string;
  /** Beside the heading (e.g. "Mark All Read", "New Message"). */
  action?: (close: () => void) => ReactNode;
  /** The panel's body, mounted when it opens (so its list loads then): usually a `BadgeFlyoutList`. */
  children: (close: () => void) => ReactNode;
  /** The panel's footer links. */
  footer: (close: () => void) => ReactNode;
}

/**
 * A me-box button with an icon and a count badge whose flyout lists the latest items (spec 000
 * §2: the notifications bell, the messages envelope): heading and action, the list, footer links.
 */
export function BadgeFlyout({
  label,
  icon,
  count,
  title,
  action,
  children,
  footer,
}: BadgeFlyoutProps) {
  return (
    <Flyout
      label={label}
      buttonClassName={styles.button}
      buttonContent={
        <>
          {icon}
          {count > 0 ? (
            <span className={styles.badge} aria-hidden="true">
              {badgeCount(count)}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => (
        <div className={styles.panel}>
          <div className={styles.header}>
            <h2 className={styles.title}>{title}</h2>
            {action?.(close)}
          </div>
          {children(close)}
          <div className={styles.footer}>{footer(close)}</div>
        </div>
      )}
    </Flyout>
  );
}

/** A flyout's loaded list: "Loading", the error, or the list once loaded. */
export function BadgeFlyoutList<T>({
  query,
  children,
}: {
  query: BadgeFlyoutQuery<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <p className={styles.status}>{t('Loading')}</p>;
  if (query.isError || query.data === undefined) {
    return (
      <p className={styles.status} role="alert">
        {query.error?.message ?? t('Something has gone wrong.')}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
