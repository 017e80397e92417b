import { translate, type LocalePack, type PluralForms, type TranslateValues } from '../../../common/src/i18n/translate.ts';

// The server's locale packs (e-mails): the same packs and `translate()` as the web's `t()`.
// English needs no pack (keys are the English text), only the plural forms of counted strings.

/** A translation function bound to one locale. */
export type Translate = (key: string, values?: TranslateValues) => string;

const packs = new Map<string, LocalePack>();
const englishPlurals = new Map<string, PluralForms>();

/** Adds or replaces the server's pack of a locale (the strings of e-mails). */
export function registerServerLocalePack(locale: string, pack: LocalePack): void {
  packs.set(locale, pack);
}

/** Removes a locale's pack (tests that registered one). */
export function unregisterServerLocalePack(locale: string): void {
  packs.delete(locale);
}

/** Declares the English plural forms of counted server strings, keyed by their `other` form. */
export function registerEnglishPlurals(forms: Readonly<Record<string, PluralForms>>): void {
  for (const [key, value] of Object.entries(forms)) englishPlurals.set(key, value);
}

/** The translator of a locale: its pack, English for what it lacks (or for a locale without one). */
export function translatorFor(locale: string): Translate {
  const pack = packs.get(locale) ?? {};
  const plurals = Object.fromEntries(englishPlurals);
  return (key, values) => translate(pack, locale, plurals, key, values);
}
