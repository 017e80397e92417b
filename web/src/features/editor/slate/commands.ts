import {
  Editor,
  Element,
  Node,
  Path,
  Range,
  Text,
  Transforms,
  type Ancestor,
  type Descendant,
  type NodeEntry,
} from 'slate';
import './slate-types.ts';
import {
  headingTypes,
  rich2Marks,
  type HeadingType,
  type ImageEmbedData,
  type ImageEmbedElement,
  type ListType,
  type Rich2Element,
  type Rich2Mark,
  type Rich2Text,
} from '../rich2.ts';

/** Block formats the toolbar toggles. */
export type BlockFormat = 'p' | HeadingType | 'blockquote' | 'spoiler' | 'code_block' | ListType;

type ElementType = Rich2Element['type'];

const textBlockTypes: ReadonlySet<string> = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'lic',
  'code_line',
]);
const rootBlockTypes: ReadonlySet<string> = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'blockquote',
  'spoiler',
  'code_block',
  'ul',
  'ol',
  'rich_embed_card',
  'table',
]);
const containerTypes: ReadonlySet<string> = new Set(['blockquote', 'spoiler', 'th', 'td']);

export function isElementType<T extends ElementType>(
  node: unknown,
  type: T,
): node is Extract<Rich2Element, { type: T }> {
  return Element.isElement(node) && node.type === type;
}

export function isList(node: unknown): node is Extract<Rich2Element, { type: ListType }> {
  return Element.isElement(node) && (node.type === 'ul' || node.type === 'ol');
}

export function isTextBlock(node: unknown): node is Element {
  return Element.isElement(node) && textBlockTypes.has(node.type);
}

function isHeadingType(type: string): type is HeadingType {
  return (headingTypes as readonly string[]).includes(type);
}

function isContainerNode(node: Node): boolean {
  return Editor.isEditor(node) || (Element.isElement(node) && containerTypes.has(node.type));
}

/** The lowest text block (paragraph, heading, list item text, code line) around the selection. */
export function currentTextBlock(editor: Editor): NodeEntry<Element> | undefined {
  if (editor.selection === null) return undefined;
  return Editor.above(editor, { match: (node) => isTextBlock(node), mode: 'lowest' });
}

function selectedTextBlocks(editor: Editor): NodeEntry<Element>[] {
  if (editor.selection === null) return [];
  return Array.from(
    Editor.nodes<Element>(editor, {
      match: (node) => isTextBlock(node),
      mode: 'lowest',
    }),
  );
}

// ---- marks ----

export function isMarkActive(editor: Editor, mark: Rich2Mark): boolean {
  const marks = Editor.marks(editor) as Partial<Rich2Text> | null;
  return marks?.[mark] === true;
}

export function toggleMark(editor: Editor, mark: Rich2Mark): void {
  if (isBlockActive(editor, 'code_block')) return;
  if (isMarkActive(editor, mark)) {
    Editor.removeMark(editor, mark);
  } else {
    Editor.addMark(editor, mark, true);
  }
}

// ---- blocks ----

/** Whether the selection sits in a block of this format (lists: the nearest list's type). */
export function isBlockActive(editor: Editor, format: BlockFormat): boolean {
  if (editor.selection === null) return false;
  if (format === 'ul' || format === 'ol') {
    const list = Editor.above(editor, { match: (node) => isList(node), mode: 'lowest' });
    return list !== undefined && list[0].type === format;
  }
  if (format === 'blockquote' || format === 'spoiler' || format === 'code_block') {
    return Editor.above(editor, { match: (node) => isElementType(node, format) }) !== undefined;
  }
  const blocks = selectedTextBlocks(editor);
  return blocks.length > 0 && blocks.every(([node]) => node.type === format);
}

