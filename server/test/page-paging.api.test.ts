import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Category } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import { postTestComment, rich2 } from '../src/features/comments/comments.test-support.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asGuest, inject, type TestActor, type TestUser } from './actors.ts';
import { createPagesApp, type PagesApp } from './fake-web-build.ts';
import { makeCategory, makeDiscussion } from './factories.ts';

// Issue 11 item 15 (spec 000 §2 "Pager: pushes /p{page} onto the discussion path and keeps the
// query string; page 1 has no suffix"): every list pages with `/p{n}`, its head links the
// canonical, previous and next pages, `/p1` redirects to the bare path and a page past the end
// is a 404.

describe(`paged list pages (${testDialect})`, () => {
  let t: TestApp;
  let pages: FastifyInstance;
  let pagesApp: PagesApp;
  let admin: TestActor<TestUser>;
  let guest: TestActor;
  let category: Category;
  let discussion: Discussion;
  let tagID: number;
  let base: string;

  const page = async (url: string) => {
    const response = await pages.inject({ method: 'GET', url, headers: guest.headers });
    const links = [
      ...response.body.matchAll(/<link rel="(canonical|prev|next)" href="([^"]*)" data-seo>/g),
    ].map(([, rel, href]) => `${rel} ${href?.replace(base, '') ?? ''}`);
    return { status: response.statusCode, location: response.headers.location, links };
  };

  before(async () => {
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' });
    pagesApp = await createPagesApp(t);
    pages = pagesApp.app;
    base = t.config.baseUrl.replace(/\/+$/, '');
    admin = await asAdmin(t);
    guest = await asGuest(t);
    const discussionIDs: number[] = [];
    category = await makeCategory(t, { name: 'Paged Garden', urlcode: 'paged-garden', as: admin });
    for (const name of ['One', 'Two', 'Three']) {
      discussion = await makeDiscussion(t, {
        categoryID: category.categoryID,
        name,
        body: rich2(`About ${name}.`),
        as: admin,
      });
      discussionIDs.push(discussion.discussionID);
    }
    const tag = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/tags',
      payload: { name: 'Paged' },
    });
    assert.equal(tag.statusCode, 201, tag.body);
    tagID = (tag.json() as { tagID: number }).tagID;
    for (const discussionID of discussionIDs) {
      const tagged = await inject(t, admin, {
        method: 'PUT',
        url: `/api/v2/discussions/${discussionID}/tags`,
        payload: { tagIDs: [tagID] },
      });
      assert.equal(tagged.statusCode, 200, tagged.body);
    }
    for (const text of ['First', 'Second', 'Third']) {
      await postTestComment(t, admin, { discussionID: discussion.discussionID, text });
    }
    const patch = await inject(t, admin, {
      method: 'PATCH',
      url: '/api/v2/config',
      payload: { 'discussions.perPage': 2, 'comments.perPage': 2 },
    });
    assert.equal(patch.statusCode, 200, patch.body);
  });
  after(async () => {
    await pagesApp.close();
    await t.close();
  });

  test('/discussions/p2 is page 2 of the recent discussions, with canonical and prev links', async () => {
    assert.deepEqual(await page('/discussions'), {
      status: 200,
      location: undefined,
      links: ['canonical /discussions', 'next /discussions/p2'],
    });
    assert.deepEqual(await page('/discussions/p2'), {
      status: 200,
      location: undefined,
      links: ['canonical /discussions/p2', 'prev /discussions'],
    });
  });

  test("a tag's discussions and a category's discussions page with /p{n}", async () => {
    assert.deepEqual((await page(`/discussions?tagID=${tagID}`)).links, [
      `canonical /discussions?tagID=${tagID}`,
      `next /discussions/p2?tagID=${tagID}`,
    ]);
    assert.deepEqual((await page(`/discussions/p2?tagID=${tagID}`)).links, [
      `canonical /discussions/p2?tagID=${tagID}`,
      `prev /discussions?tagID=${tagID}`,
    ]);
    assert.deepEqual(await page('/categories/paged-garden/p2'), {
      status: 200,
      location: undefined,
      links: ['canonical /categories/paged-garden/p2', 'prev /categories/paged-garden'],
    });
  });

  test("a discussion's comments page with /p{n}", async () => {
    const path = `/discussion/${discussion.discussionID}/three`;
    assert.deepEqual((await page(path)).links, [`canonical ${path}`, `next ${path}/p2`]);
    assert.deepEqual((await page(`${path}/p2`)).links, [`canonical ${path}/p2`, `prev ${path}`]);
  });

  test('a page past the end answers 404', async () => {
    for (const url of [
      '/discussions/p3',
      '/discussions?page=3',
      `/discussions/p2?tagID=${tagID}&sort=-score`.replace('p2', 'p9'),
      '/categories/paged-garden/p3',
      `/discussion/${discussion.discussionID}/three/p3`,
    ]) {
      assert.equal((await page(url)).status, 404, url);
    }
    const response = await inject(t, guest, {
      method: 'GET',
      url: '/api/v2/layouts/lookup-hydrate?layoutViewType=discussionList&recordType=siteSection&recordID=0&params[page]=3',
    });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: 'Page not found.', status: 404 });
  });

  test('/p1 redirects (301) to the path without suffix, the query string kept', async () => {
    const cases: [string, string][] = [
      ['/discussions/p1', '/discussions'],
      ['/discussions/p1?tagID=4', '/discussions?tagID=4'],
      ['/categories/paged-garden/p1?sort=-score', '/categories/paged-garden?sort=-score'],
      [
        `/discussion/${discussion.discussionID}/three/p1`,
        `/discussion/${discussion.discussionID}/three`,
      ],
      [`/discussion/${discussion.discussionID}/p1`, `/discussion/${discussion.discussionID}`],
    ];
    for (const [url, location] of cases) {
      const result = await page(url);
      assert.equal(result.status, 301, url);
      assert.equal(result.location, location, url);
    }
  });
});
