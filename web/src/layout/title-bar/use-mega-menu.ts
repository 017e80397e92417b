import { useCallback, useEffect, useRef, useState } from 'react';
import { overlayLimits } from '../../../../common/src/constants.ts';

export interface MegaMenuState {
  isOpen: boolean;
  /** True once the close animation is over: the panel leaves the layout and the accessibility tree. */
  isHidden: boolean;
  open: () => void;
  /** Closes 250 ms after leaving (spec 001 §9); hidden 200 ms after closing. */
  scheduleClose: () => void;
  closeNow: () => void;
}

/** Open/close timing of a mega menu (spec 000 §4). */
export function useMegaMenu(): MegaMenuState {
  const [isOpen, setIsOpen] = useState(false);
  const [isHidden, setIsHidden] = useState(true);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimers = useCallback(() => {
    if (closeTimer.current !== null) clearTimeout(closeTimer.current);
    if (hideTimer.current !== null) clearTimeout(hideTimer.current);
    closeTimer.current = null;
    hideTimer.current = null;
  }, []);

  const hideLater = useCallback(() => {
    hideTimer.current = setTimeout(() => {
      hideTimer.current = null;
      setIsHidden(true);
    }, overlayLimits.megaMenuHiddenDelayMs);
  }, []);

  const open = useCallback(() => {
    clearTimers();
    setIsHidden(false);
    setIsOpen(true);
  }, [clearTimers]);

  const scheduleClose = useCallback(() => {
    clearTimers();
    closeTimer.current = setTimeout(() => {
      closeTimer.current = null;
      setIsOpen(false);
      hideLater();
    }, overlayLimits.megaMenuCloseDelayMs);
  }, [clearTimers, hideLater]);

  const closeNow = useCallback(() => {
    clearTimers();
    setIsOpen(false);
    hideLater();
  }, [clearTimers, hideLater]);

  useEffect(() => clearTimers, [clearTimers]);

  return { isOpen, isHidden, open, scheduleClose, closeNow };
}
