/**
 * The rich2 body format (interfaces.md "rich2"): a JSON string holding an array of Slate-style
 * blocks. The editor writes it, the server renders it. This module has no runtime dependency on
 * Slate, so forms can use it without pulling the editor into the main bundle.
 */

/** A text leaf with its marks. */
export interface Rich2Text {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}

export type Rich2Mark = 'bold' | 'italic' | 'strikethrough' | 'code';

export const rich2Marks: readonly Rich2Mark[] = ['bold', 'italic', 'strikethrough', 'code'];

export interface LinkElement {
  type: 'a';
  url: string;
  children: Rich2Text[];
}

export interface MentionElement {
  type: '@';
  userID: number;
  name: string;
  children: [Rich2Text];
}

export type Rich2Inline = Rich2Text | LinkElement | MentionElement;

export type HeadingType = 'h2' | 'h3' | 'h4' | 'h5';

export const headingTypes: readonly HeadingType[] = ['h2', 'h3', 'h4', 'h5'];

export interface ParagraphElement {
  type: 'p';
  children: Rich2Inline[];
}

export interface HeadingElement {
  type: HeadingType;
  children: Rich2Inline[];
}

export interface BlockquoteElement {
  type: 'blockquote';
  children: Rich2Block[];
}

export interface SpoilerElement {
  type: 'spoiler';
  children: Rich2Block[];
}

export interface CodeLineElement {
  type: 'code_line';
  children: Rich2Text[];
}

export interface CodeBlockElement {
  type: 'code_block';
  children: CodeLineElement[];
}

export type ListType = 'ul' | 'ol';

export interface ListElement {
  type: ListType;
  children: ListItemElement[];
}

export interface ListItemContentElement {
  type: 'lic';
  children: Rich2Inline[];
}

export interface ListItemElement {
  type: 'li';
  children: (ListItemContentElement | ListElement)[];
}

export interface ImageEmbedData {
  url: string;
  name?: string;
  alt?: string;
  width?: number | null;
  height?: number | null;
}

export interface ImageEmbedElement {
  type: 'rich_embed_card';
  dataSourceType: 'image';
  url: string;
  embedData: ImageEmbedData;
  children: [Rich2Text];
}

export interface TableCellElement {
  type: 'th' | 'td';
  children: Rich2Block[];
}

export interface TableRowElement {
  type: 'tr';
  children: TableCellElement[];
}

export interface TableElement {
  type: 'table';
  children: TableRowElement[];
}

export type Rich2Block =
  | ParagraphElement
  | HeadingElement
  | BlockquoteElement
  | SpoilerElement
  | CodeBlockElement
  | ListElement
  | ImageEmbedElement
  | TableElement;

/** Every element type of the vocabulary. */
export type Rich2Element =
  | Rich2Block
  | LinkElement
  | MentionElement
  | CodeLineElement
  | ListItemElement
  | ListItemContentElement
  | TableRowElement
  | TableCellElement;

export type Rich2Node = Rich2Element | Rich2Text;

export type Rich2Value = Rich2Block[];

/** spec 000 §5: empty rich text is an empty paragraph. */
export function emptyRich2(): Rich2Value {
  return [{ type: 'p', children: [{ text: '' }] }];
}

/** The empty value as the JSON string the API stores. */
export function emptyRich2Value(): string {
  return JSON.stringify(emptyRich2());
}

