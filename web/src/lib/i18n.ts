import { en } from './locales/en.ts';

/** A locale pack: English spec text → translation. */
export type LocalePack = Readonly<Record<string, string>>;

const packs = new Map<string, LocalePack>([['en', en]]);
let currentLocale = 'en';
let currentPack: LocalePack = en;

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
  currentPack = packs.get(locale) ?? en;
}

export function getLocale(): string {
  return currentLocale;
}

/**
 * Translates a UI string keyed by its English spec text (CONVENTIONS §7). `{name}` placeholders
 * are filled from `values`; a missing translation shows the English text.
 */
export function t(key: string, values?: Readonly<Record<string, string | number>>): string {
  const text = currentPack[key] ?? en[key] ?? key;
  if (values === undefined) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
