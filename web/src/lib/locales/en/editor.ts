/** English strings of the editor screens and widgets (merged into the en pack by ../en.ts). */
export const editorEn: Readonly<Record<string, string>> = {};
