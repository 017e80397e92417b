import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, refreshed every `intervalMs(now)` (a function, so a countdown
 * can tick faster near its end). Right after hydration the server's time is replaced.
 */
export function useNow(intervalMs: (now: number) => number | null): number {
  const [now, setNow] = useState(() => Date.now());
  const interval = intervalMs(now);
  useEffect(() => {
    const delay = interval ?? null;
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = delay === null ? null : setInterval(() => setNow(Date.now()), delay);
    return () => {
      clearTimeout(first);
      if (timer !== null) clearInterval(timer);
    };
  }, [interval]);
  return now;
}
