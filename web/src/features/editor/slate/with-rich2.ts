import { Editor, Element, Node, Path, Range, Text, Transforms, type Descendant } from 'slate';
import './slate-types.ts';
import { rich2Marks, type Rich2Text } from '../rich2.ts';
import {
  containerTypes,
  currentTextBlock,
  flattenInlines,
  isElementType,
  isHeadingType,
  isList,
  isBlockActive,
  isTextBlock,
  outdentListItem,
  rootBlockTypes,
  toggleBlock,
  unwrapCodeBlock,
  type BlockFormat,
} from './commands.ts';

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
