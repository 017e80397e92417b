import { displayLimits } from '../../../common/src/constants.ts';
import { getLocale, t } from './i18n.ts';

const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;
const { seconds, minutes, hours, days, monthsUntilDays } = displayLimits.relativeTimeThresholds;

// Building an Intl formatter costs far more than formatting with one (a page shows dozens of
// dates, each formatted twice): keep one per locale. Locales are few; the maps stay small.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const fixedFormats = new Map<string, Intl.DateTimeFormat>();

function relativeFormatFor(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

function fixedFormatFor(locale: string): Intl.DateTimeFormat {
  let format = fixedFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    fixedFormats.set(locale, format);
  }
  return format;
}

/**
 * A date relative to `now` (spec 001 §9): 'just now' within 5 s, then seconds below 45 s,
 * minutes below 45 min, hours below 22 h, days below 26 days, months below 320 days, else years.
 */
export function formatRelativeDate(
  date: Date,
  now: Date = new Date(),
  locale: string = getLocale(),
): string {
  const diff = date.getTime() - now.getTime();
  const distance = Math.abs(diff);
  if (distance <= displayLimits.justNowWithinMs) {
    return t('just now');
  }
  const sign = diff < 0 ? -1 : 1;
  const format = relativeFormatFor(locale);
  if (distance < seconds * second) {
    return format.format(sign * Math.round(distance / second), 'second');
  }
  if (distance < minutes * minute) {
    return format.format(sign * Math.max(1, Math.round(distance / minute)), 'minute');
  }
  if (distance < hours * hour) {
    return format.format(sign * Math.max(1, Math.round(distance / hour)), 'hour');
  }
  if (distance < days * day) {
    return format.format(sign * Math.max(1, Math.round(distance / day)), 'day');
  }
  if (distance < monthsUntilDays * day) {
    return format.format(sign * Math.max(1, Math.round(distance / (30.4375 * day))), 'month');
  }
  return format.format(sign * Math.max(1, Math.round(distance / (365.25 * day))), 'year');
}

/** A full, fixed date and time for tooltips and `fixed` mode. */
export function formatFixedDate(date: Date, locale: string = getLocale()): string {
  return fixedFormatFor(locale).format(date);
}

/** A date as `<time>` shows it: its instant, its ISO form and its fixed text in a locale. */
export interface FixedDateParts {
  time: number;
  iso: string;
  fixed: string;
}

/** Dates whose parts are kept, per locale (a page shows the same posts' dates request after request). */
const RECENT_DATES = 5_000;
const recentDates = new Map<string, FixedDateParts | null>();

/**
 * The parts of an ISO-8601 date or a timestamp in milliseconds, null when it is not a date.
 * Formatting with Intl and `toISOString` were ~2.5 % of a server-rendered page's CPU (dozens of
 * dates per page): the last 5,000 dates' parts are kept, as slugs are (common/src/slug.ts).
 */
export function fixedDateParts(
  date: string | number,
  locale: string = getLocale(),
): FixedDateParts | null {
  const key = `${locale} ${typeof date}:${date}`;
  let parts = recentDates.get(key);
  if (parts === undefined) {
    const value = new Date(date);
    const time = value.getTime();
    parts = Number.isNaN(time)
      ? null
      : { time, iso: value.toISOString(), fixed: formatFixedDate(value, locale) };
    if (recentDates.size >= RECENT_DATES) recentDates.clear();
    recentDates.set(key, parts);
  }
  return parts;
}
