import {
  isRich2Text,
  parseRich2,
  type ListElement,
  type Rich2Block,
  type Rich2Inline,
  type Rich2Text,
} from './rich2.ts';

/** What a switch from rich text to Markdown gives: the text and whether something was dropped. */
export interface MarkdownConversion {
  markdown: string;
  /** True when the value held something Markdown cannot express (spoilers, tables). */
  isLossy: boolean;
}

function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>~#])/g, '\\$1');
}

function leafMarkdown(leaf: Rich2Text): string {
  if (leaf.text === '') return '';
  if (leaf.code === true) {
    const fence = leaf.text.includes('`') ? '``' : '`';
    return `${fence}${leaf.text}${fence}`;
  }
  // Keep surrounding spaces outside the markers so `** bold**` does not break emphasis.
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(leaf.text);
  const [, before = '', core = '', after = ''] = match ?? [];
  if (core === '') return leaf.text;
  let inner = escapeMarkdown(core);
  if (leaf.strikethrough === true) inner = `~~${inner}~~`;
  if (leaf.italic === true) inner = `_${inner}_`;
  if (leaf.bold === true) inner = `**${inner}**`;
  return `${before}${inner}${after}`;
}

function inlinesMarkdown(children: readonly Rich2Inline[]): string {
  return children
    .map((child) => {
      if (isRich2Text(child)) return leafMarkdown(child);
      if (child.type === '@') {
        return /^[\p{L}\p{N}_.-]+$/u.test(child.name)
          ? `@${child.name}`
          : `@"${child.name.replace(/"/g, '')}"`;
      }
      const text = child.children.map(leafMarkdown).join('');
      return `[${text === '' ? escapeMarkdown(child.url) : text}](${child.url.replace(/[()\s]/g, encodeURIComponent)})`;
    })
    .join('');
}

function listMarkdown(list: ListElement, depth: number, state: { isLossy: boolean }): string[] {
  const lines: string[] = [];
  list.children.forEach((item, index) => {
    const marker = list.type === 'ol' ? `${index + 1}. ` : '- ';
    const indent = '   '.repeat(depth);
    for (const child of item.children) {
      if (child.type === 'lic') {
        lines.push(`${indent}${marker}${inlinesMarkdown(child.children)}`);
      } else {
        lines.push(...listMarkdown(child, depth + 1, state));
      }
    }
  });
  return lines;
}

function blockMarkdown(block: Rich2Block, state: { isLossy: boolean }): string {
  switch (block.type) {
    case 'p':
      return inlinesMarkdown(block.children);
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
      return `${'#'.repeat(Number(block.type.slice(1)))} ${inlinesMarkdown(block.children)}`;
    case 'blockquote':
      return blocksMarkdown(block.children, state)
        .split('\n')
        .map((line) => (line === '' ? '>' : `> ${line}`))
        .join('\n');
    case 'spoiler':
      // Markdown has no spoiler: its content stays, the hiding goes.
      state.isLossy = true;
      return blocksMarkdown(block.children, state);
    case 'code_block': {
      const code = block.children.map((line) => line.children.map((leaf) => leaf.text).join(''));
      const fence = code.some((line) => line.startsWith('```')) ? '~~~' : '```';
      return [fence, ...code, fence].join('\n');
    }
    case 'ul':
    case 'ol':
      return listMarkdown(block, 0, state).join('\n');
    case 'rich_embed_card': {
      const alt = block.embedData.alt ?? block.embedData.name ?? '';
      return `![${escapeMarkdown(alt)}](${block.url.replace(/[()\s]/g, encodeURIComponent)})`;
    }
    case 'table': {
      state.isLossy = true;
      return block.children
        .map((row) =>
          row.children
            .map((cell) => blocksMarkdown(cell.children, state).replace(/\n/g, ' '))
            .join(' | '),
        )
        .join('\n');
    }
  }
}

function blocksMarkdown(blocks: readonly Rich2Block[], state: { isLossy: boolean }): string {
  return blocks.map((block) => blockMarkdown(block, state)).join('\n\n');
}

/** Converts a rich2 value to Markdown for the Markdown mode of the body editor. */
export function rich2ToMarkdown(value: string | readonly Rich2Block[]): MarkdownConversion {
  const blocks = typeof value === 'string' ? parseRich2(value) : value;
  const state = { isLossy: false };
  const markdown = blocksMarkdown(blocks, state)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, isLossy: state.isLossy };
}
