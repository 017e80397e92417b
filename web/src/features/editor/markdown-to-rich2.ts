import type MarkdownIt from 'markdown-it';
import { markdown } from '../../../../common/src/content/markdown.ts';
import {
  emptyRich2,
  serializeRich2,
  type CodeLineElement,
  type ImageEmbedElement,
  type ListItemElement,
  type Rich2Block,
  type Rich2Inline,
  type Rich2Mark,
  type Rich2Text,
  type TableCellElement,
  type TableRowElement,
} from './rich2.ts';
import { isSafeLink } from '../../lib/safe-url.ts';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

type Container =
  | { kind: 'root'; blocks: Rich2Block[] }
  | { kind: 'blockquote'; blocks: Rich2Block[] }
  | { kind: 'list'; type: 'ul' | 'ol'; items: ListItemElement[] }
  | { kind: 'item'; item: ListItemElement; blocks: Rich2Block[] }
  | { kind: 'table'; rows: TableRowElement[] }
  | { kind: 'row'; cells: TableCellElement[] }
  | { kind: 'cell'; type: 'th' | 'td' };

function imageBlock(token: Token): ImageEmbedElement | null {
  const src = String(token.attrGet('src') ?? '');
  if (!isSafeLink(src)) return null;
  const alt = token.children?.map((child) => child.content).join('') ?? token.content;
  return {
    type: 'rich_embed_card',
    dataSourceType: 'image',
    url: src,
    embedData: alt === '' ? { url: src } : { url: src, alt },
    children: [{ text: '' }],
  };
}

/** Inline tokens → runs of inlines, split where an image (a block in rich2) appears. */
function convertInlines(tokens: readonly Token[]): (Rich2Inline[] | ImageEmbedElement)[] {
  const runs: (Rich2Inline[] | ImageEmbedElement)[] = [];
  let current: Rich2Inline[] = [];
  const marks = new Set<Rich2Mark>();
  let link: { url: string; children: Rich2Text[] } | null = null;

  const pushText = (text: string, extra?: Rich2Mark) => {
    if (text === '') return;
    const leaf: Rich2Text = { text };
    for (const mark of marks) leaf[mark] = true;
    if (extra !== undefined) leaf[extra] = true;
    if (link !== null) link.children.push(leaf);
    else current.push(leaf);
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        pushText(token.content);
        break;
      case 'code_inline':
        pushText(token.content, 'code');
        break;
      // The shared configuration renders a single newline as a line break (`breaks`): so does this.
      case 'softbreak':
      case 'hardbreak':
        pushText('\n');
        break;
      case 'strong_open':
        marks.add('bold');
        break;
      case 'strong_close':
        marks.delete('bold');
        break;
      case 'em_open':
        marks.add('italic');
        break;
      case 'em_close':
        marks.delete('italic');
        break;
      case 's_open':
        marks.add('strikethrough');
        break;
      case 's_close':
        marks.delete('strikethrough');
        break;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        link = isSafeLink(href) ? { url: href, children: [] } : null;
        break;
      }
      case 'link_close':
        if (link !== null) {
          const finished = link;
          link = null;
          current.push({
            type: 'a',
            url: finished.url,
            children: finished.children.length > 0 ? finished.children : [{ text: finished.url }],
          });
        }
        break;
      case 'image': {
        const image = imageBlock(token);
        if (image !== null) {
          if (current.length > 0) runs.push(current);
          current = [];
          runs.push(image);
        }
        break;
      }
      default:
        pushText(token.content);
    }
  }
  if (current.length > 0 || runs.length === 0) runs.push(current);
  return runs;
}

function codeLines(content: string): CodeLineElement[] {
  const lines = content.replace(/\n$/, '').split('\n');
  return lines.map((line) => ({ type: 'code_line', children: [{ text: line }] }));
}

/**
 * Converts Markdown to a rich2 value (switching the body editor from Markdown mode to rich text).
 * Horizontal rules are dropped; raw HTML stays as text; unsafe links keep only their text.
 */
