import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFlyoutState } from './flyout-context.tsx';
import styles from './Flyout.module.css';

export interface FlyoutProps {
  /** Accessible name of the toggle button (e.g. 'My Account'). */
  label: string;
  /** What the button shows; defaults to the label. */
  buttonContent?: ReactNode;
  buttonClassName?: string;
  /** Which edge the panel lines up with. */
  align?: 'left' | 'right';
  /** The panel's content; a function receives `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A dropdown/flyout (spec 000 §4): toggles on click, closes on Escape returning focus to its
 * button, closes on an outside click; opening one closes the others.
 */
export function Flyout({
  label,
  buttonContent,
  buttonClassName,
  align = 'right',
  children,
}: FlyoutProps) {
  const id = useId();
  const panelID = `${id}-panel`;
  const { isOpen, close, toggle } = useFlyoutState(id);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) {
      return undefined;
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        buttonRef.current?.focus();
      }
    };
    const handlePointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target) !== true) {
        close();
      }
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [isOpen, close]);

  return (
    <div ref={containerRef} className={styles.flyout}>
      <button
        ref={buttonRef}
        type="button"
        className={[styles.toggle, buttonClassName].filter(Boolean).join(' ')}
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelID : undefined}
        aria-label={buttonContent === undefined ? undefined : label}
        onClick={toggle}
      >
        {buttonContent ?? label}
      </button>
      {isOpen ? (
        <div
          id={panelID}
          className={`${styles.panel} ${align === 'left' ? styles.alignLeft : styles.alignRight}`}
          role="group"
          aria-label={label}
        >
          {typeof children === 'function' ? children(close) : children}
        </div>
      ) : null}
    </div>
  );
}