/** Turns the selected list items into paragraphs, out of their lists. */
function unwrapLists(editor: Editor): void {
  if (Editor.above(editor, { match: (node) => isList(node) }) === undefined) return;
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, {
      match: (node) => isElementType(node, 'li'),
      split: true,
      mode: 'all',
    });
    Transforms.unwrapNodes(editor, { match: (node) => isList(node), split: true, mode: 'all' });
    Transforms.setNodes<Element>(
      editor,
      { type: 'p' },
      { match: (node) => isElementType(node, 'lic') },
    );
  });
}

function unwrapCodeBlock(editor: Editor): void {
  if (Editor.above(editor, { match: (node) => isElementType(node, 'code_block') }) === undefined) {
    return;
  }
  Editor.withoutNormalizing(editor, () => {
    Transforms.setNodes<Element>(
      editor,
      { type: 'p' },
      { match: (node) => isElementType(node, 'code_line') },
    );
    Transforms.unwrapNodes(editor, {
      match: (node) => isElementType(node, 'code_block'),
      split: true,
    });
  });
}

/** Wrap-able blocks: rich2 blocks directly in the document or in a quote, spoiler or cell. */
function matchWrappableBlock(editor: Editor) {
  return (node: Node, path: Path): boolean => {
    if (!Element.isElement(node) || !rootBlockTypes.has(node.type)) return false;
    if (path.length === 1) return true;
    const parent = Node.parent(editor, path);
    return isContainerNode(parent);
  };
}

function wrapBlocks(editor: Editor, type: 'blockquote' | 'spoiler'): void {
  Transforms.wrapNodes(
    editor,
    { type, children: [] },
    { match: matchWrappableBlock(editor), mode: 'lowest' },
  );
}

function toList(editor: Editor, type: ListType): void {
  Editor.withoutNormalizing(editor, () => {
    unwrapCodeBlock(editor);
    Transforms.setNodes<Element>(
      editor,
      { type: 'lic' },
      {
        match: (node) => Element.isElement(node) && (node.type === 'p' || isHeadingType(node.type)),
        mode: 'lowest',
      },
    );
    const refs = Array.from(
      Editor.nodes(editor, { match: (node) => isElementType(node, 'lic'), mode: 'lowest' }),
      ([, path]) => Editor.pathRef(editor, path),
    );
    for (const ref of refs) {
      const path = ref.unref();
      if (path === null) continue;
      const parent = Node.parent(editor, path);
      if (!isElementType(parent, 'li')) {
        Transforms.wrapNodes(editor, { type: 'li', children: [] }, { at: path });
      }
    }
    Transforms.wrapNodes(
      editor,
      { type, children: [] },
      {
        match: (node, path) => isElementType(node, 'li') && !isList(Node.parent(editor, path)),
        mode: 'lowest',
      },
    );
  });
}

function toCodeBlock(editor: Editor): void {
  Editor.withoutNormalizing(editor, () => {
    unwrapLists(editor);
    const blocks = selectedTextBlocks(editor);
    const refs = blocks.map(([, path]) => Editor.pathRef(editor, path));
    for (const ref of refs) {
      const path = ref.current;
      if (path === null) continue;
      flattenInlines(editor, path);
      Transforms.unsetNodes(editor, [...rich2Marks], {
        at: path,
        match: (node) => Text.isText(node),
      });
      Transforms.setNodes<Element>(editor, { type: 'code_line' }, { at: path });
      ref.unref();
    }
    Transforms.wrapNodes(
      editor,
      { type: 'code_block', children: [] },
      { match: (node) => isElementType(node, 'code_line'), mode: 'lowest' },
    );
  });
}

/** Replaces links and mentions inside a block by their text (code keeps no inline elements). */
function flattenInlines(editor: Editor, blockPath: Path): void {
  const mentions = Array.from(
    Editor.nodes(editor, { at: blockPath, match: (node) => isElementType(node, '@') }),
  ).reverse();
  for (const [node, path] of mentions) {
    if (!isElementType(node, '@')) continue;
    Transforms.removeNodes(editor, { at: path });
    Transforms.insertNodes(editor, { text: `@${node.name}` }, { at: path });
  }
  Transforms.unwrapNodes(editor, { at: blockPath, match: (node) => isElementType(node, 'a') });
}

