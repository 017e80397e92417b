import { describe, expect, it } from 'vitest';
import { emptyRich2Value, parseRich2 } from './rich2.ts';
import { isPlainRich2, isRich2Empty, rich2FromPlainText, rich2ToPlainText } from './rich2-text.ts';

describe('rich2 helpers', () => {
  it('writes empty rich text as one empty paragraph (spec 000 §5)', () => {
    expect(JSON.parse(emptyRich2Value())).toEqual([{ type: 'p', children: [{ text: '' }] }]);
    expect(isRich2Empty(emptyRich2Value())).toBe(true);
  });

  it('counts white space only as empty, but not an image or a mention', () => {
    expect(
      isRich2Empty(
        '[{"type":"p","children":[{"text":"  "}]},{"type":"p","children":[{"text":""}]}]',
      ),
    ).toBe(true);
    expect(isRich2Empty('[]')).toBe(true);
    expect(
      isRich2Empty(
        JSON.stringify([
          {
            type: 'rich_embed_card',
            dataSourceType: 'image',
            url: '/uploads/a.png',
            embedData: { url: '/uploads/a.png' },
            children: [{ text: '' }],
          },
        ]),
      ),
    ).toBe(false);
    expect(
      isRich2Empty(
        JSON.stringify([
          {
            type: 'p',
            children: [{ type: '@', userID: 3, name: 'ember', children: [{ text: '' }] }],
          },
        ]),
      ),
    ).toBe(false);
    expect(isRich2Empty('[{"type":"p","children":[{"text":"Hi"}]}]')).toBe(false);
  });

  it('builds paragraphs from plain text, one per line', () => {
    expect(JSON.parse(rich2FromPlainText('Hello\nworld'))).toEqual([
      { type: 'p', children: [{ text: 'Hello' }] },
      { type: 'p', children: [{ text: 'world' }] },
    ]);
    expect(rich2FromPlainText('')).toBe(emptyRich2Value());
  });

  it('reads plain text out of every block, mentions as @name, code lines and nested lists', () => {
    const value = JSON.stringify([
      { type: 'h2', children: [{ text: 'Title' }] },
      {
        type: 'p',
        children: [
          { text: 'Hi ' },
          { type: '@', userID: 1, name: 'ember', children: [{ text: '' }] },
          { text: ', see ' },
          { type: 'a', url: 'https://example.com', children: [{ text: 'this', bold: true }] },
        ],
      },
      { type: 'blockquote', children: [{ type: 'p', children: [{ text: 'quoted' }] }] },
      { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'let a = 1;' }] }] },
      {
        type: 'ul',
        children: [
          {
            type: 'li',
            children: [
              { type: 'lic', children: [{ text: 'one' }] },
              {
                type: 'ol',
                children: [
                  { type: 'li', children: [{ type: 'lic', children: [{ text: 'nested' }] }] },
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(rich2ToPlainText(value)).toBe(
      'Title\nHi @ember, see this\nquoted\nlet a = 1;\none\nnested',
    );
  });

  it('tolerates bad input: malformed JSON keeps its text, unknown nodes keep theirs', () => {
    expect(rich2ToPlainText('not json')).toBe('not json');
    expect(parseRich2('{"a":1}')).toEqual([{ type: 'p', children: [{ text: '' }] }]);
    expect(parseRich2('[{"type":"marquee","children":[{"text":"old"}]}]')).toEqual([
      { type: 'p', children: [{ text: 'old' }] },
    ]);
    // A list item without its text block gets one, so the editor can hold the caret there.
    expect(parseRich2('[{"type":"ul","children":[{"type":"li","children":[]}]}]')).toEqual([
      {
        type: 'ul',
        children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: '' }] }] }],
      },
    ]);
  });

  it('tells plain paragraphs from formatted text', () => {
    expect(isPlainRich2(rich2FromPlainText('a\nb'))).toBe(true);
    expect(isPlainRich2('[{"type":"p","children":[{"text":"a","bold":true}]}]')).toBe(false);
    expect(isPlainRich2('[{"type":"h2","children":[{"text":"a"}]}]')).toBe(false);
  });
});
