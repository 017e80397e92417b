import { useContext, useEffect, useState } from 'react';
import { BootstrapContext } from '../../../../lib/bootstrap.ts';

/**
 * The current time in milliseconds, refreshed every `intervalMs(now)` (a function, so a countdown
 * can tick faster near its end). It starts from the instant the server rendered the page, so the
 * server HTML and the first browser render agree (no hydration mismatch); right after hydration
 * the browser's clock takes over.
 */
export function useNow(intervalMs: (now: number) => number | null): number {
  const renderedAt = useContext(BootstrapContext)?.renderedAt;
  const [now, setNow] = useState(() => renderedAt ?? Date.now());
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
