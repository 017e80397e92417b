import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { describe, expect, it } from 'vitest';
import { parseRich2 } from '../rich2.ts';
import { insertImage } from './inserts.ts';
import { withRich2 } from './with-rich2.ts';

function editorWith(value: unknown[]): Editor {
  const editor = withRich2(withHistory(withReact(createEditor())));
  editor.children = parseRich2(JSON.stringify(value)) as Descendant[];
  Editor.normalize(editor, { force: true });
  return editor;
}

const li = (text: string) => ({ type: 'li', children: [{ type: 'lic', children: [{ text }] }] });
const image = { url: 'https://forum.test/uploads/a.png', name: 'a.png', width: 240, height: 120 };

function shape(editor: Editor): string[] {
  return editor.children.map((node) => {
    const element = node as {
      type: string;
      children: { children?: { children?: { text: string }[] }[] }[];
    };
    if (element.type === 'ul' || element.type === 'ol') {
      return `${element.type}(${element.children.map((item) => item.children?.[0]?.children?.[0]?.text ?? '').join(', ')})`;
    }
    return element.type;
  });
}

describe('insertImage in a list (issue 11 item 17)', () => {
  it('puts the image after the item the caret is in, the next items in a list after it', () => {
    const editor = editorWith([{ type: 'ul', children: [li('first'), li('second'), li('third')] }]);
    Transforms.select(editor, Editor.end(editor, [0, 0]));
    insertImage(editor, image);
    expect(shape(editor)).toEqual(['ul(first)', 'rich_embed_card', 'ul(second, third)']);
  });

  it('puts the image after the list from its last item, with a paragraph to go on in', () => {
    const editor = editorWith([{ type: 'ol', children: [li('first'), li('second')] }]);
    Transforms.select(editor, Editor.end(editor, [0, 1]));
    insertImage(editor, image);
    expect(shape(editor)).toEqual(['ol(first, second)', 'rich_embed_card', 'p']);
  });
});
