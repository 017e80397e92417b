/** One run of a word diff: text kept, added in the newer version, or removed from the older. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** Beyond this many words per side the diff shows the whole text as replaced (LCS is quadratic). */
const MAX_TOKENS = 3000;

function tokens(text: string): string[] {
  return text.split(/(\s+)/).filter((token) => token !== '');
}

function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  const last = parts[parts.length - 1];
  if (last && last.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/**
 * A word-level diff of two versions (the Revision History screen, spec 000 §2): the longest
 * common subsequence of words and spaces, the rest marked removed (older) or added (newer).
 */
export function diffWords(older: string, newer: string): DiffPart[] {
  const a = tokens(older);
  const b = tokens(newer);
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS) {
    const parts: DiffPart[] = [];
    if (older !== '') parts.push({ kind: 'removed', text: older });
    if (newer !== '') parts.push({ kind: 'added', text: newer });
    return older === newer ? [{ kind: 'same', text: older }] : parts;
  }
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const left = a[i] ?? '';
    const right = b[j] ?? '';
    if (left === right) {
      push(parts, 'same', left);
      i += 1;
      j += 1;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push(parts, 'removed', left);
      i += 1;
    } else {
      push(parts, 'added', right);
      j += 1;
    }
  }
  for (; i < a.length; i += 1) push(parts, 'removed', a[i] ?? '');
  for (; j < b.length; j += 1) push(parts, 'added', b[j] ?? '');
  return parts;
}

function leafText(node: unknown, lines: string[], inline: string[]): void {
  if (typeof node !== 'object' || node === null) return;
  const record = node as { text?: unknown; children?: unknown };
  if (typeof record.text === 'string') inline.push(record.text);
  if (Array.isArray(record.children)) for (const child of record.children) leafText(child, lines, inline);
}

/**
 * The readable text of a version's raw source (the change log keeps the source, api-contract
 * §27.6): rich2 (Slate JSON) → its text, one line per block; HTML → its text; others as written.
 */
export function sourceText(body: string, format: string): string {
  if (format === 'rich2') {
    try {
      const blocks: unknown = JSON.parse(body);
      if (Array.isArray(blocks)) {
        const lines: string[] = [];
        for (const block of blocks) {
          const inline: string[] = [];
          leafText(block, lines, inline);
          lines.push(inline.join(''));
        }
        return lines.join('\n').trim();
      }
    } catch {
      return body;
    }
  }
  if (format === 'html' || format === 'wysiwyg') return body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  return body;
}
