import { escapeHtml, escapeWithBreaks } from './escape.ts';
import { lookupMention, mentionLink, type MentionRef, type ResolvedMentions } from './mentions.ts';

/** A node of a rich2 body (interfaces "rich2"): a Slate element or a text leaf. */
export type Rich2Node = Record<string, unknown>;

// Deeper structure is rendered as its text: rendering recurses, and a body must not exhaust the stack.
const MAX_DEPTH = 24;

function isRecord(value: unknown): value is Rich2Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childrenOf(node: Rich2Node): Rich2Node[] {
  return Array.isArray(node.children) ? node.children.filter(isRecord) : [];
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isLeaf(node: Rich2Node): boolean {
  return typeof node.text === 'string' && node.type === undefined;
}

/** Parses a rich2 body; null when it is not a JSON array of nodes. */
export function parseRich2(body: string): Rich2Node[] | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || !value.every(isRecord)) return null;
  return value;
}

/** Every node below `roots`, without recursion (bodies may nest deeply). */
function* walk(roots: readonly Rich2Node[]): Generator<Rich2Node> {
  const pending = [...roots].reverse();
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === undefined) break;
    yield node;
    const children = childrenOf(node);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child !== undefined) pending.push(child);
    }
  }
}

/** The text of a subtree, without recursion. */
function textOf(node: Rich2Node): string {
  let text = '';
  for (const child of walk([node])) if (isLeaf(child)) text += stringOf(child.text);
  return text;
}

function mentionRefOf(node: Rich2Node): MentionRef {
  const userID = typeof node.userID === 'number' && Number.isInteger(node.userID) && node.userID > 0 ? node.userID : null;
  return { userID, name: stringOf(node.name) };
}

/** The mention nodes of a body, to resolve in one query before rendering. */
export function rich2MentionRefs(nodes: readonly Rich2Node[]): MentionRef[] {
  const refs: MentionRef[] = [];
  for (const node of walk(nodes)) if (node.type === '@') refs.push(mentionRefOf(node));
  return refs;
}

interface RenderState {
  mentions: ResolvedMentions;
}

function renderLeaf(node: Rich2Node): string {
  const text = stringOf(node.text);
  if (text === '') return '';
  let html = node.code === true ? `<code>${escapeHtml(text)}</code>` : escapeWithBreaks(text);
  if (node.strikethrough === true) html = `<s>${html}</s>`;
  if (node.underline === true) html = `<u>${html}</u>`;
  if (node.italic === true) html = `<em>${html}</em>`;
  if (node.bold === true) html = `<strong>${html}</strong>`;
  return html;
}

function renderInlines(nodes: readonly Rich2Node[], state: RenderState, depth: number): string {
  return nodes.map((node) => renderInline(node, state, depth + 1)).join('');
}

function renderInline(node: Rich2Node, state: RenderState, depth: number): string {
  if (isLeaf(node)) return renderLeaf(node);
  if (depth > MAX_DEPTH) return escapeWithBreaks(textOf(node));
  switch (node.type) {
    case 'a':
    case 'link':
      return `<a href="${escapeHtml(stringOf(node.url))}">${renderInlines(childrenOf(node), state, depth)}</a>`;
    case '@': {
      const ref = mentionRefOf(node);
      const user = lookupMention(state.mentions, ref);
      return user === undefined ? escapeHtml(ref.name === '' ? '' : `@${ref.name}`) : mentionLink(user);
    }
    case 'rich_embed_inline':
    case 'rich_embed_card':
      return renderEmbed(node);
    default:
      // Unknown inline types, and blocks misplaced inside text, keep their text.
      return renderInlines(childrenOf(node), state, depth);
  }
}

function positiveInt(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= 10_000 ? number : undefined;
}

function renderEmbed(node: Rich2Node): string {
  const data = isRecord(node.embedData) ? node.embedData : {};
  const url = stringOf(data.url) || stringOf(node.url);
  if (url === '') return '';
  if (node.dataSourceType === 'image' || data.embedType === 'image') {
    const width = positiveInt(data.width);
    const height = positiveInt(data.height);
    const alt = stringOf(data.alt) || stringOf(data.name);
    return `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}"${width === undefined ? '' : ` width="${width}"`}${height === undefined ? '' : ` height="${height}"`}>`;
  }
  const name = stringOf(data.name) || url;
  return `<a href="${escapeHtml(url)}">${escapeHtml(name)}</a>`;
}

