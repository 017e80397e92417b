import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ContentFormat } from '../../../../common/src/api/content.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../db/db.ts';
import { excerptOf, renderBody } from './render.ts';

// Bodies are rendered once, on write, to sanitized HTML (ARCHITECTURE "Content"). These tests feed
// hostile input through every format and assert the exact safe output for the common cases.

// Bodies without `@` never look users up: any database access fails the test.
const noDb = new Proxy(
  {},
  {
    get() {
      throw new Error('the renderer touched the database');
    },
  },
) as Db;
// Uploads' sizes come from the media records: here one known upload, 640 × 480.
const ctx = {
  db: noDb,
  config: { baseUrl: 'http://hearth.test' },
  findImageSizes: async (paths: readonly string[]) =>
    paths.includes('media/known.png') ? [{ path: 'media/known.png', width: 640, height: 480 }] : [],
};

const html = async (body: string, format: ContentFormat = 'html') => (await renderBody(ctx, { body, format })).html;
const rich2 = (nodes: unknown[]) => JSON.stringify(nodes);
const p = (...children: unknown[]) => ({ type: 'p', children });

async function rejects(body: string, format: ContentFormat): Promise<{ field: string; code: string; message: string; status: number }> {
  try {
    await renderBody(ctx, { body, format });
  } catch (error) {
    assert.ok(error instanceof AppError);
    const item = error.errors?.[0];
    assert.ok(item);
    return item;
  }
  assert.fail('expected a validation error');
}

