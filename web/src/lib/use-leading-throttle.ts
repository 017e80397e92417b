import { useCallback, useEffect, useMemo, useRef } from 'react';

/** A throttled sender: `push` a value; `cancel` drops what waits. */
export interface LeadingThrottle<T> {
  push: (value: T) => void;
  cancel: () => void;
}

/**
 * Sends the first value at once and those pushed within the next `intervalMs` together (merged)
 * when the interval ends (spec 000 §5: preference saves are throttled, leading call sent). What
 * still waits is sent on unmount.
 */
export function useLeadingThrottle<T>(
  send: (value: T) => void,
  merge: (earlier: T, later: T) => T,
  intervalMs: number,
): LeadingThrottle<T> {
  const lastSent = useRef(0);
  const pending = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const sendRef = useRef(send);
  const mergeRef = useRef(merge);
  useEffect(() => {
    sendRef.current = send;
    mergeRef.current = merge;
  });

  const dispatch = useCallback((value: T) => {
    lastSent.current = Date.now();
    sendRef.current(value);
  }, []);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
      const waiting = pending.current;
      pending.current = null;
      if (waiting !== null) dispatch(waiting.value);
    },
    [dispatch],
  );

  const push = useCallback(
    (value: T) => {
      const wait = lastSent.current + intervalMs - Date.now();
      if (wait <= 0 && timer.current === null) {
        dispatch(value);
        return;
      }
      pending.current = {
        value: pending.current === null ? value : mergeRef.current(pending.current.value, value),
      };
      timer.current ??= setTimeout(() => {
        timer.current = null;
        const next = pending.current;
        pending.current = null;
        if (next !== null) dispatch(next.value);
      }, Math.max(0, wait));
    },
    [dispatch, intervalMs],
  );

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    pending.current = null;
  }, []);

  return useMemo(() => ({ push, cancel }), [push, cancel]);
}
