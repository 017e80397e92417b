/**
 * The words of a search query (api-contract §17): split on anything but letters, digits and marks,
 * so search-syntax characters (`"`, `*`, `-`, `:`, parentheses) are never passed to an engine as
 * syntax, and `OR`/`NEAR` are ordinary words. Latin words are lower-cased with their accents
 * removed; words in Han, Kana or Hangul are kept whole and matched as substrings (CJK text has no
 * spaces between words, so a two- or three-character query must find a longer run). The engines'
 * keywords in capitals (`AND`, `OR`, `NOT`, `NEAR`) are ignored: `queryOperator` says and/or.
 */
export interface SearchTerms {
  /** Folded words, matched by the full-text index. */
  words: string[];
  /** CJK runs, matched as substrings of the text. */
  substrings: string[];
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;

/** Query-syntax keywords of the engines, written in capitals: ignored, like the syntax characters. */
const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'NEAR']);

/** At most this many terms are searched: a longer query keeps its first ones. */
export const MAX_SEARCH_TERMS = 16;

/** Lower-cases and removes accents (`Crème Brûlée` → `creme brulee`). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe');
}

/** Splits a query into the words and CJK substrings to match; never throws. */
export function parseSearchText(text: string): SearchTerms {
  const words: string[] = [];
  const substrings: string[] = [];
  for (const token of text.normalize('NFC').split(SEPARATORS)) {
    if (token === '' || KEYWORDS.has(token)) continue;
    if (CJK.test(token)) {
      if (!substrings.includes(token.toLowerCase())) substrings.push(token.toLowerCase());
      continue;
    }
    for (const word of foldText(token).split(SEPARATORS)) {
      if (word !== '' && !words.includes(word)) words.push(word);
    }
  }
  const kept = words.slice(0, MAX_SEARCH_TERMS);
  return { words: kept, substrings: substrings.slice(0, Math.max(0, MAX_SEARCH_TERMS - kept.length)) };
}

/** Whether a query has nothing to match (only syntax characters or spaces). */
export function isEmptySearch(terms: SearchTerms): boolean {
  return terms.words.length === 0 && terms.substrings.length === 0;
}

/**
 * Marks every occurrence of the terms in a plain-text excerpt with `<mark>`, escaping the rest
 * (the excerpt is HTML). Matching ignores case and accents, as the index does.
 */
export function highlightTerms(
  plainText: string,
  terms: SearchTerms,
  escapeHtml: (text: string) => string,
): string {
  const needles = [...terms.words, ...terms.substrings].filter((term) => term.length > 0);
  if (needles.length === 0) return escapeHtml(plainText);
  // Fold character by character so offsets in the folded text map back to the original.
  const folded: string[] = [];
  const origin: number[] = [];
  let index = 0;
  for (const character of plainText) {
    const fold = foldText(character);
    for (const unit of fold) {
      folded.push(unit);
      origin.push(index);
    }
    index += character.length;
  }
  const haystack = folded.join('');
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    let from = haystack.indexOf(needle);
    while (from !== -1) {
      const start = origin[from] ?? 0;
      const endUnit = from + needle.length;
      const end = endUnit < origin.length ? (origin[endUnit] ?? plainText.length) : plainText.length;
      ranges.push([start, end]);
      from = haystack.indexOf(needle, endUnit);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  let html = '';
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start < cursor) continue;
    html += `${escapeHtml(plainText.slice(cursor, start))}<mark>${escapeHtml(plainText.slice(start, end))}</mark>`;
    cursor = end;
  }
  return html + escapeHtml(plainText.slice(cursor));
}
