/** English strings of the discussions screens and widgets (merged into the en pack by ../en.ts). */
export const discussionsEn: Readonly<Record<string, string>> = {};
