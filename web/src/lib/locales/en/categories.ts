/** English strings of the categories screens and widgets (merged into the en pack by ../en.ts). */
export const categoriesEn: Readonly<Record<string, string>> = {};
