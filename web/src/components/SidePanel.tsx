import { useId, useRef, type ReactNode } from 'react';
import { t } from '../lib/i18n.ts';
import styles from './SidePanel.module.css';
import { useModalFocus } from './use-modal-focus.ts';
import { CloseIcon } from './CloseIcon.tsx';

export interface SidePanelProps {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  side?: 'left' | 'right';
  children: ReactNode;
}

/**
 * A modal panel sliding in from a side (the hamburger's 'Site Navigation', spec 000 §2): focus
 * moves in and stays in, Escape or the backdrop closes it and focus returns where it was.
 */
export function SidePanel({ title, isOpen, onClose, side = 'left', children }: SidePanelProps) {
  const titleID = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useModalFocus(panelRef, { isActive: isOpen, onClose });

  if (!isOpen) {
    return null;
  }
  return (
    <div className={styles.overlay}>
      <div className={styles.backdrop} onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        className={`${styles.panel} ${side === 'left' ? styles.left : styles.right}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleID}
      >
        <div className={styles.header}>
          <h2 id={titleID} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('Close')}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </div>
  );
}
