import { escapeHtml, escapeWithBreaks } from './escape.ts';

type BBNode =
  | { kind: 'text'; value: string }
  | { kind: 'item' }
  | { kind: 'raw'; tag: 'code' | 'img'; value: string; arg: string | undefined }
  | { kind: 'tag'; tag: string; arg: string | undefined; children: BBNode[]; open: string };

const TAG = /\[(\/?)(b|i|u|s|url|img|quote|code|list|\*)(?:=([^\]\n]{0,2000}))?\]/gi;
// Deeper tags stay text: rendering recurses, and a body must not exhaust the stack.
const MAX_DEPTH = 30;
const blockTags = new Set(['quote', 'list', 'code']);

function parse(source: string): BBNode[] {
  const root: BBNode[] = [];
  const stack: { tag: string; arg: string | undefined; children: BBNode[]; open: string }[] = [];
  const current = () => stack.at(-1)?.children ?? root;
  let index = 0;
  TAG.lastIndex = 0;
  for (let match = TAG.exec(source); match !== null; match = TAG.exec(source)) {
    const [whole, slash, rawTag, arg] = match;
    const tag = (rawTag ?? '').toLowerCase();
    if (match.index > index) current().push({ kind: 'text', value: source.slice(index, match.index) });
    index = match.index + whole.length;
    if (slash === '') {
      if (tag === '*') {
        current().push({ kind: 'item' });
      } else if (tag === 'code' || tag === 'img') {
        // Their content is taken literally, up to the closing tag.
        const end = source.toLowerCase().indexOf(`[/${tag}]`, index);
        if (end === -1) {
          current().push({ kind: 'text', value: whole });
          continue;
        }
        current().push({ kind: 'raw', tag, value: source.slice(index, end), arg });
        index = end + tag.length + 3;
        TAG.lastIndex = index;
      } else if (stack.length >= MAX_DEPTH) {
        current().push({ kind: 'text', value: whole });
      } else {
        stack.push({ tag, arg, children: [], open: whole });
      }
      continue;
    }
    const position = stack.map((entry) => entry.tag).lastIndexOf(tag);
    if (position === -1) {
      current().push({ kind: 'text', value: whole });
      continue;
    }
    // Tags left open inside the one being closed are closed with it.
    while (stack.length > position) {
      const entry = stack.pop();
      if (entry === undefined) break;
      current().push({ kind: 'tag', ...entry });
    }
  }
  if (index < source.length) current().push({ kind: 'text', value: source.slice(index) });
  while (stack.length > 0) {
    const entry = stack.pop();
    if (entry === undefined) break;
    // An unclosed tag stays text.
    current().push({ kind: 'text', value: entry.open }, ...entry.children);
  }
  return root;
}

function textOf(nodes: readonly BBNode[]): string {
  return nodes
    .map((node) =>
      node.kind === 'text' ? node.value : node.kind === 'tag' ? textOf(node.children) : node.kind === 'raw' ? node.value : '',
    )
    .join('');
}

function renderList(node: Extract<BBNode, { kind: 'tag' }>): string {
  const items: BBNode[][] = [];
  for (const child of node.children) {
    if (child.kind === 'item') items.push([]);
    else if (items.length > 0) items.at(-1)?.push(child);
    else if (child.kind !== 'text' || child.value.trim() !== '') items.push([child]);
  }
  const tag = node.arg !== undefined && /^\s*[1aAiI]\s*$/.test(node.arg) ? 'ol' : 'ul';
  const lis = items.map((item) => `<li>${render(trimBreaks(item))}</li>`).join('');
  return `<${tag}>${lis}</${tag}>`;
}

function trimBreaks(nodes: BBNode[]): BBNode[] {
  return nodes.map((node, position) => {
    if (node.kind !== 'text') return node;
    let value = node.value;
    if (position === 0) value = value.replace(/^\s+/, '');
    if (position === nodes.length - 1) value = value.replace(/\s+$/, '');
    return { kind: 'text', value };
  });
}

function render(nodes: readonly BBNode[]): string {
  let html = '';
  let previousWasBlock = false;
  for (const node of nodes) {
    if (node.kind === 'text') {
      // A line break right after a block would add an empty line.
      html += escapeWithBreaks(previousWasBlock ? node.value.replace(/^\r?\n/, '') : node.value);
      previousWasBlock = false;
      continue;
    }
    if (node.kind === 'item') continue;
    if (node.kind === 'raw') {
      if (node.tag === 'code') html += `<pre class="codeBlock"><code>${escapeHtml(node.value.replace(/^\r?\n/, ''))}</code></pre>`;
      else html += `<img src="${escapeHtml(node.value.trim())}" alt="">`;
      previousWasBlock = node.tag === 'code';
      continue;
    }
    previousWasBlock = blockTags.has(node.tag);
    switch (node.tag) {
      case 'b':
        html += `<strong>${render(node.children)}</strong>`;
        break;
      case 'i':
        html += `<em>${render(node.children)}</em>`;
        break;
      case 'u':
        html += `<u>${render(node.children)}</u>`;
        break;
      case 's':
        html += `<s>${render(node.children)}</s>`;
        break;
      case 'url': {
        const href = (node.arg ?? textOf(node.children)).trim().replace(/^["']|["']$/g, '');
        html += `<a href="${escapeHtml(href)}">${render(node.children)}</a>`;
        break;
      }
      case 'quote':
        html += `<blockquote>${render(trimBreaks(node.children))}</blockquote>`;
        break;
      case 'list':
        html += renderList(node);
        break;
      default:
        html += render(node.children);
    }
  }
  return html;
}

/** A BBCode body ([b] [i] [u] [s] [url] [img] [quote] [code] [list]) as HTML, still to be sanitized. */
export function bbcodeToHtml(source: string): string {
  return render(parse(source.replace(/\r\n?/g, '\n')));
}
