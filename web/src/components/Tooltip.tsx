import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { overlayLimits } from '../../../common/src/constants.ts';
import styles from './Tooltip.module.css';

/** spec 000 §4 tooltip states. */
export type TooltipState = 'idle' | 'focused' | 'visible' | 'leaving-visible' | 'dismissed';

export interface TooltipProps {
  /** What the tooltip says; a function is called only while it shows (e.g. to load a list). */
  content: ReactNode | (() => ReactNode);
  /** The trigger: one element that takes focus; it gets `aria-describedby`. */
  children: ReactElement<{ 'aria-describedby'?: string | undefined }>;
  /** Called when the tooltip shows, e.g. to start loading its content. */
  onShow?: () => void;
  placement?: 'top' | 'bottom';
}

/**
 * A tooltip (spec 000 §4, spec 001 §9): hovering or focusing the trigger focuses it, after 100 ms
 * at rest it shows; leaving keeps it 500 ms; a mouse press, Enter, Space or Escape dismisses it.
 */
export function Tooltip({ content, children, onShow, placement = 'top' }: TooltipProps) {
  const id = useId();
  const [state, setState] = useState<TooltipState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onShowRef = useRef(onShow);
  useEffect(() => {
    onShowRef.current = onShow;
  }, [onShow]);

  const clear = useCallback(() => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  }, []);
  useEffect(() => clear, [clear]);

  const enter = useCallback(() => {
    clear();
    setState((current) => {
      if (current === 'visible' || current === 'leaving-visible') return 'visible';
      if (current === 'dismissed') return current;
      return 'focused';
    });
    timer.current = setTimeout(() => {
      setState((current) => (current === 'focused' ? 'visible' : current));
      onShowRef.current?.();
    }, overlayLimits.tooltipRestMs);
  }, [clear]);

  const leave = useCallback(() => {
    clear();
    setState((current) => (current === 'visible' ? 'leaving-visible' : 'idle'));
    timer.current = setTimeout(() => setState('idle'), overlayLimits.tooltipLeaveMs);
  }, [clear]);

  const dismiss = useCallback(() => {
    clear();
    setState('dismissed');
  }, [clear]);

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'Escape') {
      dismiss();
    }
  };
  const handleBlur = (event: FocusEvent) => {
    if (!(
      event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
    )) {
      clear();
      setState('idle');
    }
  };

  const isShown = state === 'visible' || state === 'leaving-visible';
  const trigger = cloneElement(children, { 'aria-describedby': isShown ? id : undefined });
  return (
    // Events bubble from the trigger; the wrapper itself is not interactive.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <span
      className={styles.anchor}
      onMouseEnter={enter}
      onMouseLeave={leave}
      onFocus={enter}
      onBlur={handleBlur}
      onMouseDown={dismiss}
      onKeyDown={handleKeyDown}
    >
      {trigger}
      {isShown ? (
        <span
          id={id}
          role="tooltip"
          className={`${styles.tooltip} ${placement === 'top' ? styles.top : styles.bottom}`}
        >
          {typeof content === 'function' ? content() : content}
        </span>
      ) : null}
    </span>
  );
}
