/** A locale pack: English spec text → translation. */
export type LocalePack = Readonly<Record<string, string>>;

// English needs no pack at run time: keys are the English text (`locales/en.ts` lists them for
// translators and for its test), so an untranslated key already reads as English. Keeping the
// pack out of the bundle saves every page its download.
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
 * are filled from `values`; a missing translation shows the English text.
 */
export function t(key: string, values?: Readonly<Record<string, string | number>>): string {
  const text = currentPack[key] ?? key;
  if (values === undefined) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
