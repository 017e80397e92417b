import { z } from 'zod';
import { MAX_TAG_NAME_LENGTH } from './tags.constants.ts';

/** `{urlcode}` of `/categories/{urlcode}/feed.rss`. */
export const categoryFeedParamsSchema = z.object({ urlcode: z.string().min(1).max(255) });

/** `{tag}` of `/discussions/tagged/{tag}/feed.rss`: a tag's URL code or name. */
export const tagFeedParamsSchema = z.object({ tag: z.string().min(1).max(MAX_TAG_NAME_LENGTH) });

/** `{file}` of `/sitemaps/{file}`: `categories-{n}.xml` or `discussions-{n}.xml`. */
export const sitemapParamsSchema = z.object({ file: z.string().min(1).max(64) });

/** A sitemap file name, read: its kind and page, or null when it names no sitemap. */
export function parseSitemapFile(file: string): { kind: 'categories' | 'discussions'; page: number } | null {
  const match = /^(categories|discussions)-([1-9][0-9]{0,5})\.xml$/.exec(file);
  if (match === null) return null;
  return { kind: match[1] === 'categories' ? 'categories' : 'discussions', page: Number(match[2]) };
}
