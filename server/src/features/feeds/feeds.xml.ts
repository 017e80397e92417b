import { escapeHtml } from '../../platform/content/escape.ts';

// XML 1.0 forbids these code points even as character references: a hostile title must not make
// the whole feed unreadable, so they are dropped before escaping.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text for XML content or a quoted attribute: invalid characters dropped, markup characters escaped. */
export function xmlText(text: string): string {
  return escapeHtml(text.replace(INVALID_XML, ''));
}

/** One item of an RSS 2.0 channel. */
export interface FeedItem {
  title: string;
  link: string;
  description: string;
  author: string | null;
  category: string | null;
  /** ISO-8601 UTC. */
  published: string;
}

/** The channel of an RSS 2.0 document. */
export interface FeedChannel {
  title: string;
  /** The HTML page the feed mirrors. */
  link: string;
  /** The feed's own URL (`atom:link rel="self"`). */
  self: string;
  description: string;
  items: readonly FeedItem[];
}

/** An RSS 2.0 document (https://www.rssboard.org/rss-specification); every value is escaped here. */
export function rssDocument(channel: FeedChannel): string {
  const items = channel.items.map((item) => {
    const parts = [
      `<title>${xmlText(item.title)}</title>`,
      `<link>${xmlText(item.link)}</link>`,
      `<guid isPermaLink="true">${xmlText(item.link)}</guid>`,
      `<pubDate>${new Date(item.published).toUTCString()}</pubDate>`,
      `<description>${xmlText(item.description)}</description>`,
    ];
    if (item.author !== null) parts.push(`<dc:creator>${xmlText(item.author)}</dc:creator>`);
    if (item.category !== null) parts.push(`<category>${xmlText(item.category)}</category>`);
    return `<item>${parts.join('')}</item>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xmlText(channel.title)}</title>`,
    `<link>${xmlText(channel.link)}</link>`,
    `<atom:link href="${xmlText(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xmlText(channel.description)}</description>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** A sitemap URL set (https://www.sitemaps.org/protocol.html). */
export function sitemapUrlSet(urls: readonly { loc: string; lastmod: string | null }[]): string {
  const entries = urls.map(
    (url) =>
      `<url><loc>${xmlText(url.loc)}</loc>${url.lastmod === null ? '' : `<lastmod>${xmlText(url.lastmod)}</lastmod>`}</url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** A sitemap index pointing at paged sitemaps. */
export function sitemapIndex(locations: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...locations.map((loc) => `<sitemap><loc>${xmlText(loc)}</loc></sitemap>`),
    '</sitemapindex>',
    '',
  ].join('\n');
}
