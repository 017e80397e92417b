import { describe, expect, it } from 'vitest';
import { themeDefaults } from '../../../common/src/theme/variables.ts';
import { contrastRatio, parseThemeColor, visibleColorOn } from './contrast.ts';
import { themeStyleTag } from './apply-theme.ts';

describe('theme contrast', () => {
  it('reads hex, rgb and hsl colours', () => {
    expect(parseThemeColor('#fff')).toEqual([255, 255, 255]);
    expect(parseThemeColor('#7a2a0c')).toEqual([122, 42, 12]);
    expect(parseThemeColor('rgb(10, 20, 30)')).toEqual([10, 20, 30]);
    expect(parseThemeColor('rgba(10 20 30 / 50%)')).toEqual([10, 20, 30]);
    expect(parseThemeColor('hsl(0, 100%, 50%)')).toEqual([255, 0, 0]);
    expect(parseThemeColor('nope')).toBeNull();
  });

  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', '#777')).toBe(1);
  });

  it('picks a focus colour visible on the title bar: the default blue is not (issue 11 item 20)', () => {
    const bar = themeDefaults.titleBar.colors.bg;
    expect(contrastRatio(themeDefaults.global.focus.color, bar)).toBeLessThan(3);
    const chosen = visibleColorOn(bar, [
      themeDefaults.global.focus.color,
      themeDefaults.titleBar.colors.fg,
    ]);
    expect(chosen).toBe(themeDefaults.titleBar.colors.fg);
    expect(contrastRatio(chosen, bar)).toBeGreaterThanOrEqual(3);
    expect(visibleColorOn('#ffffff', ['#fefefe', '#f0f0f0'])).toBe('#000000');
  });

  it("puts the title bar's focus colour in the theme's :root style", () => {
    expect(themeStyleTag(themeDefaults)).toContain('--theme-title-bar-colors-focus:#ffffff');
  });
});
