import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toCssVars, toRootStyle } from './css-vars.ts';
import { isThemeColor, resolveTheme, ThemeVariableError } from './resolve-theme.ts';
import { themeDefaults } from './variables.ts';

describe('toCssVars', () => {
  it('flattens paths with the --theme- prefix (CONVENTIONS §7)', () => {
    const vars = toCssVars(themeDefaults);
    assert.equal(
      vars['--theme-global-main-colors-primary'],
      themeDefaults.global.mainColors.primary,
    );
    assert.equal(vars['--theme-title-bar-sizing-height'], '48px');
    assert.equal(vars['--theme-title-bar-sizing-mobile-height'], '44px');
    assert.equal(vars['--theme-toast-width'], '280px');
    assert.equal(vars['--theme-toast-wide-width'], '380px');
    assert.equal(vars['--theme-toast-max-height'], '120px');
    assert.equal(vars['--theme-title-bar-mega-menu-max-height'], '60vh');
    assert.equal(vars['--theme-global-fonts-weights-bold'], '700');
    assert.equal(vars['--theme-global-fonts-line-height'], '1.5');
    // An empty logo URL is not a value.
    assert.equal(vars['--theme-title-bar-logo-url'], undefined);
  });

  it('makes one :root rule', () => {
    const style = toRootStyle({ global: { mainColors: { primary: '#123456' } } });
    assert.equal(style, ':root{--theme-global-main-colors-primary:#123456}');
  });
});

describe('resolveTheme', () => {
  it('merges valid variables over the defaults and drops unknown keys', () => {
    const theme = resolveTheme({
      global: { mainColors: { primary: 'rgb(10, 20, 30)' } },
      titleBar: { position: 'static' },
      extra: 1,
    });
    assert.equal(theme.global.mainColors.primary, 'rgb(10, 20, 30)');
    assert.equal(theme.global.mainColors.bg, themeDefaults.global.mainColors.bg);
    assert.equal(theme.titleBar.position, 'static');
    assert.equal('extra' in theme, false);
  });

  it('keeps the default for invalid values unless strict (spec 000 §5)', () => {
    const input = {
      global: { mainColors: { primary: 'not-a-colour' } },
      titleBar: { background: 'striped' },
    };
    const theme = resolveTheme(input);
    assert.equal(theme.global.mainColors.primary, themeDefaults.global.mainColors.primary);
    assert.equal(theme.titleBar.background, 'solid');
    assert.throws(() => resolveTheme(input, { strict: true }), ThemeVariableError);
  });

  it('refuses values that could break out of the style element', () => {
    assert.equal(
      resolveTheme({ global: { fonts: { body: 'x;}</style><script>' } } }).global.fonts.body,
      themeDefaults.global.fonts.body,
    );
  });

  it('accepts the colour forms of spec 000 §5', () => {
    for (const colour of [
      '#abc',
      '#A1B2C3',
      'rgb(1,2,3)',
      'rgba(1, 2, 3, 0.5)',
      'hsl(120, 50%, 50%)',
      'hsla(120deg 50% 50% / 0.5)',
    ]) {
      assert.equal(isThemeColor(colour), true);
    }
    for (const colour of ['#abcd', 'red', 'url(x)', '']) {
      assert.equal(isThemeColor(colour), false);
    }
  });
});
