import { useEffect, useState } from 'react';
import { displayLimits } from '../../../common/src/constants.ts';
import { fixedDateParts, formatRelativeDate } from '../lib/relative-date.ts';

export interface DateTimeProps {
  /** An ISO-8601 date or a timestamp in milliseconds. */
  date: string | number;
  /** spec 000 §3 "Date display": fixed or relative (default). */
  mode?: 'fixed' | 'relative';
  className?: string;
}

/** A `<time>` shown relative to now and refreshed every 30 s (spec 001 §9). */
export function DateTime({ date, mode = 'relative', className }: DateTimeProps) {
  const parts = fixedDateParts(date);
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
  if (parts === null) {
    return null;
  }
  return (
    <time className={className} dateTime={parts.iso} title={parts.fixed} suppressHydrationWarning>
      {mode === 'relative' ? formatRelativeDate(new Date(parts.time), now) : parts.fixed}
    </time>
  );
}
