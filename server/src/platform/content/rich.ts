import { escapeHtml, escapeText } from './escape.ts';
import { lookupMention, mentionLink, type MentionRef, type ResolvedMentions } from './mentions.ts';

/** One Quill delta operation of a legacy `rich` body (api-contract §1.8). */
export interface QuillOp {
  insert: string | Record<string, unknown>;
  attributes?: Record<string, unknown>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses a rich body; null when it is not a JSON array of `{insert}` operations. */
export function parseRich(body: string): QuillOp[] | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value)) return null;
  const ops: QuillOp[] = [];
  for (const item of value) {
    if (!isRecord(item)) return null;
    const { insert, attributes } = item;
    if (typeof insert !== 'string' && !isRecord(insert)) return null;
    ops.push(isRecord(attributes) ? { insert, attributes } : { insert });
  }
  return ops;
}

function mentionRefOf(value: unknown): MentionRef | null {
  if (!isRecord(value)) return null;
  const userID = typeof value.userID === 'number' && Number.isInteger(value.userID) && value.userID > 0 ? value.userID : null;
  return { userID, name: typeof value.name === 'string' ? value.name : '' };
}

/** The mention embeds of a body, to resolve in one query before rendering. */
export function richMentionRefs(ops: readonly QuillOp[]): MentionRef[] {
  const refs: MentionRef[] = [];
  for (const op of ops) {
    if (typeof op.insert === 'string') continue;
    const ref = mentionRefOf(op.insert.mention);
    if (ref !== null) refs.push(ref);
  }
  return refs;
}

interface Line {
  html: string;
  text: string;
  attributes: Record<string, unknown>;
}

function formatText(text: string, attributes: Record<string, unknown> | undefined): string {
  let html = escapeText(text);
  if (attributes === undefined) return html;
  if (attributes.code === true) html = `<code>${html}</code>`;
  if (attributes.strike === true) html = `<s>${html}</s>`;
  if (attributes.underline === true) html = `<u>${html}</u>`;
  if (attributes.italic === true) html = `<em>${html}</em>`;
  if (attributes.bold === true) html = `<strong>${html}</strong>`;
  if (typeof attributes.link === 'string') html = `<a href="${escapeHtml(attributes.link)}">${html}</a>`;
  return html;
}

function formatEmbed(insert: Record<string, unknown>, mentions: ResolvedMentions): { html: string; text: string } {
  const ref = mentionRefOf(insert.mention);
  if (ref !== null) {
    const user = lookupMention(mentions, ref);
    return user === undefined
      ? { html: escapeHtml(`@${ref.name}`), text: `@${ref.name}` }
      : { html: mentionLink(user), text: `@${user.name}` };
  }
  if (typeof insert.image === 'string') return { html: `<img src="${escapeHtml(insert.image)}" alt="">`, text: '' };
  const external = insert['embed-external'];
  if (isRecord(external) && isRecord(external.data)) {
    const data = external.data;
    const url = typeof data.url === 'string' ? data.url : '';
    if (url === '') return { html: '', text: '' };
    if (data.embedType === 'image') {
      const alt = typeof data.name === 'string' ? data.name : '';
      return { html: `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}">`, text: '' };
    }
    const name = typeof data.name === 'string' && data.name !== '' ? data.name : url;
    return { html: `<a href="${escapeHtml(url)}">${escapeHtml(name)}</a>`, text: name };
  }
  return { html: '', text: '' };
}

function toLines(ops: readonly QuillOp[], mentions: ResolvedMentions): Line[] {
  const lines: Line[] = [];
  let html = '';
  let text = '';
  for (const op of ops) {
    if (typeof op.insert !== 'string') {
      const embed = formatEmbed(op.insert, mentions);
      html += embed.html;
      text += embed.text;
      continue;
    }
    const segments = op.insert.split('\n');
    segments.forEach((segment, index) => {
      html += formatText(segment, op.attributes);
      text += segment;
      // A newline ends a line; the op holding it carries the line's block format.
      if (index < segments.length - 1) {
        lines.push({ html, text, attributes: op.attributes ?? {} });
        html = '';
        text = '';
      }
    });
  }
  if (html !== '') lines.push({ html, text, attributes: {} });
  return lines;
}

type BlockKind = 'p' | 'code' | 'bullet' | 'ordered' | 'quote' | 'spoiler' | `h${number}`;

function kindOf(attributes: Record<string, unknown>): BlockKind {
  if (attributes['code-block'] !== undefined && attributes['code-block'] !== false) return 'code';
  if (attributes.list === 'bullet') return 'bullet';
  if (attributes.list === 'ordered') return 'ordered';
  if (attributes.blockquote === true || attributes['blockquote-line'] === true) return 'quote';
  if (attributes['spoiler-line'] === true) return 'spoiler';
  if (typeof attributes.header === 'number') return `h${Math.min(5, Math.max(2, attributes.header))}`;
  if (isRecord(attributes.header) && typeof attributes.header.level === 'number')
    return `h${Math.min(5, Math.max(2, attributes.header.level))}`;
  return 'p';
}

function paragraph(line: Line): string {
  return `<p>${line.html === '' ? '<br>' : line.html}</p>`;
}

/** A parsed rich (Quill delta) body as HTML (still to be sanitized); mentions come resolved. */
export function richToHtml(ops: readonly QuillOp[], mentions: ResolvedMentions): string {
  const lines = toLines(ops, mentions);
  let html = '';
  let index = 0;
  while (index < lines.length) {
    const first = lines[index];
    if (first === undefined) break;
    const kind = kindOf(first.attributes);
    const group: Line[] = [];
    while (index < lines.length) {
      const line = lines[index];
      if (line === undefined || kindOf(line.attributes) !== kind || (kind.startsWith('h') && group.length > 0)) break;
      group.push(line);
      index += 1;
    }
    switch (kind) {
      case 'p':
        html += group.map(paragraph).join('');
        break;
      case 'code':
        html += `<pre class="codeBlock"><code>${escapeHtml(group.map((line) => line.text).join('\n'))}</code></pre>`;
        break;
      case 'bullet':
      case 'ordered': {
        const tag = kind === 'bullet' ? 'ul' : 'ol';
        html += `<${tag}>${group.map((line) => `<li>${line.html}</li>`).join('')}</${tag}>`;
        break;
      }
      case 'quote':
        html += `<blockquote>${group.map(paragraph).join('')}</blockquote>`;
        break;
      case 'spoiler':
        html += `<details class="spoiler"><summary>Spoiler</summary>${group.map(paragraph).join('')}</details>`;
        break;
      default:
        html += `<${kind}>${first.html}</${kind}>`;
    }
  }
  return html;
}
