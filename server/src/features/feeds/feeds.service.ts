import {
  DEFAULT_DISCUSSIONS_LIMIT,
  discussionsQuerySchema,
  type Discussion,
} from '../../../../common/src/api/discussions.ts';
import { guestActor, type RequestContext } from '../../http/context.ts';
import { notFound } from '../../platform/errors.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { resolveCategory } from '../categories/categories.lookup.ts';
import { canViewCategory } from '../categories/categories.policy.ts';
import { categoryUrl } from '../categories/categories.present.ts';
import { hiddenCategoryIDsOf } from '../categories/categories.visibility.ts';
import { getSettings } from '../config/config.service.ts';
import { listDiscussions } from '../discussions/discussions.list.ts';
import { discussionUrl } from '../discussions/discussions.present.ts';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { getTag } from '../tags/tags.service.ts';
import {
  countSitemapCategories,
  countSitemapDiscussions,
  findSitemapCategories,
  findSitemapDiscussions,
  findTagIDByNameOrUrlcode,
} from './feeds.repo.ts';
import { rssDocument, sitemapIndex, sitemapUrlSet, type FeedItem } from './feeds.xml.ts';

/** The sitemap protocol's ceiling of URLs per sitemap file. */
export const SITEMAP_PAGE_SIZE = 50_000;

/**
 * The same request seen as a guest: feeds and sitemaps are public documents that readers and
 * crawlers cache and share, so they hold only what a guest may read, whoever asks (issue 14).
 */
async function asGuest(ctx: RequestContext): Promise<RequestContext> {
  return { ...ctx, actor: guestActor, permissions: await loadPermissionSet(ctx.db, 0) };
}

async function recentItems(
  guest: RequestContext,
  filter: { categoryID?: number; tagID?: number },
): Promise<FeedItem[]> {
  const query = discussionsQuerySchema.parse({
    sort: '-dateInserted',
    limit: String(DEFAULT_DISCUSSIONS_LIMIT),
    expand: 'insertUser,excerpt',
    ...(filter.categoryID === undefined
      ? {}
      : { categoryID: String(filter.categoryID), includeChildCategories: 'true' }),
    ...(filter.tagID === undefined ? {} : { tagID: String(filter.tagID) }),
  });
  const { discussions } = await listDiscussions(guest, query);
  return discussions.map((discussion: Discussion) => ({
    title: discussion.name,
    link: discussion.url,
    description: discussion.excerpt ?? '',
    author: discussion.insertUser?.name ?? null,
    category: discussion.category?.name ?? null,
    published: discussion.dateInserted,
  }));
}

async function siteTitle(ctx: RequestContext): Promise<string> {
  const title = (await getSettings(ctx.db))['garden.title'];
  return typeof title === 'string' && title !== '' ? title : 'Hearth';
}

/** A `<link rel="alternate">` of a page's feed, as a layout's `seo.links` carry it. */
export interface FeedLink {
  rel: 'alternate';
  type: 'application/rss+xml';
  title: string;
  href: string;
}

/**
 * The feed links of a page (issue 14): the recent discussions feed, plus the category's when the
 * page is a category guests may read (a feed holds guest content only, so a hidden one has none).
 */
export async function feedLinksOf(
  ctx: RequestContext,
  categoryID?: number,
  tagRef?: string,
): Promise<FeedLink[]> {
  const title = await siteTitle(ctx);
  const links: FeedLink[] = [
    { rel: 'alternate', type: 'application/rss+xml', title: `${title} - Recent Discussions`, href: `${ctx.config.baseUrl}/discussions/feed.rss` },
  ];
  if (tagRef !== undefined) {
    const tag = await guestTag(await asGuest(ctx), tagRef).catch(() => undefined);
    if (tag !== undefined) {
      links.push({
        rel: 'alternate',
        type: 'application/rss+xml',
        title: `${title} - ${tag.name}`,
        href: `${ctx.config.baseUrl}/discussions/tagged/${encodeURIComponent(tag.urlcode)}/feed.rss`,
      });
    }
  }
  if (categoryID === undefined) return links;
  const category = await resolveCategory(ctx.db, categoryID).catch(() => undefined);
  if (category !== undefined && canViewCategory(await loadPermissionSet(ctx.db, 0), category)) {
    links.push({
      rel: 'alternate',
      type: 'application/rss+xml',
      title: `${title} - ${category.name}`,
      href: `${categoryUrl(ctx.config.baseUrl, category.urlcode)}/feed.rss`,
    });
  }
  return links;
}

/** `/discussions/feed.rss`: the newest discussions a guest may read. */
export async function recentDiscussionsFeed(ctx: RequestContext): Promise<string> {
  const guest = await asGuest(ctx);
  const title = await siteTitle(ctx);
  return rssDocument({
    title: `${title} - Recent Discussions`,
    link: `${ctx.config.baseUrl}/discussions`,
    self: `${ctx.config.baseUrl}/discussions/feed.rss`,
    description: `Recent Discussions on ${title}`,
    items: await recentItems(guest, {}),
  });
}

