import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeDiscussion, makeHiddenCategory, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { Tag } from '../../../../common/src/api/tags.ts';
import { firstPageRedirect, layoutLookupForPath } from '../../../../common/src/api/layouts.lookup.ts';
import { contextFor } from '../../../test/request-context.ts';
import { sitemapIndexDocument, sitemapPage } from './feeds.service.ts';

/** The discussion names of a hydrated layout's DiscussionList widget. */
function listNames(body: string): string[] {
  const names: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as { $reactComponent?: string; $reactProps?: { discussions?: { name: string }[] } };
    if (record.$reactComponent === 'DiscussionList') names.push(...(record.$reactProps?.discussions ?? []).map((d) => d.name));
    Object.values(node).forEach(visit);
  };
  visit(JSON.parse(body));
  return names;
}

describe(`feeds, sitemaps and robots.txt (${testDialect})`, () => {
  const fx = useTestApp(async (t) => makeActors(t));
  let open: Category;
  let hidden: Category;
  let shared: Tag;
  let secretOnly: Tag;
  let visible: Discussion;
  let secret: Discussion;
  let hostile: Discussion;

  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });

  const createTag = async (name: string): Promise<Tag> => {
    const response = await inject(fx.t, fx.admin, { method: 'POST', url: '/api/v2/tags', payload: { name } });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Tag;
  };

  before(async () => {
    const { t } = fx;
    open = await makeCategory(t, { name: 'Open Feeds' });
    hidden = await makeHiddenCategory(t, { name: 'Staff Secrets' });
    shared = await createTag('Feed Shared');
    secretOnly = await createTag('Feed Secret Only');
    visible = await makeDiscussion(t, { categoryID: open.categoryID, name: 'Visible feed topic', tagIDs: [shared.tagID] });
    secret = await makeDiscussion(t, {
      categoryID: hidden.categoryID,
      name: 'Secret feed topic',
      tagIDs: [shared.tagID, secretOnly.tagID],
    });
    hostile = await makeDiscussion(t, {
      categoryID: open.categoryID,
      name: 'Tom & Jerry <script>alert("x")</script> \u0001 it\'s',
    });
  });

  test('the recent discussions feed is RSS 2.0 of guest-visible discussions, even for an admin', async () => {
    for (const actor of [null, fx.member, fx.admin]) {
      const response = await get(actor, '/discussions/feed.rss');
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^application\/rss\+xml/);
      assert.match(response.body, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      assert.ok(response.body.includes('<title>Visible feed topic</title>'));
      assert.ok(response.body.includes(`<link>${visible.url}</link>`));
      assert.ok(!response.body.includes('Secret feed topic'), 'a hidden category’s discussion never appears');
      assert.ok(!response.body.includes(secret.url));
    }
  });

  test('titles are escaped once and characters XML forbids are dropped', async () => {
    const body = (await get(null, '/discussions/feed.rss')).body;
    assert.ok(
      body.includes('<title>Tom &amp; Jerry &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;  it&#39;s</title>'),
      body,
    );
    assert.ok(!body.includes('<script>'));
    assert.ok(!body.includes('\u0001'));
    assert.ok(body.includes(hostile.url.replace(/&/g, '&amp;')));
  });

  test('a category feed lists its discussions; hidden and unknown categories are 404', async () => {
    const response = await get(null, `/categories/${open.urlcode}/feed.rss`);
    assert.equal(response.statusCode, 200, response.body);
    assert.ok(response.body.includes('<title>Visible feed topic</title>'));
    assert.ok(response.body.includes(`<atom:link href="${open.url}/feed.rss" rel="self"`));
    for (const actor of [null, fx.admin]) {
      const denied = await get(actor, `/categories/${hidden.urlcode}/feed.rss`);
      assert.equal(denied.statusCode, 404);
      assert.equal((denied.json() as ErrorBody).message, 'Category not found.');
      assert.ok(!denied.body.includes('Staff Secrets'));
    }
    const unknown = await get(null, '/categories/no-such-category-here/feed.rss');
    assert.equal(unknown.statusCode, 404);
    assert.equal((unknown.json() as ErrorBody).message, 'Category not found.');
  });

  test('a tag feed answers by URL code or name, without hidden discussions; unknown or hidden tags are 404', async () => {
    for (const ref of [shared.urlcode, encodeURIComponent(shared.name)]) {
      const response = await get(fx.admin, `/discussions/tagged/${ref}/feed.rss`);
      assert.equal(response.statusCode, 200, response.body);
      assert.ok(response.body.includes('<title>Visible feed topic</title>'));
      assert.ok(!response.body.includes('Secret feed topic'));
      assert.ok(!response.body.includes('Tom &amp; Jerry'), 'an untagged discussion is not listed');
    }
    const onlyHidden = await get(fx.admin, `/discussions/tagged/${secretOnly.urlcode}/feed.rss`);
    assert.equal(onlyHidden.statusCode, 404);
    assert.equal((onlyHidden.json() as ErrorBody).message, 'Tag not found.');
    const unknown = await get(null, '/discussions/tagged/no-such-tag-anywhere/feed.rss');
    assert.equal(unknown.statusCode, 404);
    assert.equal((unknown.json() as ErrorBody).message, 'Tag not found.');
  });

  test('sitemap.xml indexes paged sitemaps that hold only guest-visible records', async () => {
    const index = await get(fx.admin, '/sitemap.xml');
    assert.equal(index.statusCode, 200);
    assert.match(String(index.headers['content-type']), /^application\/xml/);
    assert.ok(index.body.includes('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'));
    const locations = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
    assert.deepEqual(
      locations.map((location) => new URL(location).pathname),
      ['/sitemaps/categories-1.xml', '/sitemaps/discussions-1.xml'],
    );

    const discussions = await get(fx.admin, '/sitemaps/discussions-1.xml');
    assert.equal(discussions.statusCode, 200);
    assert.ok(discussions.body.includes(`<loc>${visible.url}</loc>`));
    assert.ok(!discussions.body.includes(secret.url));
    const categories = await get(fx.admin, '/sitemaps/categories-1.xml');
    assert.equal(categories.statusCode, 200);
    assert.ok(categories.body.includes(`<loc>${open.url}</loc>`));
    assert.ok(!categories.body.includes(hidden.url));

    for (const file of ['discussions-2.xml', 'categories-0.xml', 'users-1.xml', 'discussions-1.xml.gz']) {
      const missing = await get(null, `/sitemaps/${file}`);
      assert.equal(missing.statusCode, 404, file);
      assert.equal((missing.json() as ErrorBody).message, 'Sitemap not found.');
    }
  });

  test('list pages link their RSS feeds; a category guests may not read links none of its own', async () => {
    const seoLinks = async (query: string) => {
      const response = await get(fx.admin, `/api/v2/layouts/lookup-hydrate?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      const links = (response.json() as { seo: { links: { rel: string; href: string; type?: string }[] } }).seo.links;
      return links.filter((link) => link.rel === 'alternate').map((link) => [link.type, new URL(link.href).pathname]);
    };
    const recent = ['application/rss+xml', '/discussions/feed.rss'];
    assert.deepEqual(await seoLinks('layoutViewType=discussionList&recordType=siteSection&recordID=0'), [recent]);
    assert.deepEqual(await seoLinks(`layoutViewType=categoryList&recordType=category&recordID=${String(open.categoryID)}`), [
      recent,
      ['application/rss+xml', `/categories/${open.urlcode}/feed.rss`],
    ]);
    assert.deepEqual(await seoLinks(`layoutViewType=categoryList&recordType=category&recordID=${String(hidden.categoryID)}`), [recent]);
  });

  test('a tag page (/discussions/tagged/{tag}) lists what the viewer may see; unknown or hidden tags are 404', async () => {
    assert.deepEqual(layoutLookupForPath('/discussions/tagged/feed-shared/p2', '?sort=-score'), {
      layoutViewType: 'discussionList',
      recordType: 'siteSection',
      recordID: '0',
      params: { sort: '-score', tag: 'feed-shared', page: '2' },
    });
    assert.equal(layoutLookupForPath('/discussions/tagged/feed-shared/other'), null);
    assert.equal(firstPageRedirect('/discussions/tagged/feed-shared/p1', '?sort=-score'), '/discussions/tagged/feed-shared?sort=-score');

    const tagPage = (actor: TestActor, tag: string) =>
      get(actor, `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=siteSection&recordID=0&params[tag]=${encodeURIComponent(tag)}`);
    for (const ref of [shared.urlcode, shared.name]) {
      const response = await tagPage(fx.member, ref);
      assert.equal(response.statusCode, 200, response.body);
      const { seo } = response.json() as { seo: { title: string; links: { rel: string; href: string }[] } };
      assert.equal(seo.title, shared.name);
      const hrefs = seo.links.map((link) => `${link.rel} ${new URL(link.href).pathname}`);
      assert.ok(hrefs.includes(`canonical /discussions/tagged/${shared.urlcode}`), hrefs.join());
      assert.ok(hrefs.includes(`alternate /discussions/tagged/${shared.urlcode}/feed.rss`), hrefs.join());
      // The main list (the page's other widgets may show other discussions).
      const names = listNames(response.body);
      assert.deepEqual(names, ['Visible feed topic'], 'only the tag’s discussions the member may see');
      assert.ok(!response.body.includes('Secret feed topic'), 'a hidden category’s discussion is not shown');
    }
    const adminView = await tagPage(fx.admin, shared.urlcode);
    assert.ok(adminView.body.includes('Secret feed topic'), 'an admin sees the hidden category’s discussion');
    for (const [actor, ref] of [[fx.member, secretOnly.urlcode], [fx.member, 'no-such-tag-anywhere']] as const) {
      const missing = await tagPage(actor, ref);
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Tag not found.');
    }
    const tooFar = await get(fx.member, `/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=siteSection&recordID=0&params[tag]=${shared.urlcode}&params[page]=5`);
    assert.equal(tooFar.statusCode, 404, 'a page past the last is 404 like other lists');
  });

  test('sitemaps are paged: the index names every page, each page holds its share, the next is 404', async () => {
    const ctx = await contextFor(fx.t, fx.admin.user.userID);
    const discussionsTotal = Number(
      (await get(fx.admin, '/sitemaps/discussions-1.xml')).body.match(/<url>/g)?.length ?? 0,
    );
    assert.ok(discussionsTotal >= 2);
    const index = await sitemapIndexDocument(ctx, 1);
    const discussionPages = [...index.matchAll(/\/sitemaps\/discussions-(\d+)\.xml/g)].map((match) => Number(match[1]));
    assert.deepEqual(discussionPages, Array.from({ length: discussionsTotal }, (_, index) => index + 1));
    const seen = new Set<string>();
    for (const pageNumber of discussionPages) {
      const document = await sitemapPage(ctx, 'discussions', pageNumber, 1);
      const locations = [...document.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
      assert.equal(locations.length, 1);
      seen.add(locations[0] ?? '');
    }
    assert.equal(seen.size, discussionsTotal, 'no discussion on two pages');
    assert.ok(!seen.has(secret.url));
    await assert.rejects(sitemapPage(ctx, 'discussions', discussionsTotal + 1, 1), { statusCode: 404, message: 'Sitemap not found.' });
  });

  test('robots.txt disallows private pages and names the sitemap', async () => {
    const response = await get(null, '/robots.txt');
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^text\/plain/);
    for (const path of ['/entry/', '/messages', '/drafts', '/dashboard', '/profile/edit'])
      assert.ok(response.body.includes(`\nDisallow: ${path}\n`), path);
    assert.match(response.body, /\nSitemap: http[^\n]+\/sitemap\.xml\n/);
  });
});
