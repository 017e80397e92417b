import { describe, expect, it } from 'vitest';
import { isInternalLink, isSafeLink, safeTarget } from './safe-url.ts';

describe('isSafeLink (spec 000 §5)', () => {
  it.each([
    'http://example.com',
    'https://example.com/x',
    'HTTPS://EXAMPLE.COM',
    'tel:+123',
    'mailto:a@b.c',
    '/discussions',
    '#top',
    '//cdn.example.com/x',
  ])('keeps %s', (url) => {
    expect(isSafeLink(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'ftp://x',
    'discussions',
    '',
  ])('drops %s', (url) => {
    expect(isSafeLink(url)).toBe(false);
  });
});

describe('isInternalLink', () => {
  it('is true for site paths and hashes only', () => {
    expect(isInternalLink('/categories')).toBe(true);
    expect(isInternalLink('#x')).toBe(true);
    expect(isInternalLink('//evil.example.com')).toBe(false);
    expect(isInternalLink('https://example.com')).toBe(false);
  });
});

describe('safeTarget', () => {
  it('follows same-site paths only', () => {
    expect(safeTarget('/discussions?page=2')).toBe('/discussions?page=2');
    expect(safeTarget('https://evil.example.com')).toBe('/');
    expect(safeTarget('//evil.example.com')).toBe('/');
    expect(safeTarget('/\\evil.example.com')).toBe('/');
    expect(safeTarget(null)).toBe('/');
    expect(safeTarget('')).toBe('/');
  });
});
