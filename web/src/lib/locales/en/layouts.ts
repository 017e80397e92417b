/** English strings of the layouts screens and widgets (merged into the en pack by ../en.ts). */
export const layoutsEn: Readonly<Record<string, string>> = {};
