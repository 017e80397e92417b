import {
  Editor,
  Element,
  Node,
  Path,
  Text,
  Transforms,
  type Ancestor,
  type NodeEntry,
} from 'slate';
import './slate-types.ts';
import {
  headingTypes,
  rich2Marks,
  type HeadingType,
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
export const rootBlockTypes: ReadonlySet<string> = new Set([
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
export const containerTypes: ReadonlySet<string> = new Set(['blockquote', 'spoiler', 'th', 'td']);

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

export function isHeadingType(type: string): type is HeadingType {
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

export function unwrapCodeBlock(editor: Editor): void {
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
export function flattenInlines(editor: Editor, blockPath: Path): void {
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
