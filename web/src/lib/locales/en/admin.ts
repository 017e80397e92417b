/** English strings of the admin screens and widgets (merged into the en pack by ../en.ts). */
export const adminEn: Readonly<Record<string, string>> = {};
