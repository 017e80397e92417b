/** English strings of the reactions screens and widgets (merged into the en pack by ../en.ts). */
export const reactionsEn: Readonly<Record<string, string>> = {};
