import unhomoglyph from 'unhomoglyph';

/** api-contract §2 register: a name another user (or the system) has, told apart only by case, width or look-alike letters. */
export const NAME_IN_USE = 'The name you entered is already in use.';
/** A name whose letters come from alphabets that are not written together (TR39 "highly restrictive"). */
export const NAME_MIXES_SCRIPTS = 'The name you entered mixes letters from different alphabets.';

/**
 * Names the forum itself shows for people who are not members (spec 000 §3, api-contract §1.14:
 * 'Guest', 'Deleted User', 'Unknown', the system account) and the staff titles a newcomer could
 * pose behind. Compared by `userNameKey`, so 'ＧＵＥＳＴ' and 'Ѕystem' are taken too.
 */
export const RESERVED_NAMES: readonly string[] = [
  'System',
  'Guest',
  'Deleted User',
  'Unknown',
  'Admin',
  'Administrator',
  'Moderator',
];

/** Full case folding, close enough for names: upper then lower case turns 'ß' into 'ss' and 'ς' into 'σ'. */
function fold(text: string): string {
  return text.toUpperCase().toLowerCase();
}

/** Unicode TR39 skeleton: NFD, each character replaced by its confusables.txt prototype, NFD. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The key two user names are compared by (issue 11 item 11): NFKC and case folding (fullwidth
 * 'ａｄｍｉｎ' is 'admin'), then the TR39 skeleton (Cyrillic 'аdmin' and 'admin' look alike), folded
 * again because some prototypes are capitals ('0' → 'O'). Two names with the same key look the
 * same to a reader. Not for display.
 */
export function userNameKey(name: string): string {
  return fold(skeleton(fold(name.normalize('NFKC')).normalize('NFKC')));
}

const reservedKeys = new Set(RESERVED_NAMES.map(userNameKey));

/** Whether a name is, or looks like, one the forum reserves for itself. */
export function isReservedUserName(name: string): boolean {
  return reservedKeys.has(userNameKey(name));
}

/**
 * Scripts a letter may belong to. Letters of other scripts count as one more script, so a name
 * mixing one of them with any of these is refused too.
 */
const scripts = [
  'Latin', 'Greek', 'Cyrillic', 'Armenian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada',
  'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Tibetan', 'Myanmar', 'Georgian', 'Hangul', 'Ethiopic',
  'Cherokee', 'Canadian_Aboriginal', 'Khmer', 'Mongolian', 'Hiragana', 'Katakana', 'Bopomofo',
  'Han', 'Yi', 'Tifinagh', 'Javanese', 'Balinese', 'Sundanese', 'Vai', 'Adlam',
] as const;
type Script = (typeof scripts)[number] | 'Other';
const scriptPatterns = scripts.map((script) => [script, new RegExp(`\\p{Script_Extensions=${script}}`, 'u')] as const);

/** Script sets TR39's "highly restrictive" level allows together (CJK writing mixes them). */
const allowedMixes: readonly ReadonlySet<Script>[] = [
  new Set<Script>(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set<Script>(['Latin', 'Han', 'Bopomofo']),
  new Set<Script>(['Latin', 'Han', 'Hangul']),
];

/**
 * Whether a name's letters mix scripts that are not written together (TR39 §5.2 "highly
 * restrictive"): Latin with Cyrillic or Greek look-alikes, for instance. Digits, marks and
 * punctuation belong to every script and are not counted.
 */
export function mixesScripts(name: string): boolean {
  const found = new Set<Script>();
  for (const character of name.normalize('NFKC')) {
    if (!/\p{L}/u.test(character)) continue;
    // A letter shared by several scripts (Script_Extensions) fits any of them; the first listed is enough
    // for the common cases (Han shared by Hiragana and Katakana text is allowed together anyway).
    const match = scriptPatterns.find(([, pattern]) => pattern.test(character));
    found.add(match ? match[0] : 'Other');
    if (found.size > 1 && !allowedMixes.some((allowed) => [...found].every((script) => allowed.has(script)))) {
      return true;
    }
  }
  return false;
}
