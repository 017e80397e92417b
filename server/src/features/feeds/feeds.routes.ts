import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  categoryFeedParamsSchema,
  parseSitemapFile,
  sitemapParamsSchema,
  tagFeedParamsSchema,
} from '../../../../common/src/api/feeds.ts';
import { notFound } from '../../platform/errors.ts';
import {
  categoryFeed,
  recentDiscussionsFeed,
  robotsText,
  sitemapIndexDocument,
  sitemapPage,
  tagFeed,
} from './feeds.service.ts';

const RSS = 'application/rss+xml; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

function sendDocument(reply: FastifyReply, contentType: string, body: string) {
  // Guest-only content: the same document for everyone, so shared caches may keep it briefly.
  return reply.header('content-type', contentType).header('cache-control', 'public, max-age=300').send(body);
}

/**
 * Feeds, sitemaps and robots.txt (issue 14), outside the API prefix: RSS 2.0 of recent
 * discussions, of a category and of a tag; a sitemap index with paged sitemaps. Guest content only.
 */
export async function feedsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const hide = { hide: true };

  api.get('/discussions/feed.rss', { schema: hide }, async (request, reply) =>
    sendDocument(reply, RSS, await recentDiscussionsFeed(request.ctx)),
  );
  api.get(
    '/categories/:urlcode/feed.rss',
    { schema: { ...hide, params: categoryFeedParamsSchema } },
    async (request, reply) => sendDocument(reply, RSS, await categoryFeed(request.ctx, request.params.urlcode)),
  );
  api.get(
    '/discussions/tagged/:tag/feed.rss',
    { schema: { ...hide, params: tagFeedParamsSchema } },
    async (request, reply) => sendDocument(reply, RSS, await tagFeed(request.ctx, request.params.tag)),
  );
  api.get('/sitemap.xml', { schema: hide }, async (request, reply) =>
    sendDocument(reply, XML, await sitemapIndexDocument(request.ctx)),
  );
  api.get(
    '/sitemaps/:file',
    { schema: { ...hide, params: sitemapParamsSchema } },
    async (request, reply) => {
      const file = parseSitemapFile(request.params.file);
      if (file === null) throw notFound('Sitemap');
      return sendDocument(reply, XML, await sitemapPage(request.ctx, file.kind, file.page));
    },
  );
  api.get('/robots.txt', { schema: hide }, async (request, reply) =>
    sendDocument(reply, 'text/plain; charset=utf-8', robotsText(request.ctx)),
  );
}