/**
 * `/categories/{urlcode}/feed.rss`: the newest discussions of a category and its subcategories.
 * @throws AppError 404 "Category not found." for an unknown category or one guests may not see.
 */
export async function categoryFeed(ctx: RequestContext, urlcode: string): Promise<string> {
  const guest = await asGuest(ctx);
  const category = await resolveCategory(ctx.db, `$urlcode:${urlcode}`).catch(() => undefined);
  // A category hidden from guests answers as if it did not exist: its name must not leak.
  if (category === undefined || category.categoryID <= 0 || !canViewCategory(guest.permissions, category))
    throw notFound('Category');
  const title = await siteTitle(ctx);
  const link = categoryUrl(ctx.config.baseUrl, category.urlcode);
  return rssDocument({
    title: `${title} - ${category.name}`,
    link,
    self: `${link}/feed.rss`,
    description: category.description ?? category.name,
    items: await recentItems(guest, { categoryID: category.categoryID }),
  });
}

/** The tag a tag page names, as guests see it. @throws AppError 404 "Tag not found." */
async function guestTag(guest: RequestContext, ref: string): Promise<Tag> {
  // getTag answers 404 for a tag used only in categories guests may not see.
  return findTagOfPage(guest, ref);
}

/**
 * The tag of a tag page (`/discussions/tagged/{tag}`, URL code or name) as the viewer sees it.
 * @throws AppError 404 "Tag not found." for an unknown tag or one used only where the viewer may not look.
 */
export async function findTagOfPage(ctx: RequestContext, ref: string): Promise<Tag> {
  const tagID = await findTagIDByNameOrUrlcode(ctx.db, ref);
  if (tagID === undefined) throw notFound('Tag');
  return getTag(ctx, tagID);
}

/** `/discussions/tagged/{tag}/feed.rss` (tag name or URL code). @throws AppError 404 "Tag not found." */
export async function tagFeed(ctx: RequestContext, ref: string): Promise<string> {
  const guest = await asGuest(ctx);
  const tag = await guestTag(guest, ref);
  const title = await siteTitle(ctx);
  const link = `${ctx.config.baseUrl}/discussions/tagged/${encodeURIComponent(tag.urlcode)}`;
  return rssDocument({
    title: `${title} - ${tag.name}`,
    link,
    self: `${link}/feed.rss`,
    description: `Discussions tagged ${tag.name}`,
    items: await recentItems(guest, { tagID: tag.tagID }),
  });
}

/** `/sitemap.xml`: an index of the paged sitemaps of guest-visible categories and discussions. */
export async function sitemapIndexDocument(ctx: RequestContext, pageSize = SITEMAP_PAGE_SIZE): Promise<string> {
  const hidden = await hiddenCategoryIDsOf(await asGuest(ctx));
  const [categories, discussions] = await Promise.all([
    countSitemapCategories(ctx.db, hidden),
    countSitemapDiscussions(ctx.db, hidden),
  ]);
  const pages = (kind: string, count: number) =>
    Array.from(
      { length: Math.max(1, Math.ceil(count / pageSize)) },
      (_, index) => `${ctx.config.baseUrl}/sitemaps/${kind}-${String(index + 1)}.xml`,
    );
  return sitemapIndex([...pages('categories', categories), ...pages('discussions', discussions)]);
}

/** The sitemap files `/sitemap.xml` points at: `categories-{n}.xml`, `discussions-{n}.xml`. */
export type SitemapKind = 'categories' | 'discussions';

/**
 * One paged sitemap (`/sitemaps/{kind}-{page}.xml`), guest-visible records only; `pageSize` is
 * the protocol's ceiling except in tests.
 * @throws AppError 404 "Sitemap not found." past the last page.
 */
export async function sitemapPage(
  ctx: RequestContext,
  kind: SitemapKind,
  page: number,
  pageSize = SITEMAP_PAGE_SIZE,
): Promise<string> {
  const hidden = await hiddenCategoryIDsOf(await asGuest(ctx));
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  const baseUrl = ctx.config.baseUrl;
  const urls =
    kind === 'categories'
      ? (await findSitemapCategories(ctx.db, hidden, window)).map((row) => ({
          loc: categoryUrl(baseUrl, row.urlcode),
          lastmod: null,
        }))
      : (await findSitemapDiscussions(ctx.db, hidden, window)).map((row) => ({
          loc: discussionUrl(baseUrl, row.discussionID, row.name),
          lastmod: row.dateLastComment,
        }));
  // Page 1 always exists (an empty forum has an empty sitemap); later pages only when filled.
  if (urls.length === 0 && page > 1) throw notFound('Sitemap');
  return sitemapUrlSet(urls);
}

/** Paths crawlers are asked to leave alone: personal and administrative pages. */
const DISALLOWED = ['/entry/', '/messages', '/drafts', '/dashboard', '/profile/edit', '/notifications'];

/** `/robots.txt`: the disallowed paths and the sitemap index. */
export function robotsText(ctx: RequestContext): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${ctx.config.baseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
