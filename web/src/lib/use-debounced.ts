import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `delay` milliseconds, so a search box does not query
 * on every keystroke (spec 001 §9 debounces, e.g. the 100 ms category suggestion debounce).
 */
export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
