import { useEffect, useRef, type RefObject } from 'react';

/** What can take the keyboard focus inside a modal surface. */
export const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

export interface ModalFocusOptions {
  /** The surface is shown: focus moves in, stays in, and returns when this turns false or on unmount. */
  isActive: boolean;
  /** Escape closes the surface (the latest function is called). */
  onClose: () => void;
  /** Focused first; defaults to the first focusable element, else the container itself. */
  initialFocusRef?: RefObject<HTMLElement | null> | undefined;
  /**
   * Gives the focus back on close instead of focusing the element that had it, e.g. a rich text
   * editor that puts its caret back where it was (a bare `focus()` puts it at the start).
   */
  onReturnFocus?: ((previous: HTMLElement | null) => void) | undefined;
}

/**
 * The keyboard behaviour of a modal surface (Modal, SidePanel; spec 000 §2 and WAI-ARIA dialog
 * pattern): while active, focus moves into `containerRef`, Tab and Shift+Tab cycle inside it,
 * Escape calls `onClose`, the page behind does not scroll, and focus returns to the element that had
 * it before.
 */
export function useModalFocus(
  containerRef: RefObject<HTMLElement | null>,
  { isActive, onClose, initialFocusRef, onReturnFocus }: ModalFocusOptions,
): void {
  const onCloseRef = useRef(onClose);
  const onReturnFocusRef = useRef(onReturnFocus);
  useEffect(() => {
    onCloseRef.current = onClose;
    onReturnFocusRef.current = onReturnFocus;
  }, [onClose, onReturnFocus]);

  useEffect(() => {
    if (!isActive) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    const first =
      initialFocusRef?.current ??
      container?.querySelector<HTMLElement>(focusableSelector) ??
      container;
    first?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || container === null) return;
      const focusable = [...container.querySelectorAll<HTMLElement>(focusableSelector)];
      const firstItem = focusable[0];
      const lastItem = focusable[focusable.length - 1];
      if (firstItem === undefined || lastItem === undefined) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      const isInside = active instanceof Node && container.contains(active);
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
      const returnFocus = onReturnFocusRef.current;
      if (returnFocus !== undefined) returnFocus(previous);
      else if (previous?.isConnected === true) previous.focus();
    };
    // Runs once per opening; the refs are read when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isActive]);
}
