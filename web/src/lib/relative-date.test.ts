import { describe, expect, it } from 'vitest';
import { formatRelativeDate } from './relative-date.ts';

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
