import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { Button, buttonClassName } from './Button.tsx';
import { t } from '../lib/i18n.ts';
import styles from './Modal.module.css';

/** spec 001 §9 modal widths: small 375, medium 516, large 720. */
export type ModalSize = 'small' | 'medium' | 'large';

export interface ModalProps {
  title: string;
  onClose: () => void;
  size?: ModalSize;
  /** Buttons shown at the bottom (e.g. Cancel and the action). */
  footer?: ReactNode;
  /** Shown instead of a heading for confirmations: the title is then only the accessible name. */
  isTitleHidden?: boolean;
  /** The element focused when the modal opens; defaults to the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * A modal dialog (spec 000 §2 modals): rendered while mounted, focus moves inside and is trapped,
 * Escape or the backdrop closes it, and focus returns to where it was when it closes.
 */
export function Modal({
  title,
  onClose,
  size = 'medium',
  footer,
  isTitleHidden = false,
  initialFocusRef,
  children,
}: ModalProps) {
  const titleID = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first =
      initialFocusRef?.current ?? dialog?.querySelector<HTMLElement>(focusableSelector) ?? dialog;
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || dialog === null) {
        return;
      }
      const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)];
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (firstItem === undefined || lastItem === undefined) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const isInside = active instanceof Node && dialog.contains(active);
      if (event.shiftKey && (active === firstItem || !isInside)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !isInside)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.body.style.overflow = overflow;
      if (previous?.isConnected === true) {
        previous.focus();
      }
    };
    // Runs once per opening: the modal is open while it is mounted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className={styles.overlay}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[size]}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
        tabIndex={-1}
      >
        <div className={isTitleHidden ? styles.headerCompact : styles.header}>
          <h2 id={titleID} className={isTitleHidden ? 'visually-hidden' : styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('Close')}>
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
        {footer === undefined ? null : <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}

export interface ConfirmModalProps {
  /** The question, e.g. 'Are you sure you want to delete this discussion?'. */
  message: string;
  /** The accessible name of the dialog. */
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  isBusy?: boolean;
  /** An error shown above the buttons (e.g. the server refused). */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A small confirmation dialog: the question, Cancel and the action; Cancel has the focus. */
export function ConfirmModal({
  message,
  title,
  confirmLabel,
  cancelLabel,
  isBusy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={title}
      size="small"
      onClose={onCancel}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClassName('standard')}
            onClick={onCancel}
            disabled={isBusy}
          >
            {cancelLabel ?? t('Cancel')}
          </button>
          <Button variant="primary" onClick={onConfirm} isLoading={isBusy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p className={styles.message}>{message}</p>
      {error === undefined || error === null ? null : (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