describe('renderBody: hostile HTML (html, wysiwyg)', () => {
  test('script elements and their content disappear', async () => {
    assert.equal(await html('<p>Hi<script>alert(1)</script> there</p>'), '<p>Hi there</p>');
    assert.equal(await html('<SCRIPT SRC=//evil.test/x.js></SCRIPT><p>ok</p>'), '<p>ok</p>');
  });

  test('event handler attributes are dropped', async () => {
    assert.equal(
      await html('<p onclick="alert(1)" onmouseover=alert(1)>a</p><img src="/uploads/a/b.png" onerror="alert(1)">'),
      '<p>a</p><img src="/uploads/a/b.png" alt="" loading="lazy" />',
    );
  });

  test('javascript:, data: and vbscript: links become plain text, however they are spelled', async () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java&#x0A;script:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
      'javascript&colon;alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      'VBScript:msgbox(1)',
      'file:///etc/passwd',
      'relative/path',
    ]) {
      assert.equal(await html(`<p><a href="${href}">click</a></p>`), '<p>click</p>', href);
    }
  });

  test('links and uploaded images of this site are stored without its host (issue 11 item 16)', async () => {
    assert.equal(
      await html('<a href="http://HEARTH.test/discussion/1?x=1#c">a</a><img src="http://hearth.test/uploads/media/a.png"><img src="http://cdn.test/uploads/b.png">'),
      '<a href="/discussion/1?x=1#c">a</a><img src="/uploads/media/a.png" alt="" loading="lazy" /><img src="http://cdn.test/uploads/b.png" alt="" loading="lazy" />',
    );
  });

  test('external links go through /home/leaving; internal ones stay', async () => {
    assert.equal(
      await html('<a href="https://evil.test/a?b=1&amp;c=2" target="_blank" rel="opener">out</a>'),
      '<a href="/home/leaving?target=https%3A%2F%2Fevil.test%2Fa%3Fb%3D1%26c%3D2" rel="nofollow ugc noopener">out</a>',
    );
    assert.equal(
      await html('<a href="//evil.test/x">a</a><a href="/\\evil.test">b</a>'),
      '<a href="/home/leaving?target=http%3A%2F%2Fevil.test%2Fx" rel="nofollow ugc noopener">a</a>' +
        '<a href="/home/leaving?target=http%3A%2F%2Fevil.test%2F" rel="nofollow ugc noopener">b</a>',
    );
    assert.equal(
      await html('<a href="http://hearth.test/discussion/1">a</a> <a href="/categories">b</a> <a href="#c">c</a> <a href="mailto:x@y.test">d</a> <a href="tel:+123">e</a>'),
      '<a href="/discussion/1">a</a> <a href="/categories">b</a> <a href="#c">c</a> <a href="mailto:x@y.test">d</a> <a href="tel:+123">e</a>',
    );
  });

  test('a link cannot dress up as a mention', async () => {
    assert.equal(await html('<a class="atMention" href="/profile/admin">@admin</a>'), '<a href="/profile/admin">@admin</a>');
  });

  test("an upload's image gets its stored size unless the body gives one (no layout shift)", async () => {
    assert.equal(
      await html('![A dune](/uploads/media/known.png) ![Other](http://hearth.test/uploads/media/unknown.png)', 'markdown'),
      '<p><img src="/uploads/media/known.png" alt="A dune" width="640" height="480" loading="lazy" /> ' +
        '<img src="/uploads/media/unknown.png" alt="Other" loading="lazy" /></p>\n',
    );
    assert.equal(
      await html('<img src="http://hearth.test/uploads/media/known.png" width="320">'),
      '<img src="/uploads/media/known.png" alt="" width="320" loading="lazy" />',
    );
    assert.equal(
      await html('<img src="http://cdn.test/uploads/media/known.png">'),
      '<img src="http://cdn.test/uploads/media/known.png" alt="" loading="lazy" />',
    );
  });

  test('images keep only http(s) or /uploads/ sources', async () => {
    assert.equal(
      await html(
        '<img src="data:image/svg+xml;base64,PHN2Zz4="><img src="javascript:alert(1)"><img src="/etc/passwd">' +
          '<img src="/uploads/../secrets"><img src="//evil.test/a.png" width="12" height="x" alt="A">' +
          '<img src="https://cdn.test/a.png" width="12" height="x" alt="A" style="x">',
      ),
      '<img src="https://cdn.test/a.png" alt="A" width="12" loading="lazy" />',
    );
  });

  test('SVG, MathML, style, iframe, object, form and meta are removed with their content', async () => {
    assert.equal(
      await html(
        '<svg onload="alert(1)"><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>' +
          '<math><mtext><script>alert(1)</script></mtext></math><style>body{background:url(javascript:alert(1))}</style>' +
          '<iframe src="https://evil.test">inside</iframe><object data="x.swf">obj</object><embed src="x.swf">' +
          '<form action="https://evil.test"><input name="q"><button>Go</button></form><meta http-equiv="refresh" content="0;url=https://evil.test"><base href="https://evil.test/"><p>kept</p>',
      ),
      'Go<p>kept</p>',
    );
  });

  test('style attributes, CSS expression() included, are dropped', async () => {
    assert.equal(
      await html('<div style="width: expression(alert(1)); background: url(javascript:alert(1))" class="x">css</div>'),
      '<div>css</div>',
    );
  });

  test('broken and unclosed markup is closed; stray closing tags vanish', async () => {
    assert.equal(await html('<p>unclosed <b>bold <i>both'), '<p>unclosed <strong>bold <em>both</em></strong></p>');
    // A stray </p> is an empty paragraph, as browsers read it.
    assert.equal(await html('</div></p>text<p'), '<p></p>text');
    assert.equal(await html('<p title="a>b">x</p>'), '<p>x</p>');
    assert.equal(await html('a < b && c > d'), 'a &lt; b &amp;&amp; c &gt; d');
  });

  test('allowed structure is kept and mapped (h1 → h2, b → strong)', async () => {
    assert.equal(
      await html('<h1>T</h1><h6>S</h6><b>b</b><i>i</i><del>d</del><ul><li>x</li></ul><ol start="3"><li>y</li></ol><blockquote><p>q</p></blockquote><pre><code class="language-ts">c</code></pre>'),
      '<h2>T</h2><h5>S</h5><strong>b</strong><em>i</em><s>d</s><ul><li>x</li></ul><ol start="3"><li>y</li></ol><blockquote><p>q</p></blockquote><pre><code class="language-ts">c</code></pre>',
    );
    assert.equal(
      await html('<table onclick="x"><tr><th colspan="2" style="x">H</th></tr><tr><td rowspan="abc">a</td></tr></table>'),
      '<table><tr><th colspan="2">H</th></tr><tr><td>a</td></tr></table>',
    );
  });

  test('very deep nesting is cut off but its text survives', async () => {
    const depth = 5000;
    const rendered = await renderBody(ctx, { body: `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`, format: 'wysiwyg' });
    assert.equal(rendered.plainText, 'deep');
    assert.ok((rendered.html.match(/<div>/g) ?? []).length <= 40);
  });
});

