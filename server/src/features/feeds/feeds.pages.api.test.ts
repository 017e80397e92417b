import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asGuest, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { createPagesApp, type PagesApp } from '../../../test/fake-web-build.ts';
import { makeCategory, makeDiscussion, makeHiddenCategory } from '../../../test/factories.ts';

// Issue 14: `/discussions/tagged/{tag}` is a server-rendered list page, paged like the others,
// and list pages name their RSS feeds in the head.

describe(`tag pages and feed links, server-rendered (${testDialect})`, () => {
  let t: TestApp;
  let pages: FastifyInstance;
  let pagesApp: PagesApp;
  let admin: TestActor<TestUser>;
  let guest: TestActor;
  let base: string;

  const page = async (url: string) => {
    const response = await pages.inject({ method: 'GET', url, headers: guest.headers });
    const links = [
      ...response.body.matchAll(/<link rel="(canonical|prev|next|alternate)" href="([^"]*)"[^>]*data-seo>/g),
    ].map(([, rel, href]) => `${rel} ${href?.replace(base, '') ?? ''}`);
    return { status: response.statusCode, location: response.headers.location, links, body: response.body };
  };

  before(async () => {
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' });
    pagesApp = await createPagesApp(t);
    pages = pagesApp.app;
    base = t.config.baseUrl.replace(/\/+$/, '');
    admin = await asAdmin(t);
    guest = await asGuest(t);
    const open = await makeCategory(t, { name: 'Tagged Garden', as: admin });
    const hidden = await makeHiddenCategory(t, { name: 'Tagged Secrets', as: admin });
    const created = await inject(t, admin, { method: 'POST', url: '/api/v2/tags', payload: { name: 'Seed Swap' } });
    assert.equal(created.statusCode, 201, created.body);
    const tagID = (created.json() as { tagID: number }).tagID;
    for (const name of ['Swap one', 'Swap two', 'Swap three'])
      await makeDiscussion(t, { categoryID: open.categoryID, name, tagIDs: [tagID], as: admin });
    await makeDiscussion(t, { categoryID: hidden.categoryID, name: 'Swap hidden', tagIDs: [tagID], as: admin });
    const patch = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'discussions.perPage': 2 } });
    assert.equal(patch.statusCode, 200, patch.body);
  });
  after(async () => {
    await pagesApp.close();
    await t.close();
  });

  test('a tag page pages with /p{n}, links its feeds, and never counts hidden discussions', async () => {
    const first = await page('/discussions/tagged/seed-swap');
    assert.equal(first.status, 200);
    assert.deepEqual(first.links, [
      'canonical /discussions/tagged/seed-swap',
      'next /discussions/tagged/seed-swap/p2',
      'alternate /discussions/feed.rss',
      'alternate /discussions/tagged/seed-swap/feed.rss',
    ]);
    assert.ok(first.body.includes('type="application/rss+xml"'));
    const second = await page('/discussions/tagged/Seed%20Swap/p2');
    assert.equal(second.status, 200);
    assert.deepEqual(second.links.slice(0, 2), [
      'canonical /discussions/tagged/seed-swap/p2',
      'prev /discussions/tagged/seed-swap',
    ]);
    assert.ok(!second.body.includes('Swap hidden'));
    // Three visible discussions at two a page: a third page would hold only the hidden one.
    assert.equal((await page('/discussions/tagged/seed-swap/p3')).status, 404);
  });

  test('/p1 redirects to the bare tag page; an unknown tag is a 404 page', async () => {
    const redirect = await page('/discussions/tagged/seed-swap/p1?sort=-score');
    assert.equal(redirect.status, 301);
    assert.equal(redirect.location, '/discussions/tagged/seed-swap?sort=-score');
    assert.equal((await page('/discussions/tagged/no-such-tag')).status, 404);
  });
});
