import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { Button, buttonClassName } from './Button.tsx';
import { t } from '../lib/i18n.ts';
import styles from './Modal.module.css';
import { useModalFocus } from './use-modal-focus.ts';
import { CloseIcon } from './CloseIcon.tsx';

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
  /** Gives the focus back on close instead of focusing the element that had it (useModalFocus). */
  onReturnFocus?: (previous: HTMLElement | null) => void;
  children: ReactNode;
}

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
  onReturnFocus,
  children,
}: ModalProps) {
  const titleID = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, { isActive: true, onClose, initialFocusRef, onReturnFocus });

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
            <CloseIcon />
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
