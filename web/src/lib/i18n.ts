import { enPlurals } from './locales/en-plurals.ts';

/**
 * The forms of a counted string by plural category (Intl.PluralRules: `zero`, `one`, `two`,
 * `few`, `many`, `other`); `other` is required, and is the form the string is keyed by.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** A locale pack: English spec text → translation (plural forms for counted strings). */
export type LocalePack = Readonly<Record<string, string | PluralForms>>;

// English needs no pack at run time: keys are the English text (`locales/en.ts` lists them for
// translators and for its test), so an untranslated key already reads as English. Only the
// English plural forms ship (`locales/en-plurals.ts`): a key alone cannot say "1 comment".
const english: LocalePack = {};

const packs = new Map<string, LocalePack>();
let currentLocale = 'en';
let currentPack: LocalePack = english;

// Built once per locale, like the date formatters (relative-date.ts).
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  return rules;
}

/**
 * The plural category of a `count` value in a locale. A count shown abbreviated ("1.2k") or
 * otherwise not a plain number takes the `other` form.
 */
function pluralCategory(locale: string, count: string | number | undefined): Intl.LDMLPluralRule {
  const value = typeof count === 'number' ? count : count !== undefined && /^-?\d+(\.\d+)?$/.test(count) ? Number(count) : NaN;
  return Number.isFinite(value) ? pluralRulesOf(locale).select(value) : 'other';
}

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
  const translated = currentPack[key];
  let text: string;
  if (translated === undefined) {
    const forms: PluralForms | undefined = enPlurals[key];
    text = forms === undefined ? key : (forms[pluralCategory('en', values?.count)] ?? forms.other);
  } else if (typeof translated === 'string') {
    text = translated;
  } else {
    text = translated[pluralCategory(currentLocale, values?.count)] ?? translated.other;
  }
  if (values === undefined) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
