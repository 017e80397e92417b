import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Db } from '../db/db.ts';
import { markdownToRich2 } from '../../../../web/src/features/editor/markdown-to-rich2.ts';
import { renderBody } from './render.ts';

// One Markdown configuration (common/src/content/markdown.ts) serves the server's renderer and the
// web editor's Markdown conversion: what the editor shows after switching a Markdown body to rich
// text renders as the saved Markdown post does. The two formats differ only in markup the shared
// configuration does not decide (the Markdown renderer's newlines between tags, the code block's class, a table's
// thead/tbody and the paragraph a rich2 cell holds); `sameMarkup` removes exactly those.

const noDb = new Proxy(
  {},
  {
    get() {
      throw new Error('the renderer touched the database');
    },
  },
) as Db;
const ctx = { db: noDb, config: { baseUrl: 'http://hearth.test' }, findImageSizes: async () => [] };

function sameMarkup(html: string): string {
  return html
    .replace(/\n/g, '')
    .replace(/ class="codeBlock"/g, '')
    .replace(/<\/?(thead|tbody)>/g, '')
    .replace(/<(th|td)><p>(.*?)<\/p><\/\1>/g, '<$1>$2</$1>')
    .trim();
}

const sample = [
  '## Plan',
  '',
  'A **bold** and *leaning* ~~old~~ `x()` [link](https://example.com/a), bare https://example.org/b',
  'a second line',
  '',
  '- one',
  '- two',
  '  - nested',
  '',
  '1. first',
  '2. second',
  '',
  '> quoted',
  '',
  '```',
  'a < b && c',
  '```',
  '',
  '| a | b |',
  '|---|---|',
  '| 1 | 2 |',
  '',
  '<div onclick="alert(1)">raw html</div>',
  '',
  'inline <b>html</b> and <script>alert(1)</script> stay text',
].join('\n');

test('the web editor’s Markdown conversion renders as the server renders the Markdown post', async () => {
  const saved = (await renderBody(ctx, { body: sample, format: 'markdown' })).html;
  const previewed = (await renderBody(ctx, { body: markdownToRich2(sample), format: 'rich2' })).html;

  assert.equal(sameMarkup(previewed), sameMarkup(saved));
  // The shared settings are in force on both sides: bare URLs are links, a newline is a break,
  // raw HTML is text.
  assert.match(saved, /<a href="[^"]*example\.org%2Fb"[^>]*>https:\/\/example\.org\/b<\/a>/);
  assert.match(saved, /<br \/>\s*a second line/);
  assert.match(saved, /&lt;div onclick="alert\(1\)"&gt;raw html&lt;\/div&gt;/);
  assert.doesNotMatch(saved, /<script|<div/);
});
