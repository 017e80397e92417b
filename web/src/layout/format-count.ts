import { dataLimits, displayLimits } from '../../../common/src/constants.ts';

/**
 * spec 001 §9: numbers above a threshold abbreviated with k, m, b, t and one decimal
 * (1234 → "1.2k"); default threshold 1000, the pager's 999.
 */
export function abbreviateCount(value: number, above: number = displayLimits.numberAbbreviateAbove): string {
  if (!Number.isFinite(value) || Math.abs(value) <= above) {
    return String(value);
  }
  let scaled = value;
  let unit = -1;
  while (Math.abs(scaled) >= 1000 && unit < displayLimits.numberAbbreviations.length - 1) {
    scaled /= 1000;
    unit += 1;
  }
  const rounded = Math.floor(scaled * 10) / 10;
  const text = Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
  return `${text}${displayLimits.numberAbbreviations[unit] ?? ''}`;
}

/** The pager's abbreviation: above 999 (spec 001 §9). */
export function abbreviatePageCount(value: number): string {
  return abbreviateCount(value, dataLimits.pagerAbbreviateAbove);
}
