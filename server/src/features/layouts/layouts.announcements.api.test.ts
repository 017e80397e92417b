import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { after, before, describe, test } from 'node:test';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { HydratedLayout, WidgetNode } from '../../../../common/src/api/layouts.ts';
import { asAdmin, asGuest, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp, type PagesApp } from '../../../test/fake-web-build.ts';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import type { PageBootstrap } from '../../http/pages.ts';
import { call, createCategory, postDiscussion } from '../discussions/discussions.test-support.ts';

/** Every widget node of a layout, sections' nested lists included, in document order. */
function widgets(nodes: readonly WidgetNode[]): WidgetNode[] {
  return nodes.flatMap((node) => [
    node,
    ...Object.values(node.$reactProps).flatMap((value) =>
      Array.isArray(value) &&
      value.every((item) => typeof item === 'object' && item !== null && '$reactComponent' in item)
        ? widgets(value as WidgetNode[])
        : [],
    ),
  ]);
}

/** The names of the discussions of the page's discussion list, in the order the page shows them. */
function listedNames(layout: HydratedLayout): string[] {
  const list = widgets(layout.layout).find((node) => node.$reactComponent === 'DiscussionList');
  return ((list?.$reactProps.discussions ?? []) as Discussion[]).map(
    (discussion) => discussion.name,
  );
}

describe(`announcements on the server-rendered lists (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let guest: TestActor<null>;
  let news: Category;
  let other: Category;
  let pages: FastifyInstance;
  let pagesApp: PagesApp;

  /** The discussions of a server-rendered page's list, in the order of the page. */
  const pageNames = async (path: string): Promise<string[]> => {
    const response = await inject({ app: pages } as TestApp, guest, { method: 'GET', url: path });
    assert.equal(response.statusCode, 200, response.body.slice(0, 500));
    const start = response.body.indexOf(BOOTSTRAP_START);
    const end = response.body.indexOf(BOOTSTRAP_END);
    const bootstrap = JSON.parse(
      response.body.slice(start + BOOTSTRAP_START.length, end),
    ) as PageBootstrap;
    const layout = bootstrap.layout?.result;
    assert.ok(layout, JSON.stringify(bootstrap.layout));
    return listedNames(layout);
  };

  const page = async (query: string): Promise<HydratedLayout> => {
    const response = await inject(t, guest, {
      method: 'GET',
      url: `/api/v2/layouts/lookup-hydrate?${query}`,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as HydratedLayout;
  };
  const recentPage = () => page('layoutViewType=discussionList&recordType=siteSection&recordID=0');
  const homePage = () => page('layoutViewType=home&recordType=siteSection&recordID=0');
  const categoryPage = (category: Category) =>
    page(`layoutViewType=categoryList&recordType=category&recordID=${String(category.categoryID)}`);
  const announce = async (discussion: Discussion, pinLocation: 'category' | 'recent') => {
    const response = await call(
      t,
      admin,
      'PATCH',
      `/discussions/${String(discussion.discussionID)}`,
      {
        pinned: true,
        pinLocation,
      },
    );
    assert.equal(response.statusCode, 200, response.body);
  };

  before(async () => {
    // No guest cache: the pages are another app on the same database.
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' });
    pagesApp = await createPagesApp(t);
    pages = pagesApp.app;
    admin = await asAdmin(t);
    guest = await asGuest(t);
    news = await createCategory(t, admin, { name: 'News', urlcode: 'news' });
    other = await createCategory(t, admin, { name: 'Other', urlcode: 'other' });
  });
  after(async () => {
    await pagesApp.close();
    await t.close();
  });

  test('a discussion announced in its category comes first on its category page, not on /discussions', async () => {
    const old = await postDiscussion(t, admin, news.categoryID, { name: 'Category rules' });
    await postDiscussion(t, admin, news.categoryID, { name: 'News two' });
    await postDiscussion(t, admin, other.categoryID, { name: 'Elsewhere' });
    await postDiscussion(t, admin, news.categoryID, { name: 'News three' });
    assert.notEqual(listedNames(await categoryPage(news))[0], 'Category rules');

    await announce(old, 'category');

    const inCategory = listedNames(await categoryPage(news));
    assert.equal(inCategory[0], 'Category rules');
    assert.equal(inCategory.filter((name) => name === 'Category rules').length, 1);
    assert.notEqual(listedNames(await recentPage())[0], 'Category rules');
    assert.notEqual(listedNames(await homePage())[0], 'Category rules');
    assert.ok(!listedNames(await categoryPage(other)).includes('Category rules'));
    // The server-rendered pages draw the same order.
    assert.equal((await pageNames('/categories/news'))[0], 'Category rules');
    assert.notEqual((await pageNames('/discussions'))[0], 'Category rules');
  });

  test('a discussion announced everywhere comes first on /discussions, the home page and its category page', async () => {
    const old = await postDiscussion(t, admin, other.categoryID, { name: 'Site announcement' });
    await postDiscussion(t, admin, other.categoryID, { name: 'Newer in other' });
    await postDiscussion(t, admin, news.categoryID, { name: 'Newer in news' });

    await announce(old, 'recent');

    for (const layout of [await recentPage(), await homePage(), await categoryPage(other)]) {
      const names = listedNames(layout);
      assert.equal(names[0], 'Site announcement', names.join(', '));
      assert.equal(names.filter((name) => name === 'Site announcement').length, 1);
    }
    for (const path of ['/discussions', '/', '/categories/other']) {
      assert.equal((await pageNames(path))[0], 'Site announcement', path);
    }
    // The category announcement of the other test stays out of the recent list's lead.
    assert.notEqual(listedNames(await recentPage())[1], 'Category rules');
    // Its category page shows it first too, after nothing else announced there.
    assert.equal(listedNames(await categoryPage(news))[0], 'Category rules');
  });
});