describe('renderBody: markdown', () => {
  test('renders Markdown and shows raw HTML as text', async () => {
    assert.equal(
      await html('# Title\n\nSome **bold** and _em_, `code`\nnext line <script>alert(1)</script>', 'markdown'),
      '<h2>Title</h2>\n<p>Some <strong>bold</strong> and <em>em</em>, <code>code</code><br />\nnext line &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
  });

  test('unsafe Markdown links and images are not links', async () => {
    assert.equal(
      await html('[a](javascript:alert(1)) [b](vbscript:x) ![c](data:image/png;base64,AAAA) [d](https://out.test)', 'markdown'),
      '<p>[a](javascript:alert(1)) [b](vbscript:x)  <a href="/home/leaving?target=https%3A%2F%2Fout.test%2F" rel="nofollow ugc noopener">d</a></p>\n',
    );
  });

  test('deeply nested quotes do not crash', async () => {
    const rendered = await renderBody(ctx, { body: `${'>'.repeat(80)} deep`, format: 'markdown' });
    assert.equal(rendered.plainText, 'deep');
  });
});

describe('renderBody: text, textex, bbcode, rich', () => {
  test('text is escaped; blank lines make paragraphs, line breaks stay', async () => {
    assert.equal(await html('<b>hi</b> & bye\nnext\n\n\nnew https://x.test', 'text'), '<p>&lt;b&gt;hi&lt;/b&gt; &amp; bye<br />next</p><p>new https://x.test</p>');
  });

  test('textex also links http(s) URLs, through the leaving page', async () => {
    assert.equal(
      await html('see https://x.test/a?b=1&c=2. and javascript:alert(1)', 'textex'),
      '<p>see <a href="/home/leaving?target=https%3A%2F%2Fx.test%2Fa%3Fb%3D1%26c%3D2" rel="nofollow ugc noopener">https://x.test/a?b=1&amp;c=2</a>. and javascript:alert(1)</p>',
    );
  });

  test('bbcode converts its tags and cannot smuggle HTML or scripts', async () => {
    assert.equal(
      await html('[b]bold[/b] [i]it[/i] [u]u[/u] [s]s[/s] [url=javascript:alert(1)]x[/url] [url]http://hearth.test/a[/url] [img]javascript:alert(1)[/img]<script>alert(1)</script>', 'bbcode'),
      '<strong>bold</strong> <em>it</em> <u>u</u> <s>s</s> x <a href="/a">http://hearth.test/a</a> &lt;script&gt;alert(1)&lt;/script&gt;',
    );
    assert.equal(
      await html('[quote]q[/quote]\n[list][*]a[*]b[/list][code]<x>[b][/code] [b]open', 'bbcode'),
      '<blockquote>q</blockquote><ul><li>a</li><li>b</li></ul><pre class="codeBlock"><code>&lt;x&gt;[b]</code></pre> [b]open',
    );
  });

  test('rich (Quill ops) renders headers, lists, formats; bad links become text', async () => {
    const body = JSON.stringify([
      { insert: 'Title' },
      { insert: '\n', attributes: { header: 1 } },
      { insert: 'bold', attributes: { bold: true } },
      { insert: ' bad', attributes: { link: 'javascript:alert(1)' } },
      { insert: '\none' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'two' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: { image: 'javascript:alert(1)' } },
      { insert: '<script>\n' },
    ]);
    assert.equal(
      await html(body, 'rich'),
      '<h2>Title</h2><p><strong>bold</strong> bad</p><ul><li>one</li><li>two</li></ul><p>&lt;script&gt;</p>',
    );
    assert.deepEqual(await rejects('[{"insert": 5}]', 'rich'), {
      field: 'body',
      code: 'invalid',
      message: 'body is not valid rich JSON.',
      status: 422,
    });
  });
});

describe('renderBody: rich2', () => {
  test('renders the node tree of interfaces.md', async () => {
    const body = rich2([
      p({ text: 'Bold', bold: true }, { text: ' ' }, { text: 'it', italic: true }, { text: ' ' }, { text: 'x<y', code: true }, { text: ' gone', strikethrough: true }),
      { type: 'h3', children: [{ text: 'Heading' }] },
      { type: 'blockquote', children: [p({ text: 'quoted' })] },
      { type: 'code_block', children: [{ type: 'code_line', children: [{ text: 'if (a < b)' }] }, { type: 'code_line', children: [{ text: '  go();' }] }] },
      { type: 'ol', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'one' }] }, { type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [{ text: 'nested' }] }] }] }] }] },
      { type: 'spoiler', children: [p({ text: 'secret' })] },
      { type: 'rich_embed_card', dataSourceType: 'image', url: '/uploads/media/ab/x.png', embedData: { url: '/uploads/media/ab/x.png', alt: 'A cat', width: 640, height: 480 }, children: [{ text: '' }] },
      { type: 'table', children: [{ type: 'tr', children: [{ type: 'th', children: [p({ text: 'H' })] }, { type: 'td', children: [p({ text: 'D' })] }] }] },
      { type: 'mystery', children: [{ text: 'kept <text>' }] },
    ]);
    const rendered = await renderBody(ctx, { body, format: 'rich2' });
    assert.equal(
      rendered.html,
      '<p><strong>Bold</strong> <em>it</em> <code>x&lt;y</code><s> gone</s></p>' +
        '<h3>Heading</h3><blockquote><p>quoted</p></blockquote>' +
        '<pre class="codeBlock"><code>if (a &lt; b)\n  go();</code></pre>' +
        '<ol><li>one<ul><li>nested</li></ul></li></ol>' +
        '<details class="spoiler"><summary>Spoiler</summary><p>secret</p></details>' +
        '<p><img src="/uploads/media/ab/x.png" alt="A cat" width="640" height="480" loading="lazy" /></p>' +
        '<table><tbody><tr><th><p>H</p></th><td><p>D</p></td></tr></tbody></table>' +
        '<p>kept &lt;text&gt;</p>',
    );
    assert.equal(
      rendered.plainText,
      'Bold it x<y gone\nHeading\nquoted\nif (a < b)\ngo();\none\nnested\nSpoiler\nsecret\nH\nD\nkept <text>',
    );
    assert.deepEqual(rendered.imageUrls, ['/uploads/media/ab/x.png']);
    assert.deepEqual(rendered.mentionedUserIDs, []);
  });

  test('links with bad URLs at any depth become text; external ones go through /home/leaving', async () => {
    const bad = (url: string) => ({ type: 'a', url, children: [{ text: 'x' }] });
    const body = rich2([
      p(bad('javascript:alert(1)'), bad('JAVASCRIPT:alert(1)'), bad('&#106;avascript:alert(1)'), bad('data:text/html,<script>alert(1)</script>')),
      { type: 'blockquote', children: [{ type: 'ul', children: [{ type: 'li', children: [{ type: 'lic', children: [bad('vbscript:x'), { type: 'a', url: 'https://out.test/', children: [{ text: 'out' }] }] }] }] }] },
      { type: 'rich_embed_card', dataSourceType: 'image', embedData: { url: 'javascript:alert(1)' }, children: [{ text: '' }] },
      p({ type: 'a', url: '"><script>alert(1)</script>', children: [{ text: 'q' }] }),
    ]);
    assert.equal(
      await html(body, 'rich2'),
      '<p>xxxx</p><blockquote><ul><li>x<a href="/home/leaving?target=https%3A%2F%2Fout.test%2F" rel="nofollow ugc noopener">out</a></li></ul></blockquote><p></p><p>q</p>',
    );
  });

  test('huge nesting renders its text without exhausting the stack', async () => {
    // About 165 000 characters, under the source ceiling; far deeper than anything rendered as structure.
    const depth = 5000;
    const body = `[${'{"type":"blockquote","children":['.repeat(depth)}{"text":"deep"}${']}'.repeat(depth)}]`;
    const rendered = await renderBody(ctx, { body, format: 'rich2' });
    assert.equal(rendered.plainText, 'deep');
  });

  test('malformed JSON, a non-array and an empty editor are refused on `body`', async () => {
    for (const body of ['{', '{"type":"p"}', '[1, 2]', 'plain text']) {
      assert.deepEqual(await rejects(body, 'rich2'), {
        field: 'body',
        code: 'invalid',
        message: 'body is not valid rich2 JSON.',
        status: 422,
      });
    }
    assert.deepEqual(await rejects('[{"type":"p","children":[{"text":""}]}]', 'rich2'), {
      field: 'body',
      code: 'missingField',
      message: 'body is required.',
      status: 400,
    });
  });

  test('an image alone is content', async () => {
    const body = rich2([{ type: 'rich_embed_card', dataSourceType: 'image', embedData: { url: 'https://cdn.test/a.png' }, children: [{ text: '' }] }]);
    const rendered = await renderBody(ctx, { body, format: 'rich2' });
    assert.equal(rendered.plainText, '');
    assert.deepEqual(rendered.imageUrls, ['https://cdn.test/a.png']);
  });
});

