/**
 * The forms of a counted string by plural category (Intl.PluralRules: `zero`, `one`, `two`,
 * `few`, `many`, `other`); `other` is required, and is the form the string is keyed by.
 */
export type PluralForms = Readonly<Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }>;

/** A locale pack: English spec text → translation (plural forms for counted strings). */
export type LocalePack = Readonly<Record<string, string | PluralForms>>;

/** Values of a string's `{name}` placeholders (`count` also picks the plural form). */
export type TranslateValues = Readonly<Record<string, string | number>>;

// Built once per locale, like the date formatters.
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralRulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(locale.replace('_', '-'));
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

/**
 * Translates a string keyed by its English text (CONVENTIONS §7) with a locale's pack: a missing
 * translation shows the English text (its plural form from `englishPlurals`); `{name}`
 * placeholders are filled from `values`; a counted string takes the form of `values.count`'s
 * plural category in the locale. The one implementation behind the web's `t()` and the server's
 * e-mails.
 */
export function translate(
  pack: LocalePack,
  locale: string,
  englishPlurals: Readonly<Record<string, PluralForms>>,
  key: string,
  values?: TranslateValues,
): string {
  const translated = pack[key];
  let text: string;
  if (translated === undefined) {
    const forms = englishPlurals[key];
    text = forms === undefined ? key : (forms[pluralCategory('en', values?.count)] ?? forms.other);
  } else if (typeof translated === 'string') {
    text = translated;
  } else {
    text = translated[pluralCategory(locale, values?.count)] ?? translated.other;
  }
  if (values === undefined) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}
