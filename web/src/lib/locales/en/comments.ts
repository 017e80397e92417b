/** English strings of the comments screens and widgets (merged into the en pack by ../en.ts). */
export const commentsEn: Readonly<Record<string, string>> = {};
