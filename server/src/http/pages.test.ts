import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assemblePage, seoHeadTags, splitTemplate } from './page-html.ts';

const template =
  '<!doctype html>\n<html lang="en">\n<head><meta charset="UTF-8"><!--app-head--></head>\n' +
  '<body><div id="root"><!--app-html--></div><script type="module" src="/assets/index.js"></script></body>\n</html>\n';

/** What the page was before it was assembled from bytes: the template's slots replaced as text. */
function replaced(slots: { locale: string; head: string; html: string }): string {
  return template
    .replace(
      '<html lang="en">',
      () => `<html lang="${slots.locale.replace(/[^a-zA-Z0-9-]/g, '')}">`,
    )
    .replace('<!--app-head-->', () => slots.head)
    .replace('<!--app-html-->', () => slots.html);
}

describe('page assembly', () => {
  const headParts = [
    '<title>Tomatoes – “indoors” 🍅</title>',
    '\n',
    '<script type="application/json" id="b">',
    '{"a":"$&"}',
    '</script>',
  ];
  const html = '<main><h1>Grüße $& $1 ’</h1></main>';
  const htmlChunks = [Buffer.from(html.slice(0, 10)), Buffer.from(html.slice(10))];

  test('writes the template with the locale, the head tags and the markup in their slots', () => {
    const page = assemblePage(template, splitTemplate(template), {
      locale: 'de-DE"><script>',
      headParts,
      extraHead: [
        '<meta name="description" content="x" data-seo>',
        '',
        '<link rel="stylesheet" href="/a.css">',
      ],
      htmlChunks,
    });
    const expected = replaced({
      locale: 'de-DE"><script>',
      head: [
        headParts.join(''),
        '<meta name="description" content="x" data-seo>',
        '<link rel="stylesheet" href="/a.css">',
      ].join('\n'),
      html,
    });
    assert.equal(page.toString('utf8'), expected);
    assert.equal(page.byteLength, Buffer.byteLength(expected));
  });

  test('fills a template without its slots in order by replacing text, as before', () => {
    const odd = '<!--app-html--><html lang="en"><!--app-head-->';
    assert.equal(splitTemplate(odd), null);
    const page = assemblePage(odd, splitTemplate(odd), {
      locale: 'en',
      headParts: ['<title>x</title>'],
      extraHead: [],
      htmlChunks,
    });
    assert.equal(page.toString('utf8'), `${html}<html lang="en"><title>x</title>`);
  });
});

describe('seo head tags', () => {
  test('a feed link carries its type and an escaped title (issue 14)', () => {
    const tags = seoHeadTags({
      title: 'x',
      description: '',
      meta: [],
      links: [
        { rel: 'canonical', href: 'http://hearth.test/' },
        { rel: 'alternate', type: 'application/rss+xml', title: 'Tom & "Jerry"', href: 'http://hearth.test/discussions/feed.rss' },
      ],
      'json-ld': [],
    });
    assert.equal(
      tags,
      '<link rel="canonical" href="http://hearth.test/" data-seo>\n' +
        '<link rel="alternate" href="http://hearth.test/discussions/feed.rss" type="application/rss+xml" title="Tom &amp; &quot;Jerry&quot;" data-seo>',
    );
  });
});
