import { createEditor, Editor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { describe, expect, it } from 'vitest';
import { parseRich2 } from '../rich2.ts';
import { indentListItem, isBlockActive, isMarkActive, outdentListItem, toggleBlock, toggleMark } from './commands.ts';
import { insertMention, setLink } from './inserts.ts';
import { withRich2 } from './with-rich2.ts';

function editorWith(value: unknown[]): Editor {
  const editor = withRich2(withHistory(withReact(createEditor())));
  editor.children = parseRich2(JSON.stringify(value)) as Descendant[];
  Editor.normalize(editor, { force: true });
  return editor;
}

const p = (text: string) => ({ type: 'p', children: [{ text }] });
const li = (text: string, ...nested: unknown[]) => ({
  type: 'li',
  children: [{ type: 'lic', children: [{ text }] }, ...nested],
});

function type(editor: Editor, text: string) {
  for (const character of text) editor.insertText(character);
}

describe('editor commands', () => {
  it('toggles a mark on the selected text', () => {
    const editor = editorWith([p('hello world')]);
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 0 },
      focus: { path: [0, 0], offset: 5 },
    });
    toggleMark(editor, 'bold');
    expect(isMarkActive(editor, 'bold')).toBe(true);
    expect(editor.children).toEqual([
      { type: 'p', children: [{ text: 'hello', bold: true }, { text: ' world' }] },
    ]);
    toggleMark(editor, 'bold');
    expect(editor.children).toEqual([p('hello world')]);
  });

  it('turns paragraphs into a heading and back', () => {
    const editor = editorWith([p('Title')]);
    Transforms.select(editor, Editor.end(editor, []));
    toggleBlock(editor, 'h3');
    expect(editor.children).toEqual([{ type: 'h3', children: [{ text: 'Title' }] }]);
    expect(isBlockActive(editor, 'h3')).toBe(true);
    toggleBlock(editor, 'h3');
    expect(editor.children).toEqual([p('Title')]);
  });

  it('makes a bulleted list of the selected paragraphs, switches it to numbers, and lifts it back', () => {
    const editor = editorWith([p('one'), p('two')]);
    Transforms.select(editor, {
      anchor: Editor.start(editor, [0]),
      focus: Editor.end(editor, [1]),
    });
    toggleBlock(editor, 'ul');
    expect(editor.children).toEqual([{ type: 'ul', children: [li('one'), li('two')] }]);
    toggleBlock(editor, 'ol');
    expect(editor.children).toEqual([{ type: 'ol', children: [li('one'), li('two')] }]);
    toggleBlock(editor, 'ol');
    expect(editor.children).toEqual([p('one'), p('two')]);
  });

  it('nests a list item with Tab and lifts it with Shift+Tab', () => {
    const editor = editorWith([{ type: 'ul', children: [li('one'), li('two'), li('three')] }]);
    Transforms.select(editor, Editor.end(editor, [0, 1]));
    expect(indentListItem(editor)).toBe(true);
    expect(editor.children).toEqual([
      { type: 'ul', children: [li('one', { type: 'ul', children: [li('two')] }), li('three')] },
    ]);
    expect(outdentListItem(editor)).toBe(true);
    expect(editor.children).toEqual([
      { type: 'ul', children: [li('one'), li('two'), li('three')] },
    ]);
    // Shift+Tab on a top-level item leaves the list.
    Transforms.select(editor, Editor.end(editor, [0, 2]));
    outdentListItem(editor);
    expect(editor.children).toEqual([{ type: 'ul', children: [li('one'), li('two')] }, p('three')]);
  });

  it('splits list items on Enter and leaves the list on Enter in an empty item', () => {
    const editor = editorWith([{ type: 'ul', children: [li('one')] }]);
    Transforms.select(editor, Editor.end(editor, []));
    editor.insertBreak();
    type(editor, 'two');
    expect(editor.children).toEqual([{ type: 'ul', children: [li('one'), li('two')] }]);
    editor.insertBreak();
    editor.insertBreak();
    expect(editor.children).toEqual([{ type: 'ul', children: [li('one'), li('two')] }, p('')]);
  });

  it('autoformats Markdown shortcuts typed at the start of a paragraph', () => {
    const cases: [string, unknown][] = [
      ['## ', { type: 'h2', children: [{ text: 'x' }] }],
      ['#### ', { type: 'h4', children: [{ text: 'x' }] }],
      ['> ', { type: 'blockquote', children: [p('x')] }],
      ['- ', { type: 'ul', children: [li('x')] }],
      ['1. ', { type: 'ol', children: [li('x')] }],
      ['```', { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'x' }] }] }],
    ];
    for (const [shortcut, expected] of cases) {
      const editor = editorWith([p('')]);
      Transforms.select(editor, Editor.start(editor, []));
      type(editor, `${shortcut}x`);
      expect(editor.children, shortcut).toEqual([expected]);
    }
    // Not at the start of the paragraph: plain text.
    const editor = editorWith([p('')]);
    Transforms.select(editor, Editor.start(editor, []));
    type(editor, 'a - b');
    expect(editor.children).toEqual([p('a - b')]);
  });

  it('replaces a typed @name with a mention followed by a space', () => {
    const editor = editorWith([p('Hi @emb')]);
    Transforms.select(editor, Editor.end(editor, []));
    const target = {
      anchor: { path: [0, 0], offset: 3 },
      focus: { path: [0, 0], offset: 7 },
    };
    insertMention(editor, target, { userID: 7, name: 'ember' });
    type(editor, 'ok');
    expect(editor.children).toEqual([
      {
        type: 'p',
        children: [
          { text: 'Hi ' },
          { type: '@', userID: 7, name: 'ember', children: [{ text: '' }] },
          { text: ' ok' },
        ],
      },
    ]);
  });

  it('wraps the selected text in a link, and updates the link the caret is in', () => {
    const editor = editorWith([p('read this now')]);
    Transforms.select(editor, {
      anchor: { path: [0, 0], offset: 5 },
      focus: { path: [0, 0], offset: 9 },
    });
    setLink(editor, 'https://example.com');
    expect(editor.children).toEqual([
      {
        type: 'p',
        children: [
          { text: 'read ' },
          { type: 'a', url: 'https://example.com', children: [{ text: 'this' }] },
          { text: ' now' },
        ],
      },
    ]);
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    setLink(editor, '/discussion/1');
    expect((editor.children[0] as { children: { url?: string }[] }).children[1]?.url).toBe(
      '/discussion/1',
    );
  });

  it('keeps stored trees in shape: a list item gets its text block, a trailing image a paragraph', () => {
    const editor = editorWith([
      { type: 'ul', children: [{ type: 'li', children: [{ text: 'bare' }] }] },
      {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url: '/a.png',
        embedData: { url: '/a.png' },
        children: [{ text: '' }],
      },
    ]);
    expect(editor.children).toEqual([
      { type: 'ul', children: [li('bare')] },
      {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url: '/a.png',
        embedData: { url: '/a.png' },
        children: [{ text: '' }],
      },
      p(''),
    ]);
  });
});
