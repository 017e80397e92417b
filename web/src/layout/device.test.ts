import { describe, expect, it } from 'vitest';
import { deviceClassForWidth } from './device.ts';

describe('deviceClassForWidth (spec 000 §2)', () => {
  it.each([
    [320, 'xs'],
    [500, 'xs'],
    [501, 'mobile'],
    [750, 'mobile'],
    [751, 'tablet'],
    [1200, 'tablet'],
    [1201, 'noBleed'],
    [1264, 'noBleed'],
    [1265, 'desktop'],
    [1440, 'desktop'],
  ])('%i px → %s', (width, expected) => {
    expect(deviceClassForWidth(width)).toBe(expected);
  });
});