/**
 * Applies a block format to the selection, or removes it when the selection already has it
 * (headings and lists go back to paragraphs, quotes, spoilers and code blocks are unwrapped).
 */
export function toggleBlock(editor: Editor, format: BlockFormat): void {
  if (editor.selection === null) return;
  const isActive = isBlockActive(editor, format);
  Editor.withoutNormalizing(editor, () => {
    switch (format) {
      case 'p':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5': {
        unwrapLists(editor);
        unwrapCodeBlock(editor);
        const type = isActive ? 'p' : format;
        Transforms.setNodes<Element>(
          editor,
          { type },
          {
            match: (node) =>
              Element.isElement(node) && (node.type === 'p' || isHeadingType(node.type)),
            mode: 'lowest',
          },
        );
        break;
      }
      case 'blockquote':
      case 'spoiler':
        if (isActive) {
          Transforms.unwrapNodes(editor, {
            match: (node) => isElementType(node, format),
            split: true,
          });
        } else {
          wrapBlocks(editor, format);
        }
        break;
      case 'code_block':
        if (isActive) unwrapCodeBlock(editor);
        else toCodeBlock(editor);
        break;
      case 'ul':
      case 'ol':
        if (isActive) {
          unwrapLists(editor);
        } else if (Editor.above(editor, { match: (node) => isList(node) }) !== undefined) {
          Transforms.setNodes<Element>(
            editor,
            { type: format },
            { match: (node) => isList(node), mode: 'lowest' },
          );
        } else {
          toList(editor, format);
        }
        break;
    }
  });
}

// ---- lists: Tab / Shift+Tab ----

function currentListItem(editor: Editor): NodeEntry<Element> | undefined {
  return Editor.above(editor, { match: (node) => isElementType(node, 'li'), mode: 'lowest' });
}

/** Tab in a list: the item becomes the last child of its previous sibling's nested list. */
export function indentListItem(editor: Editor): boolean {
  const entry = currentListItem(editor);
  if (entry === undefined) return false;
  const [, itemPath] = entry;
  const index = itemPath[itemPath.length - 1] ?? 0;
  if (index === 0) return true; // the first item cannot go deeper; Tab is still consumed
  const list = Node.parent(editor, itemPath);
  if (!isList(list)) return false;
  const previousPath = Path.previous(itemPath);
  const previous = Node.get(editor, previousPath);
  if (!isElementType(previous, 'li')) return false;
  Editor.withoutNormalizing(editor, () => {
    const last = previous.children[previous.children.length - 1];
    if (last !== undefined && isList(last)) {
      Transforms.moveNodes(editor, {
        at: itemPath,
        to: [...previousPath, previous.children.length - 1, last.children.length],
      });
    } else {
      Transforms.wrapNodes(editor, { type: list.type, children: [] }, { at: itemPath });
      Transforms.moveNodes(editor, {
        at: itemPath,
        to: [...previousPath, previous.children.length],
      });
    }
  });
  return true;
}

/**
 * Shift+Tab in a list: a nested item moves up one level (its following siblings become its own
 * nested list); a top-level item leaves the list as a paragraph.
 */
