import { t } from '../lib/i18n.ts';
import { Button } from './Button.tsx';
import styles from './MoveButtons.module.css';

export interface MoveButtonsProps {
  /** What moves, for the buttons' names ("Move Spam up"). */
  name: string;
  isFirst: boolean;
  isLast: boolean;
  /** Both wait (e.g. while a reorder is saved). */
  disabled?: boolean;
  /** -1 up, 1 down. */
  onMove: (direction: -1 | 1) => void;
}

function Arrow({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Up and down buttons that reorder an item of a dashboard list (categories, report reasons). */
export function MoveButtons({ name, isFirst, isLast, disabled = false, onMove }: MoveButtonsProps) {
  return (
    <>
      <Button
        variant="icon"
        className={styles.button}
        aria-label={t('Move {name} up', { name })}
        title={t('Move up')}
        disabled={isFirst || disabled}
        onClick={() => onMove(-1)}
      >
        <Arrow d="M8 13V3M3.5 7.5L8 3l4.5 4.5" />
      </Button>
      <Button
        variant="icon"
        className={styles.button}
        aria-label={t('Move {name} down', { name })}
        title={t('Move down')}
        disabled={isLast || disabled}
        onClick={() => onMove(1)}
      >
        <Arrow d="M8 3v10M3.5 8.5L8 13l4.5-4.5" />
      </Button>
    </>
  );
}
