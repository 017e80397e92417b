import {
  emptyRich2Value,
  inlineText,
  isRich2Text,
  parseRich2,
  rich2FromPlainTextBlocks,
  rich2Marks,
  serializeRich2,
  type ListItemElement,
  type Rich2Block,
  type Rich2Node,
  type TableRowElement,
} from './rich2.ts';

// rich2 values as plain text and back: the text box that stands in for the editor until it loads,
// emptiness checks of the forms, and the plain text a value reads as.

function blockPlainLines(block: Rich2Block | ListItemElement | TableRowElement): string[] {
  switch (block.type) {
    case 'p':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
      return [block.children.map(inlineText).join('')];
    case 'blockquote':
    case 'spoiler':
      return block.children.flatMap(blockPlainLines);
    case 'code_block':
      return block.children.map((line) => line.children.map((leaf) => leaf.text).join(''));
    case 'ul':
    case 'ol':
      return block.children.flatMap(blockPlainLines);
    case 'li':
      return block.children.flatMap((child) =>
        child.type === 'lic' ? [child.children.map(inlineText).join('')] : blockPlainLines(child),
      );
    case 'rich_embed_card':
      return [];
    case 'table':
      return block.children.flatMap(blockPlainLines);
    case 'tr':
      return [
        block.children.map((cell) => cell.children.flatMap(blockPlainLines).join(' ')).join('\t'),
      ];
  }
}

/** The plain text of a rich2 value: one line per text block, mentions as `@name`. */
export function rich2ToPlainText(value: string | readonly Rich2Block[]): string {
  const blocks = typeof value === 'string' ? parseRich2(value) : value;
  return blocks.flatMap(blockPlainLines).join('\n');
}

/**
 * Whether a rich2 value holds nothing a reader would see: no text other than white space and no
 * image (spec 000 §5: empty rich text is an empty paragraph).
 */
export function isRich2Empty(value: string | readonly Rich2Block[]): boolean {
  const blocks = typeof value === 'string' ? parseRich2(value) : value;
  const hasEmbed = (nodes: readonly Rich2Node[]): boolean =>
    nodes.some(
      (node) =>
        !isRich2Text(node) &&
        (node.type === 'rich_embed_card' ||
          node.type === '@' ||
          hasEmbed(node.children as readonly Rich2Node[])),
    );
  return rich2ToPlainText(blocks).trim() === '' && !hasEmbed(blocks);
}

/** A rich2 value holding `text` as one paragraph per line. */
export function rich2FromPlainText(text: string): string {
  return text === '' ? emptyRich2Value() : serializeRich2(rich2FromPlainTextBlocks(text));
}

/**
 * Whether a value is nothing but unformatted paragraphs, so a plain text box can edit it without
 * losing anything.
 */
export function isPlainRich2(value: string): boolean {
  return parseRich2(value).every(
    (block) =>
      block.type === 'p' &&
      block.children.every(
        (child) => isRich2Text(child) && rich2Marks.every((mark) => child[mark] !== true),
      ),
  );
}