export function outdentListItem(editor: Editor): boolean {
  const entry = currentListItem(editor);
  if (entry === undefined) return false;
  const [, itemPath] = entry;
  const listPath = Path.parent(itemPath);
  const list = Node.get(editor, listPath);
  if (!isList(list)) return false;
  const index = itemPath[itemPath.length - 1] ?? 0;
  const parentOfList = Node.parent(editor, listPath);
  Editor.withoutNormalizing(editor, () => {
    if (isElementType(parentOfList, 'li')) {
      const parentItemPath = Path.parent(listPath);
      const following = list.children.length - index - 1;
      if (following > 0) {
        const item = Node.get(editor, itemPath) as Ancestor;
        const sublistPath = [...itemPath, item.children.length];
        Transforms.insertNodes(editor, { type: list.type, children: [] }, { at: sublistPath });
        for (let count = 0; count < following; count += 1) {
          Transforms.moveNodes(editor, {
            at: [...listPath, index + 1],
            to: [...sublistPath, count],
          });
        }
      }
      Transforms.moveNodes(editor, { at: itemPath, to: Path.next(parentItemPath) });
      if ((Node.get(editor, listPath) as Ancestor).children.length === 0) {
        Transforms.removeNodes(editor, { at: listPath });
      }
      return;
    }
    // Top level: the item's nested items move up beside it, then it leaves the list.
    const item = Node.get(editor, itemPath) as Ancestor;
    let insertAt = Path.next(itemPath);
    for (let childIndex = item.children.length - 1; childIndex >= 1; childIndex -= 1) {
      const child = item.children[childIndex];
      if (!isList(child)) continue;
      for (let nested = child.children.length - 1; nested >= 0; nested -= 1) {
        Transforms.moveNodes(editor, { at: [...itemPath, childIndex, nested], to: insertAt });
      }
      Transforms.removeNodes(editor, { at: [...itemPath, childIndex] });
    }
    insertAt = itemPath;
    Transforms.setNodes<Element>(editor, { type: 'p' }, { at: [...insertAt, 0] });
    Transforms.unwrapNodes(editor, { at: insertAt });
    Transforms.liftNodes(editor, { at: insertAt });
  });
  return true;
}

// ---- links ----

export function activeLink(
  editor: Editor,
): NodeEntry<Extract<Rich2Element, { type: 'a' }>> | undefined {
  if (editor.selection === null) return undefined;
  const [entry] = Editor.nodes(editor, { match: (node) => isElementType(node, 'a') });
  return entry as NodeEntry<Extract<Rich2Element, { type: 'a' }>> | undefined;
}

/**
 * Sets the link of the selection: updates the link it is in, wraps the selected text, or inserts
 * `text` (else the URL) as a new link at the caret. The URL must already be checked.
 */
