import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { countExternalLinks } from './spam.links.ts';

const baseUrl = 'https://forum.example';
const leaving = (target: string) => `/home/leaving?target=${encodeURIComponent(target)}`;

describe('countExternalLinks', () => {
  const cases: { name: string; html: string; text: string; links: number }[] = [
    { name: 'no links', html: '<p>Hello</p>', text: 'Hello', links: 0 },
    {
      name: 'external anchors (through the leaving page)',
      html: `<p><a href="${leaving('https://a.test/x')}" rel="nofollow ugc noopener">one</a> and <a href="${leaving('http://b.test/')}">two</a></p>`,
      text: 'one and two',
      links: 2,
    },
    {
      name: 'an autolinked address counts once',
      html: `<p><a href="${leaving('https://a.test/x')}">https://a.test/x</a></p>`,
      text: 'https://a.test/x',
      links: 1,
    },
    {
      name: 'bare addresses of a text post',
      html: '<p>see https://a.test, www.b.test and http://c.test/d.</p>',
      text: 'see https://a.test, www.b.test and http://c.test/d.',
      links: 3,
    },
    {
      name: 'mentions and site links do not count',
      html: '<p><a class="atMention" href="/profile/ann">@ann</a> <a href="/discussion/1">here</a> <a href="#top">up</a></p>',
      text: '@ann here up https://forum.example/discussion/2',
      links: 0,
    },
    { name: 'e-mail addresses and other schemes do not count', html: '<a href="mailto:a@b.test">mail</a>', text: 'mail a@www.b.test ftp://c.test', links: 0 },
    { name: 'the same address twice counts twice', html: '<p>https://a.test https://a.test</p>', text: 'https://a.test https://a.test', links: 2 },
  ];
  for (const item of cases) {
    test(item.name, () => {
      assert.equal(countExternalLinks({ html: item.html, text: item.text }, baseUrl), item.links);
    });
  }
});
