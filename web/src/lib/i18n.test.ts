import { afterEach, describe, expect, it } from 'vitest';
import { registerLocalePack, setLocale, t } from './i18n.ts';

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