export function setLink(editor: Editor, url: string, text?: string): void {
  if (editor.selection === null) return;
  const existing = activeLink(editor);
  if (existing !== undefined) {
    Transforms.setNodes<Element>(editor, { url }, { at: existing[1] });
    return;
  }
  if (Range.isCollapsed(editor.selection)) {
    const label = text !== undefined && text.trim() !== '' ? text : url;
    Transforms.insertNodes(editor, { type: 'a', url, children: [{ text: label }] });
    Transforms.move(editor, { unit: 'offset' });
  } else {
    Transforms.wrapNodes(editor, { type: 'a', url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
  }
}

export function removeLink(editor: Editor): void {
  Transforms.unwrapNodes(editor, { match: (node) => isElementType(node, 'a') });
}

// ---- mentions and images ----

/** Replaces `target` (the typed `@name`) with a mention of the user, followed by a space. */
export function insertMention(
  editor: Editor,
  target: Range,
  user: { userID: number; name: string },
): void {
  Transforms.select(editor, target);
  Transforms.insertNodes(editor, {
    type: '@',
    userID: user.userID,
    name: user.name,
    children: [{ text: '' }],
  });
  Transforms.move(editor);
  Transforms.insertText(editor, ' ');
}

/** Inserts an uploaded image as a `rich_embed_card` block at `at` (default: the selection). */
export function insertImage(editor: Editor, embedData: ImageEmbedData, at?: Range | null): void {
  const image: ImageEmbedElement = {
    type: 'rich_embed_card',
    dataSourceType: 'image',
    url: embedData.url,
    embedData,
    children: [{ text: '' }],
  };
  const location = at ?? editor.selection ?? Editor.end(editor, []);
  const block = Editor.above(editor, {
    at: location,
    match: (node) => isTextBlock(node) || isElementType(node, 'rich_embed_card'),
    mode: 'lowest',
  });
  if (block !== undefined && isTextBlock(block[0]) && Editor.isEmpty(editor, block[0])) {
    // An empty paragraph gives its place to the image.
    Transforms.insertNodes(editor, image, { at: block[1] });
    Transforms.removeNodes(editor, { at: Path.next(block[1]) });
    Transforms.select(editor, block[1]);
    return;
  }
  Transforms.insertNodes(editor, image, { at: location, select: true });
}

// ---- markdown-style autoformat ----

const autoformatOnSpace: Readonly<Record<string, BlockFormat>> = {
  '#': 'h2',
  '##': 'h2',
  '###': 'h3',
  '####': 'h4',
  '#####': 'h5',
  '>': 'blockquote',
  '-': 'ul',
  '*': 'ul',
  '+': 'ul',
  '1.': 'ol',
  '1)': 'ol',
};

/**
 * Markdown shortcuts at the start of a paragraph: `# `…`##### ` headings, `> ` quote, `- `/`* `
 * bullets, `1. ` numbers, three backticks a code block. Returns true when it applied one.
 */
export function autoformat(editor: Editor, typed: string): boolean {
  const { selection } = editor;
  if (selection === null || !Range.isCollapsed(selection)) return false;
  const entry = currentTextBlock(editor);
  if (entry === undefined || entry[0].type !== 'p') return false;
  const [, path] = entry;
  const start = Editor.start(editor, path);
  const range = { anchor: start, focus: selection.anchor };
  const before = Editor.string(editor, range);
  let format: BlockFormat | undefined;
  if (typed === ' ') format = autoformatOnSpace[before];
  else if (typed === '`' && before === '``') format = 'code_block';
  if (format === undefined) return false;
  Transforms.select(editor, range);
  Transforms.delete(editor);
  if (!isBlockActive(editor, format)) toggleBlock(editor, format);
  return true;
}

// ---- the plugin ----

function emptyParagraph(): Descendant {
  return { type: 'p', children: [{ text: '' }] };
}

function isBlockNode(editor: Editor, node: Node): node is Element {
  return Element.isElement(node) && !editor.isInline(node);
}

/**
 * The rich2 rules on top of a Slate editor: links and mentions are inline, mentions and images are
 * void; the tree is kept in the shape the renderer expects; Enter, Backspace and typing follow
 * the usual rich-text habits (lists, headings, code blocks, quotes, autoformat).
 */
export function withRich2<T extends Editor>(editor: T): T {
  const { isInline, isVoid, normalizeNode, insertBreak, deleteBackward, insertText } = editor;

  editor.isInline = (element) => element.type === 'a' || element.type === '@' || isInline(element);
  editor.isVoid = (element) =>
    element.type === '@' || element.type === 'rich_embed_card' || isVoid(element);
  editor.markableVoid = (element) => element.type === '@';

  editor.normalizeNode = (entry, options) => {
    const [node, path] = entry;
    if (Editor.isEditor(node)) {
      if (node.children.length === 0) {
        Transforms.insertNodes(editor, emptyParagraph(), { at: [0] });
        return;
      }
      const last = node.children[node.children.length - 1];
      if (isElementType(last, 'rich_embed_card') || isElementType(last, 'table')) {
        // Keep a paragraph after a trailing image so there is somewhere to type.
        Transforms.insertNodes(editor, emptyParagraph(), { at: [node.children.length] });
        return;
      }
    }
    if (Editor.isEditor(node) || (Element.isElement(node) && containerTypes.has(node.type))) {
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Text.isText(child) || (Element.isElement(child) && editor.isInline(child))) {
          Transforms.wrapNodes(editor, { type: 'p', children: [] }, { at: childPath });
          return;
        }
        if (isElementType(child, 'lic') || isElementType(child, 'code_line')) {
          Transforms.setNodes<Element>(editor, { type: 'p' }, { at: childPath });
          return;
        }
        if (isElementType(child, 'li')) {
          Transforms.wrapNodes(editor, { type: 'ul', children: [] }, { at: childPath });
          return;
        }
        if (Element.isElement(child) && !rootBlockTypes.has(child.type)) {
          Transforms.unwrapNodes(editor, { at: childPath });
          return;
        }
      }
      if (Element.isElement(node) && node.children.length === 0) {
        Transforms.insertNodes(editor, emptyParagraph(), { at: [...path, 0] });
        return;
      }
    }
    if (isList(node)) {
      if (node.children.length === 0) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isElementType(child, 'li')) continue;
        const index = childPath[childPath.length - 1] ?? 0;
        const previous = index > 0 ? node.children[index - 1] : undefined;
        if (isList(child) && isElementType(previous, 'li')) {
          // A list straight inside a list belongs to the item before it.
          Transforms.moveNodes(editor, {
            at: childPath,
            to: [...Path.previous(childPath), previous.children.length],
          });
          return;
        }
        if (isTextBlock(child)) {
          Transforms.setNodes<Element>(editor, { type: 'lic' }, { at: childPath });
        }
        Transforms.wrapNodes(editor, { type: 'li', children: [] }, { at: childPath });
        return;
      }
      // Two neighbouring lists of one type merge.
      if (path.length > 0 && path[path.length - 1] !== 0) {
        const previous = Node.get(editor, Path.previous(path));
        if (isList(previous) && previous.type === node.type) {
          Transforms.mergeNodes(editor, { at: path });
          return;
        }
      }
    }
    if (isElementType(node, 'li')) {
      const first = node.children[0];
      if (first === undefined) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
      if (Text.isText(first) || (Element.isElement(first) && editor.isInline(first))) {
        Transforms.wrapNodes(editor, { type: 'lic', children: [] }, { at: [...path, 0] });
        return;
      }
      if (!isElementType(first, 'lic')) {
        if (isTextBlock(first)) {
          Transforms.setNodes<Element>(editor, { type: 'lic' }, { at: [...path, 0] });
        } else {
          Transforms.insertNodes(
            editor,
            { type: 'lic', children: [{ text: '' }] },
            { at: [...path, 0] },
          );
        }
        return;
      }
      for (const [child, childPath] of Node.children(editor, path)) {
        const index = childPath[childPath.length - 1] ?? 0;
        if (index === 0 || isList(child)) continue;
        if (isTextBlock(child)) {
          // A second text line in an item becomes the next item.
          Transforms.setNodes<Element>(editor, { type: 'lic' }, { at: childPath });
          Transforms.wrapNodes(editor, { type: 'li', children: [] }, { at: childPath });
          Transforms.moveNodes(editor, { at: childPath, to: Path.next(path) });
          return;
        }
        Transforms.removeNodes(editor, { at: childPath });
        return;
      }
    }
    if (isElementType(node, 'code_block')) {
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isElementType(child, 'code_line')) continue;
        if (isTextBlock(child)) {
          Transforms.setNodes<Element>(editor, { type: 'code_line' }, { at: childPath });
        } else if (Text.isText(child)) {
          Transforms.wrapNodes(editor, { type: 'code_line', children: [] }, { at: childPath });
        } else {
          Transforms.unwrapNodes(editor, { at: childPath });
        }
        return;
      }
    }
    if (isElementType(node, 'code_line')) {
      for (const [child, childPath] of Node.children(editor, path)) {
        if (Element.isElement(child)) {
          flattenInlines(editor, path);
          return;
        }
        if (rich2Marks.some((mark) => (child as Rich2Text)[mark] === true)) {
          Transforms.unsetNodes(editor, [...rich2Marks], { at: childPath });
          return;
        }
      }
    }
    if (isElementType(node, 'a') && Node.string(node) === '' && !Path.equals(path, [])) {
      const { selection } = editor;
      const isCaretInside =
        selection !== null && Range.includes(Editor.range(editor, path), selection.anchor);
      if (!isCaretInside) {
        Transforms.removeNodes(editor, { at: path });
        return;
      }
    }
    if (isTextBlock(node) && node.children.some((child) => isBlockNode(editor, child))) {
      // A block inside a text block (e.g. after a paste): keep its text only.
      for (const [child, childPath] of Node.children(editor, path)) {
        if (isBlockNode(editor, child)) {
          Transforms.unwrapNodes(editor, { at: childPath });
          return;
        }
      }
    }
    normalizeNode(entry, options);
  };

  editor.insertBreak = () => {
    const { selection } = editor;
    const entry = currentTextBlock(editor);
    if (selection !== null && Range.isCollapsed(selection) && entry !== undefined) {
      const [block, path] = entry;
      const isEmpty = Editor.isEmpty(editor, block);
      if (block.type === 'lic') {
        if (isEmpty) {
          outdentListItem(editor);
          return;
        }
        Transforms.splitNodes(editor, {
          always: true,
          match: (node) => isElementType(node, 'li'),
          mode: 'lowest',
        });
        return;
      }
      if (block.type === 'code_line') {
        const codeBlock = Node.parent(editor, path);
        const index = path[path.length - 1] ?? 0;
        if (isEmpty && index === codeBlock.children.length - 1 && index > 0) {
          // Enter on an empty last line leaves the code block.
          const codePath = Path.parent(path);
          Editor.withoutNormalizing(editor, () => {
            Transforms.removeNodes(editor, { at: path });
            Transforms.insertNodes(editor, emptyParagraph(), { at: Path.next(codePath) });
          });
          Transforms.select(editor, Editor.start(editor, Path.next(codePath)));
          return;
        }
      }
      if (isHeadingType(block.type) && Editor.isEnd(editor, selection.anchor, path)) {
        Transforms.insertNodes(editor, emptyParagraph(), { at: Path.next(path) });
        Transforms.select(editor, Editor.start(editor, Path.next(path)));
        return;
      }
      if (block.type === 'p' && isEmpty && path.length > 1) {
        const parent = Node.parent(editor, path);
        const index = path[path.length - 1] ?? 0;
        if (
          (isElementType(parent, 'blockquote') || isElementType(parent, 'spoiler')) &&
          index === parent.children.length - 1 &&
          parent.children.length > 1
        ) {
          // Enter on an empty last line leaves the quote or spoiler.
          Transforms.liftNodes(editor, { at: path });
          return;
        }
      }
    }
    insertBreak();
  };

  editor.insertSoftBreak = () => {
    Transforms.insertText(editor, '\n');
  };

  editor.deleteBackward = (unit) => {
    const { selection } = editor;
    const entry = currentTextBlock(editor);
    if (selection !== null && Range.isCollapsed(selection) && entry !== undefined) {
      const [block, path] = entry;
      if (Editor.isStart(editor, selection.anchor, path)) {
        if (block.type === 'lic') {
          outdentListItem(editor);
          return;
        }
        if (isHeadingType(block.type)) {
          Transforms.setNodes<Element>(editor, { type: 'p' }, { at: path });
          return;
        }
        const index = path[path.length - 1] ?? 0;
        if (block.type === 'code_line' && index === 0) {
          unwrapCodeBlock(editor);
          return;
        }
        if (block.type === 'p' && index === 0 && path.length > 1) {
          const parent = Node.parent(editor, path);
          if (isElementType(parent, 'blockquote') || isElementType(parent, 'spoiler')) {
            Transforms.liftNodes(editor, { at: path });
            return;
          }
        }
      }
    }
    deleteBackward(unit);
  };

  editor.insertText = (text, options) => {
    if ((text === ' ' || text === '`') && autoformat(editor, text)) return;
    insertText(text, options);
  };

  return editor;
}