describe('renderBody: length rule', () => {
  test('8000 plain characters pass, 8001 are refused', async () => {
    assert.equal((await renderBody(ctx, { body: 'a'.repeat(8000), format: 'text' })).plainText.length, 8000);
    assert.deepEqual(await rejects('a'.repeat(8001), 'text'), {
      field: 'body',
      code: 'maxLength',
      message: 'body is 1 characters too long.',
      status: 422,
    });
  });

  test('markup does not count, but the source has a ceiling', async () => {
    assert.equal((await renderBody(ctx, { body: `<p>${'<b></b>'.repeat(1000)}x</p>`, format: 'html' })).plainText, 'x');
    assert.equal((await rejects(`${'<b></b>'.repeat(30_000)}x`, 'html')).code, 'maxLength');
  });
});

describe('excerptOf', () => {
  test('short text is kept whole, lines joined', () => {
    assert.equal(excerptOf('Hello\nworld'), 'Hello world');
  });

  test('long text is cut at a word boundary with an ellipsis', () => {
    assert.equal(excerptOf('alpha beta gamma delta', 13), 'alpha beta…');
    assert.equal(excerptOf('word, '.repeat(100)).length <= 326, true);
    assert.ok(excerptOf('word, '.repeat(100)).endsWith('word…'));
    assert.equal(excerptOf('x'.repeat(400), 10), `${'x'.repeat(10)}…`);
  });

  test('a long body gives the excerpt of its whole text (only its head is read)', () => {
    // What excerptOf answered before it read only the head: the whole text collapsed and split.
    const wholeText = (plainText: string, length: number): string => {
      const text = plainText.replace(/\s+/g, ' ').trim();
      const characters = [...text];
      if (characters.length <= length) return text;
      const cut = characters.slice(0, length).join('');
      const boundary = cut.search(/\s\S*$/);
      const slice = boundary > length / 2 ? cut.slice(0, boundary) : cut;
      return `${slice.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
    };
    const pieces = ['word', ' ', '\n\n', '   \t ', '😀', 'é', '—', '.', 'x'.repeat(30), ' '.repeat(2000), '\u00a0', ', '];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let run = 0; run < 400; run += 1) {
      let body = '';
      const parts = next() % 400;
      for (let index = 0; index < parts; index += 1) body += pieces[next() % pieces.length];
      for (const length of [10, 200, 325]) assert.equal(excerptOf(body, length), wholeText(body, length), JSON.stringify(body));
    }
    // A head that ends in a long run of spaces, or that is mostly spaces, reads the whole.
    const spaced = `${'a '.repeat(100)}${' '.repeat(5000)}tail`;
    assert.equal(excerptOf(spaced), wholeText(spaced, 325));
    assert.equal(excerptOf(`${'😀'.repeat(1400)}`), `${'😀'.repeat(325)}…`);
  });
});
