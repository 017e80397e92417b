import { describe, expect, it } from 'vitest';
import { fixedDateParts, formatFixedDate, formatRelativeDate } from './relative-date.ts';

const now = new Date('2025-06-15T12:00:00Z');
const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

describe('formatRelativeDate (spec 001 §9 thresholds)', () => {
  it.each([
    [0, 'just now'],
    [5 * second, 'just now'],
    [6 * second, '6 seconds ago'],
    [44 * second, '44 seconds ago'],
    [45 * second, '1 minute ago'],
    [44 * minute, '44 minutes ago'],
    [45 * minute, '1 hour ago'],
    [21 * hour, '21 hours ago'],
    [22 * hour, 'yesterday'],
    [25 * day, '25 days ago'],
    [26 * day, 'last month'],
    [100 * day, '3 months ago'],
    [319 * day, '10 months ago'],
    [320 * day, 'last year'],
    [800 * day, '2 years ago'],
  ])('%i ms ago → %s', (distance, expected) => {
    expect(formatRelativeDate(ago(distance), now, 'en')).toBe(expected);
  });

  it('speaks of the future too', () => {
    expect(formatRelativeDate(new Date(now.getTime() + 3 * hour), now, 'en')).toBe('in 3 hours');
    expect(formatRelativeDate(new Date(now.getTime() + 3 * second), now, 'en')).toBe('just now');
  });
});

describe('date formatters', () => {
  it('are built once per locale, not per date', () => {
    // Each Intl formatter holds native (ICU) memory that only a V8 collection frees: one per date
    // shown made a server rendering pages grow by hundreds of MB.
    const { RelativeTimeFormat, DateTimeFormat } = Intl;
    let built = 0;
    class CountingRelativeTimeFormat extends RelativeTimeFormat {
      constructor(...args: ConstructorParameters<typeof RelativeTimeFormat>) {
        super(...args);
        built += 1;
      }
    }
    class CountingDateTimeFormat extends DateTimeFormat {
      constructor(...args: ConstructorParameters<typeof DateTimeFormat>) {
        super(...args);
        built += 1;
      }
    }
    Object.defineProperty(Intl, 'RelativeTimeFormat', {
      value: CountingRelativeTimeFormat,
      configurable: true,
      writable: true,
    });
    Object.defineProperty(Intl, 'DateTimeFormat', {
      value: CountingDateTimeFormat,
      configurable: true,
      writable: true,
    });
    try {
      for (let day = 1; day <= 50; day += 1) {
        formatRelativeDate(ago(day * hour), now, 'fr');
        formatFixedDate(ago(day * hour), 'fr');
      }
      expect(built).toBeLessThanOrEqual(2);
      expect(formatRelativeDate(ago(2 * hour), now, 'fr')).toBe('il y a 2 heures');
      expect(formatRelativeDate(ago(2 * hour), now, 'en')).toBe('2 hours ago');
    } finally {
      Object.defineProperty(Intl, 'RelativeTimeFormat', {
        value: RelativeTimeFormat,
        configurable: true,
        writable: true,
      });
      Object.defineProperty(Intl, 'DateTimeFormat', {
        value: DateTimeFormat,
        configurable: true,
        writable: true,
      });
    }
    expect(formatFixedDate(now, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(now),
    );
  });
});

describe('fixedDateParts', () => {
  it('gives what formatting the date gives, per locale, again from its store', () => {
    for (const date of [
      '2025-06-15T11:59:58Z',
      '2025-06-15T11:59:58.000Z',
      Date.UTC(2024, 1, 29, 8, 5),
    ]) {
      for (const locale of ['en', 'fr', 'en']) {
        const value = new Date(date);
        const expected = {
          time: value.getTime(),
          iso: value.toISOString(),
          fixed: formatFixedDate(value, locale),
        };
        expect(fixedDateParts(date, locale)).toEqual(expected);
        expect(fixedDateParts(date, locale)).toEqual(expected);
      }
    }
    expect(fixedDateParts('2025-06-15', 'fr')?.fixed).not.toBe(
      fixedDateParts('2025-06-15', 'en')?.fixed,
    );
  });

  it('is null for what is not a date', () => {
    expect(fixedDateParts('not a date', 'en')).toBeNull();
    expect(fixedDateParts(Number.NaN, 'en')).toBeNull();
  });
});
