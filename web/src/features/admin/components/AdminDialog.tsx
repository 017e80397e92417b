import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t } from '../../../lib/i18n.ts';
import styles from './AdminDialog.module.css';

export interface AdminDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The dialog's buttons. */
  footer: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>`: focus is trapped by the browser, Escape closes it and
 * focus returns to the opener. Opened in an effect (never during render, for SSR).
 */
export function AdminDialog({ title, onClose, children, footer }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleID = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    const opener = document.activeElement;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener instanceof HTMLElement) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleID}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleID} className={styles.title}>
          {title}
        </h2>
        <button type="button" className={styles.close} aria-label={t('Close')} onClick={onClose}>
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M3 3l10 10M13 3L3 13"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </div>
      <div className={styles.body}>{children}</div>
      <div className={styles.footer}>{footer}</div>
    </dialog>
  );
}
