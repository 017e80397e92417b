import { Editor, Path, Range, Transforms, type Element, type NodeEntry } from 'slate';
import './slate-types.ts';
import type { ImageEmbedData, ImageEmbedElement, Rich2Element } from '../rich2.ts';
import { isElementType, isList, isTextBlock } from './commands.ts';

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
  const list = Editor.above(editor, {
    at: location,
    match: (node, path) => path.length === 1 && isList(node),
  });
  if (list !== undefined) {
    // An image is a block of its own, which a list item cannot hold: it goes after the item
    // (its nested lists included), the items after it continuing in a list of their own.
    const [listNode, listPath] = list;
    const itemIndex = Editor.start(editor, location).path[1] ?? listNode.children.length - 1;
    // Without normalizing between: the two halves of the list would merge again at once.
    Editor.withoutNormalizing(editor, () => {
      if (itemIndex < listNode.children.length - 1) {
        Transforms.splitNodes(editor, { at: [...listPath, itemIndex + 1] });
      }
      Transforms.insertNodes(editor, image, { at: Path.next(listPath), select: true });
    });
    return;
  }
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
