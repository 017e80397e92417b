const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * Escapes text content (not attribute values): quotes stay as they are, since an entity splits
 * the text sanitize-html hands to the mention filter (`@"two words"` must reach it whole).
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (character) => escapes[character] ?? character);
}

/** Escaped text content with its line breaks as `<br>`. */
export function escapeWithBreaks(text: string): string {
  return escapeText(text).replace(/\r\n?/g, '\n').replace(/\n/g, '<br>');
}