/** Children that should be blocks: runs of inline nodes are wrapped in paragraphs. */
function renderBlockChildren(nodes: readonly Rich2Node[], state: RenderState, depth: number): string {
  let html = '';
  let inlineRun: Rich2Node[] = [];
  const flush = () => {
    if (inlineRun.length === 0) return;
    html += `<p>${renderInlines(inlineRun, state, depth)}</p>`;
    inlineRun = [];
  };
  for (const node of nodes) {
    if (isBlock(node)) {
      flush();
      html += renderBlock(node, state, depth + 1);
    } else {
      inlineRun.push(node);
    }
  }
  flush();
  return html;
}

const blockTypes = new Set([
  'p',
  'paragraph',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'blockquote-line',
  'code_block',
  'ul',
  'ol',
  'li',
  'lic',
  'spoiler',
  'spoiler-content',
  'table',
  'tr',
  'th',
  'td',
]);

function isBlock(node: Rich2Node): boolean {
  if (isLeaf(node)) return false;
  if (node.type === 'rich_embed_card') return true;
  return typeof node.type === 'string' && blockTypes.has(node.type);
}

function renderList(node: Rich2Node, tag: 'ul' | 'ol', state: RenderState, depth: number): string {
  const items = childrenOf(node)
    .map((item) => {
      if (item.type !== 'li') return `<li>${renderInline(item, state, depth + 1)}</li>`;
      const parts = childrenOf(item).map((part) => {
        if (part.type === 'lic') return renderInlines(childrenOf(part), state, depth + 2);
        if (part.type === 'ul' || part.type === 'ol') return renderList(part, part.type, state, depth + 2);
        return isBlock(part) ? renderBlock(part, state, depth + 2) : renderInline(part, state, depth + 2);
      });
      return `<li>${parts.join('')}</li>`;
    })
    .join('');
  return `<${tag}>${items}</${tag}>`;
}

function renderTable(node: Rich2Node, state: RenderState, depth: number): string {
  const rows = childrenOf(node)
    .filter((row) => row.type === 'tr')
    .map((row) => {
      const cells = childrenOf(row)
        .map((cell) => {
          const tag = cell.type === 'th' ? 'th' : 'td';
          return `<${tag}>${renderBlockChildren(childrenOf(cell), state, depth + 2)}</${tag}>`;
        })
        .join('');
      return `<tr>${cells}</tr>`;
    })
    .join('');
  return `<table><tbody>${rows}</tbody></table>`;
}

function renderBlock(node: Rich2Node, state: RenderState, depth: number): string {
  if (depth > MAX_DEPTH) return `<p>${escapeWithBreaks(textOf(node))}</p>`;
  const type = stringOf(node.type);
  switch (type) {
    case 'p':
    case 'paragraph':
    case 'lic':
    case 'blockquote-line':
      return `<p>${renderInlines(childrenOf(node), state, depth)}</p>`;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Math.min(5, Math.max(2, Number(type.slice(1))));
      return `<h${level}>${renderInlines(childrenOf(node), state, depth)}</h${level}>`;
    }
    case 'blockquote':
      return `<blockquote>${renderBlockChildren(childrenOf(node), state, depth)}</blockquote>`;
    case 'code_block': {
      const lines = childrenOf(node).map((line) => (isLeaf(line) ? stringOf(line.text) : textOf(line)));
      return `<pre class="codeBlock"><code>${escapeHtml(lines.join('\n'))}</code></pre>`;
    }
    case 'ul':
    case 'ol':
      return renderList(node, type, state, depth);
    case 'li':
      return renderList({ type: 'ul', children: [node] }, 'ul', state, depth);
    case 'spoiler':
    case 'spoiler-content':
      return `<details class="spoiler"><summary>Spoiler</summary>${renderBlockChildren(childrenOf(node), state, depth)}</details>`;
    case 'table':
      return renderTable(node, state, depth);
    case 'tr':
    case 'th':
    case 'td':
      return renderTable({ type: 'table', children: [type === 'tr' ? node : { type: 'tr', children: [node] }] }, state, depth);
    case 'rich_embed_card': {
      const embed = renderEmbed(node);
      return embed === '' ? '' : `<p>${embed}</p>`;
    }
    default:
      return `<p>${escapeWithBreaks(textOf(node))}</p>`;
  }
}

/** A parsed rich2 body as HTML (still to be sanitized); mentions come resolved. */
export function rich2ToHtml(nodes: readonly Rich2Node[], mentions: ResolvedMentions): string {
  return renderBlockChildren(nodes, { mentions }, 0);
}
