import { translate, type LocalePack } from '../../../common/src/i18n/translate.ts';
import { enPlurals } from './locales/en-plurals.ts';

export type { LocalePack, PluralForms } from '../../../common/src/i18n/translate.ts';

// English needs no pack at run time: keys are the English text (`locales/en.ts` lists them for
// translators and for its test), so an untranslated key already reads as English. Only the
// English plural forms ship (`locales/en-plurals.ts`): a key alone cannot say "1 comment".
const english: LocalePack = {};

const packs = new Map<string, LocalePack>();
let currentLocale = 'en';
let currentPack: LocalePack = english;

/** Adds or replaces the pack of a locale (e.g. fetched from `/locales/translations/{locale}`). */
export function registerLocalePack(locale: string, pack: LocalePack): void {
  packs.set(locale, pack);
  if (locale === currentLocale) {
    currentPack = pack;
  }
}

/** Switches the locale `t()` uses; unknown locales fall back to the English text. */
export function setLocale(locale: string): void {
  currentLocale = locale;
  currentPack = packs.get(locale) ?? english;
}

export function getLocale(): string {
  return currentLocale;
}

/**
 * Translates a UI string keyed by its English spec text (CONVENTIONS §7). `{name}` placeholders
 * are filled from `values`; a missing translation shows the English text. A counted string
 * (keyed by its plural `other` form, "{count} comments") takes the form of `values.count`'s
 * plural category in the locale (Intl.PluralRules): "1 comment", "2 comments".
 */
export function t(key: string, values?: Readonly<Record<string, string | number>>): string {
  return translate(currentPack, currentLocale, enPlurals, key, values);
}
