import { isRich2Empty } from '../editor/rich2-text.ts';

/** Quoting into a comment box's rich2 JSON (interfaces.md "rich2"). */

type Rich2Json = { text?: unknown; children?: unknown; type?: unknown }[];

function parse(value: string): Rich2Json | null {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as Rich2Json) : null;
  } catch {
    return null;
  }
}

/**
 * Adds a quote to a rich2 value (Quote, spec 000 §2): a blockquote naming the author and holding
 * the quoted body (rich2 blocks as they are, other formats as paragraphs of text), then an empty
 * paragraph to type in.
 */
export function appendQuote(
  value: string,
  quote: { authorName: string; bodyRaw: unknown; format: string },
  wroteLabel: string,
): string {
  const current = isRich2Empty(value) ? [] : (parse(value) ?? []);
  let quoted: unknown[] | null = null;
  if (quote.format === 'rich2') {
    const raw =
      typeof quote.bodyRaw === 'string'
        ? parse(quote.bodyRaw)
        : Array.isArray(quote.bodyRaw)
          ? (quote.bodyRaw as Rich2Json)
          : null;
    quoted = raw;
  }
  if (quoted === null) {
    const text = typeof quote.bodyRaw === 'string' ? quote.bodyRaw : '';
    quoted = text
      .replace(/<[^>]*>/g, '')
      .split(/\n{2,}/)
      .filter((paragraph) => paragraph.trim() !== '')
      .map((paragraph) => ({ type: 'p', children: [{ text: paragraph.trim() }] }));
  }
  const blockquote = {
    type: 'blockquote',
    children: [{ type: 'p', children: [{ text: wroteLabel, bold: true }] }, ...quoted],
  };
  return JSON.stringify([...current, blockquote, { type: 'p', children: [{ text: '' }] }]);
}
