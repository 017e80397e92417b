import { afterEach, describe, expect, it } from 'vitest';
import { registerLocalePack, setLocale, t } from './i18n.ts';
import { en } from './locales/en.ts';
import { enPlurals } from './locales/en-plurals.ts';

afterEach(() => {
  setLocale('en');
});

describe('t()', () => {
  it('shows English text without loading any pack, placeholders filled', () => {
    setLocale('en');
    expect(t('Sign In')).toBe('Sign In');
    expect(t('{type} Not Found', { type: 'Discussion' })).toBe('Discussion Not Found');
    expect(t('{count} selected', {})).toBe('{count} selected');
  });

  it('translates with a registered pack and falls back to English for missing keys', () => {
    registerLocalePack('fr', { 'Sign In': 'Connexion', '{count} selected': '{count} sélectionnées' });
    setLocale('fr');
    expect(t('Sign In')).toBe('Connexion');
    expect(t('{count} selected', { count: 3 })).toBe('3 sélectionnées');
    expect(t('Register')).toBe('Register');
  });

  it('falls back to English for a locale without a pack', () => {
    setLocale('de');
    expect(t('Register')).toBe('Register');
  });
});

describe('t() with counts (Intl.PluralRules)', () => {
  it('picks the English form of 0, 1, 2 and 21', () => {
    expect(t('{count} comments', { count: 0 })).toBe('0 comments');
    expect(t('{count} comments', { count: 1 })).toBe('1 comment');
    expect(t('{count} comments', { count: 2 })).toBe('2 comments');
    expect(t('{count} comments', { count: 21 })).toBe('21 comments');
    expect(t('{count} views', { count: 1 })).toBe('1 view');
    expect(t('Show {count} more replies', { count: 1 })).toBe('Show 1 more reply');
  });

  it('reads a count shown as text, abbreviated counts taking the plural form', () => {
    expect(t('{count} discussions', { count: '1' })).toBe('1 discussion');
    expect(t('{count} discussions', { count: '1.2k' })).toBe('1.2k discussions');
  });

  it("picks a translation's form by the locale's rules", () => {
    registerLocalePack('ru', {
      '{count} comments': {
        one: '{count} комментарий',
        few: '{count} комментария',
        many: '{count} комментариев',
        other: '{count} комментария',
      },
    });
    setLocale('ru');
    expect(t('{count} comments', { count: 1 })).toBe('1 комментарий');
    expect(t('{count} comments', { count: 2 })).toBe('2 комментария');
    expect(t('{count} comments', { count: 5 })).toBe('5 комментариев');
    expect(t('{count} comments', { count: 21 })).toBe('21 комментарий');
    // A key the pack lacks shows English, in English's forms.
    expect(t('{count} views', { count: 1 })).toBe('1 view');
  });

  it('keys every English plural by its `other` form, listed in the en pack', () => {
    for (const [key, forms] of Object.entries(enPlurals)) {
      expect(forms.other).toBe(key);
      expect(en[key]).toBe(key);
    }
  });
});
