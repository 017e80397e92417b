import { describe, expect, it } from 'vitest';
import { markdownToRich2 } from './markdown-to-rich2.ts';
import { parseRich2 } from './rich2.ts';
import { rich2ToMarkdown } from './rich2-to-markdown.ts';

describe('Markdown mode conversions', () => {
  it('writes rich text as Markdown', () => {
    const value = JSON.stringify([
      { type: 'h3', children: [{ text: 'Plan' }] },
      {
        type: 'p',
        children: [
          { text: 'A ' },
          { text: 'bold', bold: true },
          { text: ' and ' },
          { text: 'old', strikethrough: true },
          { text: ' ' },
          { text: 'x()', code: true },
          { text: ' ' },
          { type: 'a', url: 'https://example.com/a', children: [{ text: 'link' }] },
        ],
      },
      {
        type: 'ol',
        children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'first' }] }] }],
      },
      { type: 'blockquote', children: [{ type: 'p', children: [{ text: 'quoted' }] }] },
      { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'a < b' }] }] },
      {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url: '/uploads/cat.png',
        embedData: { url: '/uploads/cat.png', alt: 'A cat' },
        children: [{ text: '' }],
      },
    ]);
    const { markdown, isLossy } = rich2ToMarkdown(value);
    expect(isLossy).toBe(false);
    expect(markdown).toBe(
      [
        '### Plan',
        'A **bold** and ~~old~~ `x()` [link](https://example.com/a)',
        '1. first',
        '> quoted',
        '```\na < b\n```',
        '![A cat](/uploads/cat.png)',
      ].join('\n\n'),
    );
  });

  it('says when Markdown would lose something (spoilers)', () => {
    const value = JSON.stringify([
      { type: 'spoiler', children: [{ type: 'p', children: [{ text: 'the end' }] }] },
    ]);
    expect(rich2ToMarkdown(value)).toEqual({ markdown: 'the end', isLossy: true });
  });

  it('reads Markdown back into rich2, nested lists and images included', () => {
    const blocks = parseRich2(
      markdownToRich2(
        '## Hi\n\nSome **bold** and [a link](https://example.com).\n\n- one\n   - two\n- three\n\n![cat](/uploads/cat.png)\n\n```\ncode\n```',
      ),
    );
    expect(blocks).toEqual([
      { type: 'h2', children: [{ text: 'Hi' }] },
      {
        type: 'p',
        children: [
          { text: 'Some ' },
          { text: 'bold', bold: true },
          { text: ' and ' },
          { type: 'a', url: 'https://example.com', children: [{ text: 'a link' }] },
          { text: '.' },
        ],
      },
      {
        type: 'ul',
        children: [
          {
            type: 'li',
            children: [
              { type: 'lic', children: [{ text: 'one' }] },
              {
                type: 'ul',
                children: [
                  { type: 'li', children: [{ type: 'lic', children: [{ text: 'two' }] }] },
                ],
              },
            ],
          },
          { type: 'li', children: [{ type: 'lic', children: [{ text: 'three' }] }] },
        ],
      },
      {
        type: 'rich_embed_card',
        dataSourceType: 'image',
        url: '/uploads/cat.png',
        embedData: { url: '/uploads/cat.png', alt: 'cat' },
        children: [{ text: '' }],
      },
      { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'code' }] }] },
    ]);
  });

  it('drops unsafe links to their text and keeps empty Markdown an empty paragraph', () => {
    expect(parseRich2(markdownToRich2('[x](ftp://example.com/f)'))).toEqual([
      { type: 'p', children: [{ text: 'x' }] },
    ]);
    // markdown-it itself refuses javascript: links: the source stays text, never a link.
    expect(parseRich2(markdownToRich2('[x](javascript:alert(1))'))).toEqual([
      { type: 'p', children: [{ text: '[x](javascript:alert(1))' }] },
    ]);
    expect(parseRich2(markdownToRich2('   '))).toEqual([{ type: 'p', children: [{ text: '' }] }]);
  });

  it('survives a round trip rich → Markdown → rich', () => {
    const value = JSON.stringify([
      { type: 'p', children: [{ text: 'plain ' }, { text: 'it', italic: true }, { text: ' end' }] },
      { type: 'h4', children: [{ text: 'Four' }] },
    ]);
    expect(parseRich2(markdownToRich2(rich2ToMarkdown(value).markdown))).toEqual(parseRich2(value));
  });
});