export function markdownToRich2(source: string): string {
  if (source.trim() === '') return serializeRich2(emptyRich2());
  const tokens = markdown.parse(source, {});
  const stack: Container[] = [{ kind: 'root', blocks: [] }];
  let pendingHeading: 'p' | 'h2' | 'h3' | 'h4' | 'h5' = 'p';
  let cellBlocks: Rich2Block[] = [];

  const top = (): Container => stack[stack.length - 1] as Container;
  const addBlock = (block: Rich2Block) => {
    const container = top();
    if (container.kind === 'root' || container.kind === 'blockquote' || container.kind === 'item') {
      container.blocks.push(block);
    } else if (container.kind === 'cell') {
      cellBlocks.push(block);
    }
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open': {
        const level = Number(token.tag.slice(1));
        pendingHeading = level <= 2 ? 'h2' : level === 3 ? 'h3' : level === 4 ? 'h4' : 'h5';
        break;
      }
      case 'paragraph_open':
        pendingHeading = 'p';
        break;
      case 'inline': {
        const type = pendingHeading;
        pendingHeading = 'p';
        for (const run of convertInlines(token.children ?? [])) {
          if (Array.isArray(run)) {
            addBlock({ type, children: run.length > 0 ? run : [{ text: '' }] });
          } else {
            addBlock(run);
          }
        }
        break;
      }
      case 'fence':
      case 'code_block':
        addBlock({ type: 'code_block', children: codeLines(token.content) });
        break;
      case 'html_block':
        addBlock({ type: 'p', children: [{ text: token.content.replace(/\n$/, '') }] });
        break;
      case 'blockquote_open':
        stack.push({ kind: 'blockquote', blocks: [] });
        break;
      case 'blockquote_close': {
        const container = stack.pop();
        if (container?.kind === 'blockquote') {
          addBlock({
            type: 'blockquote',
            children: container.blocks.length > 0 ? container.blocks : emptyRich2(),
          });
        }
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        stack.push({
          kind: 'list',
          type: token.type === 'bullet_list_open' ? 'ul' : 'ol',
          items: [],
        });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const container = stack.pop();
        if (container?.kind === 'list') {
          const parent = top();
          const list = { type: container.type, children: container.items };
          if (parent.kind === 'item') {
            parent.item.children.push(list);
          } else if (container.items.length > 0) {
            addBlock(list);
          }
        }
        break;
      }
      case 'list_item_open': {
        stack.push({ kind: 'item', item: { type: 'li', children: [] }, blocks: [] });
        break;
      }
      case 'list_item_close': {
        const container = stack.pop();
        const list = top();
        if (container?.kind === 'item' && list.kind === 'list') {
          flushItemBlocks(container);
          list.items.push(mergeItemText(container.item));
        }
        break;
      }
      case 'table_open':
        stack.push({ kind: 'table', rows: [] });
        break;
      case 'table_close': {
        const container = stack.pop();
        if (container?.kind === 'table' && container.rows.length > 0) {
          addBlock({ type: 'table', children: container.rows });
        }
        break;
      }
      case 'tr_open':
        stack.push({ kind: 'row', cells: [] });
        break;
      case 'tr_close': {
        const container = stack.pop();
        const table = top();
        if (container?.kind === 'row' && table.kind === 'table') {
          table.rows.push({ type: 'tr', children: container.cells });
        }
        break;
      }
      case 'th_open':
      case 'td_open':
        stack.push({ kind: 'cell', type: token.type === 'th_open' ? 'th' : 'td' });
        cellBlocks = [];
        break;
      case 'th_close':
      case 'td_close': {
        const container = stack.pop();
        const row = top();
        if (container?.kind === 'cell' && row.kind === 'row') {
          row.cells.push({
            type: container.type,
            children: cellBlocks.length > 0 ? cellBlocks : emptyRich2(),
          });
        }
        cellBlocks = [];
        break;
      }
      default:
        break;
    }
    // Blocks inside a list item become its content: text as `lic`, nested lists as they come.
    const container = top();
    if (container.kind === 'item') flushItemBlocks(container);
  }
  const root = stack[0];
  const blocks = root?.kind === 'root' ? root.blocks : [];
  return serializeRich2(blocks.length > 0 ? blocks : emptyRich2());
}

/** One `lic` first (a loose item's paragraphs joined by line breaks), then the nested lists. */
function mergeItemText(item: ListItemElement): ListItemElement {
  const texts = item.children.filter((child) => child.type === 'lic');
  const lists = item.children.filter((child) => child.type !== 'lic');
  const inlines: Rich2Inline[] = [];
  texts.forEach((lic, index) => {
    if (index > 0) inlines.push({ text: '\n' });
    inlines.push(...lic.children);
  });
  return {
    type: 'li',
    children: [{ type: 'lic', children: inlines.length > 0 ? inlines : [{ text: '' }] }, ...lists],
  };
}

function flushItemBlocks(container: { item: ListItemElement; blocks: Rich2Block[] }): void {
  for (const block of container.blocks) {
    if (
      block.type === 'p' ||
      block.type === 'h2' ||
      block.type === 'h3' ||
      block.type === 'h4' ||
      block.type === 'h5'
    ) {
      container.item.children.push({ type: 'lic', children: block.children });
    } else if (block.type === 'ul' || block.type === 'ol') {
      container.item.children.push(block);
    } else if (block.type === 'code_block') {
      for (const line of block.children) {
        container.item.children.push({
          type: 'lic',
          children: [{ text: line.children[0]?.text ?? '' }],
        });
      }
    } else {
      container.item.children.push({ type: 'lic', children: [{ text: '' }] });
    }
  }
  container.blocks = [];
}