export function serializeRich2(value: readonly Rich2Block[]): string {
  return JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRich2Text(node: unknown): node is Rich2Text {
  return isObject(node) && typeof node.text === 'string' && node.type === undefined;
}

function cleanText(node: Record<string, unknown>): Rich2Text {
  const leaf: Rich2Text = { text: typeof node.text === 'string' ? node.text : '' };
  for (const mark of rich2Marks) {
    if (node[mark] === true) leaf[mark] = true;
  }
  return leaf;
}

function textOfUnknown(node: unknown): string {
  if (!isObject(node)) return '';
  if (typeof node.text === 'string') return node.text;
  return Array.isArray(node.children) ? node.children.map(textOfUnknown).join('') : '';
}

function parseInlines(children: unknown): Rich2Inline[] {
  const result: Rich2Inline[] = [];
  for (const child of Array.isArray(children) ? children : []) {
    if (!isObject(child)) continue;
    if (child.type === undefined && typeof child.text === 'string') {
      result.push(cleanText(child));
    } else if (child.type === 'a' && typeof child.url === 'string') {
      const texts = parseInlines(child.children).flatMap((inline) =>
        isRich2Text(inline) ? [inline] : [{ text: inlineText(inline) }],
      );
      result.push({
        type: 'a',
        url: child.url,
        children: texts.length > 0 ? texts : [{ text: '' }],
      });
    } else if (child.type === '@' && typeof child.name === 'string') {
      result.push({
        type: '@',
        userID: typeof child.userID === 'number' ? child.userID : 0,
        name: child.name,
        children: [{ text: '' }],
      });
    } else {
      // Unknown inline (or a stray block): keep its text.
      result.push({ text: textOfUnknown(child) });
    }
  }
  return result.length > 0 ? result : [{ text: '' }];
}

/** The text an inline reads as: a mention as `@name`, a link as its text. */
export function inlineText(inline: Rich2Inline): string {
  if (isRich2Text(inline)) return inline.text;
  if (inline.type === '@') return `@${inline.name}`;
  return inline.children.map((child) => child.text).join('');
}

function parseListItem(node: unknown): ListItemElement {
  const children: (ListItemContentElement | ListElement)[] = [];
  const source = isObject(node) && Array.isArray(node.children) ? node.children : [];
  for (const child of source) {
    if (isObject(child) && (child.type === 'ul' || child.type === 'ol')) {
      children.push(parseList(child, child.type));
    } else if (isObject(child) && (child.type === 'lic' || child.type === 'p')) {
      children.push({ type: 'lic', children: parseInlines(child.children) });
    } else {
      children.push({ type: 'lic', children: [{ text: textOfUnknown(child) }] });
    }
  }
  if (children.length === 0 || children[0]?.type !== 'lic') {
    children.unshift({ type: 'lic', children: [{ text: '' }] });
  }
  return { type: 'li', children };
}

function parseList(node: Record<string, unknown>, type: ListType): ListElement {
  const items = (Array.isArray(node.children) ? node.children : []).map(parseListItem);
  return { type, children: items.length > 0 ? items : [parseListItem({})] };
}

function parseBlocks(children: unknown): Rich2Block[] {
  const blocks: Rich2Block[] = [];
  for (const child of Array.isArray(children) ? children : []) {
    const block = parseBlock(child);
    if (block !== null) blocks.push(block);
  }
  return blocks.length > 0 ? blocks : emptyRich2();
}

function parseBlock(node: unknown): Rich2Block | null {
  if (!isObject(node)) return null;
  switch (node.type) {
    case 'p':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
      return { type: node.type, children: parseInlines(node.children) };
    case 'h1':
      return { type: 'h2', children: parseInlines(node.children) };
    case 'h6':
      return { type: 'h5', children: parseInlines(node.children) };
    case 'blockquote':
    case 'spoiler':
      return { type: node.type, children: parseBlocks(node.children) };
    case 'code_block': {
      const lines = (Array.isArray(node.children) ? node.children : []).map(
        (line): CodeLineElement => ({
          type: 'code_line',
          children: [{ text: textOfUnknown(line) }],
        }),
      );
      return {
        type: 'code_block',
        children: lines.length > 0 ? lines : [{ type: 'code_line', children: [{ text: '' }] }],
      };
    }
    case 'ul':
    case 'ol':
      return parseList(node, node.type);
    case 'rich_embed_card': {
      const embed = isObject(node.embedData) ? node.embedData : {};
      const url =
        typeof node.url === 'string' ? node.url : typeof embed.url === 'string' ? embed.url : '';
      if (url === '') return null;
      const embedData: ImageEmbedData = { url };
      if (typeof embed.name === 'string') embedData.name = embed.name;
      if (typeof embed.alt === 'string') embedData.alt = embed.alt;
      if (typeof embed.width === 'number') embedData.width = embed.width;
      if (typeof embed.height === 'number') embedData.height = embed.height;
      return {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url,
        embedData,
        children: [{ text: '' }],
      };
    }
    case 'table': {
      const rows = (Array.isArray(node.children) ? node.children : [])
        .filter((row): row is Record<string, unknown> => isObject(row) && row.type === 'tr')
        .map((row): TableRowElement => ({
          type: 'tr',
          children: (Array.isArray(row.children) ? row.children : [])
            .filter(
              (cell): cell is Record<string, unknown> =>
                isObject(cell) && (cell.type === 'th' || cell.type === 'td'),
            )
            .map((cell): TableCellElement => ({
              type: cell.type === 'th' ? 'th' : 'td',
              children: parseBlocks(cell.children),
            })),
        }))
        .filter((row) => row.children.length > 0);
      return rows.length > 0 ? { type: 'table', children: rows } : null;
    }
    default:
      if (node.type === undefined && typeof node.text === 'string') {
        return { type: 'p', children: [cleanText(node)] };
      }
      // spec (interfaces.md): unknown node types keep their text.
      return { type: 'p', children: [{ text: textOfUnknown(node) }] };
  }
}

/**
 * Reads a rich2 JSON string into well-formed blocks. Malformed JSON or an empty array gives the
 * empty value; unknown node types become paragraphs holding their text.
 */
export function parseRich2(value: string): Rich2Value {
  let data: unknown;
  try {
    data = JSON.parse(value);
  } catch {
    return value.trim() === '' ? emptyRich2() : rich2FromPlainTextBlocks(value);
  }
  return Array.isArray(data) ? parseBlocks(data) : emptyRich2();
}

/** One paragraph per line of `text`. */
export function rich2FromPlainTextBlocks(text: string): Rich2Value {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  return lines.map((line): ParagraphElement => ({ type: 'p', children: [{ text: line }] }));
}
