import { describe, expect, it } from 'vitest';
import { normalizeLinkUrl } from './link-url.ts';

describe('the link URL rule (spec 000 §5)', () => {
  it('accepts http, https, mailto, tel, a leading slash or hash', () => {
    for (const url of [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:someone@example.com',
      'tel:+15551234',
      '/discussion/3',
      '#comment-4',
    ]) {
      expect(normalizeLinkUrl(url)).toBe(url);
    }
    expect(normalizeLinkUrl('  https://example.com  ')).toBe('https://example.com');
  });

  it('refuses other schemes and things that are not addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://example.com/file',
      'vbscript:msgbox',
      'http:example.com',
      'two words',
      '',
      'relative/path',
    ]) {
      expect(normalizeLinkUrl(url), url).toBeNull();
    }
  });

  it('completes bare domains with https:// and e-mail addresses with mailto:', () => {
    expect(normalizeLinkUrl('example.com/page')).toBe('https://example.com/page');
    expect(normalizeLinkUrl('www.example.org')).toBe('https://www.example.org');
    expect(normalizeLinkUrl('localhost.test:8080/x')).toBe('https://localhost.test:8080/x');
    expect(normalizeLinkUrl('me@example.com')).toBe('mailto:me@example.com');
  });
});
