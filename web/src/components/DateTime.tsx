import { useEffect, useState } from 'react';
import { displayLimits } from '../../../common/src/constants.ts';
import { formatFixedDate, formatRelativeDate } from '../lib/relative-date.ts';

export interface DateTimeProps {
  /** An ISO-8601 date or a timestamp in milliseconds. */
  date: string | number;
  /** spec 000 §3 "Date display": fixed or relative (default). */
  mode?: 'fixed' | 'relative';
  className?: string;
}

/** A `<time>` shown relative to now and refreshed every 30 s (spec 001 §9). */
export function DateTime({ date, mode = 'relative', className }: DateTimeProps) {
  const value = new Date(date);
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (mode !== 'relative') {
      return undefined;
    }
    // Right after hydration the server's "now" is replaced by the browser's.
    const first = setTimeout(() => setNow(new Date()), 0);
    const timer = setInterval(() => setNow(new Date()), displayLimits.relativeTimeRefreshMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [mode]);
  if (Number.isNaN(value.getTime())) {
    return null;
  }
  const fixed = formatFixedDate(value);
  return (
    <time
      className={className}
      dateTime={value.toISOString()}
      title={fixed}
      suppressHydrationWarning
    >
      {mode === 'relative' ? formatRelativeDate(value, now) : fixed}
    </time>
  );
}
