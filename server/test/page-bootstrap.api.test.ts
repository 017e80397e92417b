import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Category } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import type { HydratedLayout } from '../../common/src/api/layouts.ts';
import type { PageBootstrap } from '../src/http/pages.ts';
import { categoryLinkOf } from '../../common/src/api/layouts.lookup.ts';
import { postTestComment, rich2 } from '../src/features/comments/comments.test-support.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { inject, type TestActor, type TestUser } from './actors.ts';
import { makeActors, makeCategory, makeDiscussion } from './factories.ts';
import { widgets } from './layout-widgets.ts';
import { createQueryCapture } from './query-capture.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp, type PagesApp } from './fake-web-build.ts';

// The page's bootstrap carries the layout lookup-hydrate answers, except what no widget draws:
// the side panel's categories come as links (name, URL, counts), without their last posts. Its
// size no longer grows with everything a category record holds, and the page skips the queries
// of the last posts; the new post menu reads only what it needs of up to 500 categories.

const START = BOOTSTRAP_START;
const END = BOOTSTRAP_END;

/** The layout as the page carries it: lookup-hydrate's answer with the side panel's categories as links. */
function compacted(layout: HydratedLayout): HydratedLayout {
  const copy = structuredClone(layout);
  for (const node of widgets(copy.layout)) {
    if (node.$reactComponent === 'CategoryList' && node.$reactProps.displayAs === 'link') {
      node.$reactProps.categories = (node.$reactProps.categories as Category[]).map(categoryLinkOf);
    }
  }
  return copy;
}

/** Drops what each view of a discussion changes (its view count, the reader's last view). */
function withoutViewState(value: unknown): unknown {
  return JSON.parse(
    JSON.stringify(value, (key, item: unknown) =>
      key === 'countViews' || key === 'dateLastViewed' ? undefined : item,
    ),
  );
}

describe(`server-rendered page bootstrap (${testDialect})`, () => {
  const capture = createQueryCapture();
  let t: TestApp;
  let pages: FastifyInstance;
  let pagesApp: PagesApp;
  let admin: TestActor<TestUser>;
  let actors: Record<'guest' | 'member' | 'moderator', TestActor>;
  let garden: Category;
  let hello: Discussion;

  const createCategory = (body: Parameters<typeof makeCategory>[1]): Promise<Category> =>
    makeCategory(t, { ...body, as: admin });

  const createDiscussion = (categoryID: number, name: string): Promise<Discussion> =>
    makeDiscussion(t, { categoryID, name, body: rich2(`All about ${name}.`), as: admin });

  const page = async (
    actor: TestActor,
    url: string,
  ): Promise<{ status: number; body: string; bootstrap: PageBootstrap }> => {
    const response = await pages.inject({ method: 'GET', url, headers: actor.headers });
    const start = response.body.indexOf(START);
    const end = response.body.indexOf(END);
    assert.ok(start !== -1 && end > start, response.body.slice(0, 500));
    return {
      status: response.statusCode,
      body: response.body,
      bootstrap: JSON.parse(response.body.slice(start + START.length, end)) as PageBootstrap,
    };
  };

  const lookupHydrate = async (
    actor: TestActor,
    lookup: NonNullable<PageBootstrap['layout']>['lookup'],
  ): Promise<HydratedLayout> => {
    const query = new URLSearchParams({
      layoutViewType: lookup.layoutViewType,
      recordType: lookup.recordType,
      recordID: lookup.recordID,
    });
    for (const [key, value] of Object.entries(lookup.params)) query.set(`params[${key}]`, value);
    const response = await inject(t, actor, {
      method: 'GET',
      url: `/api/v2/layouts/lookup-hydrate?${query.toString()}`,
    });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as HydratedLayout;
  };

  before(async () => {
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' }, { onQuery: capture.onQuery });
    pagesApp = await createPagesApp(t);
    pages = pagesApp.app;
    const made = await makeActors(t);
    admin = made.admin;
    actors = { guest: made.guest, member: made.member, moderator: made.moderator };
    const memberRoleID = (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', 'member')
        .executeTakeFirstOrThrow()
    ).roleID;
    const guestRoleID = (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', 'guest')
        .executeTakeFirstOrThrow()
    ).roleID;
    garden = await createCategory({
      name: 'Garden Talk',
      urlcode: 'garden-talk',
      allowedDiscussionTypes: ['discussion', 'question'],
    });
    const workshop = await createCategory({
      name: 'Workshop',
      urlcode: 'workshop',
      displayAs: 'heading',
    });
    const tools = await createCategory({
      name: 'Tools',
      urlcode: 'tools',
      parentCategoryID: workshop.categoryID,
      allowedDiscussionTypes: ['discussion'],
    });
    await createCategory({ name: 'Archive', urlcode: 'archive', isArchived: true });
    const staff = await createCategory({
      name: 'Staff Room',
      urlcode: 'staff-room',
      customPermissions: true,
      permissions: [
        { roleID: memberRoleID, permissions: { 'discussions.view': false } },
        { roleID: guestRoleID, permissions: { 'discussions.view': false } },
      ],
    });
    hello = await createDiscussion(garden.categoryID, 'Hello tomatoes');
    await createDiscussion(tools.categoryID, 'Sharpening chisels');
    await createDiscussion(staff.categoryID, 'Secret staff plans');
    for (const text of ['First!', 'Second.', 'Third, with a reply.']) {
      await postTestComment(t, admin, { discussionID: hello.discussionID, text });
    }
  });
  after(async () => {
    await pagesApp.close();
    await t.close();
  });

  test('carries what lookup-hydrate answers, the side panel as links, for every viewer and layout page', async () => {
    const urls = [
      '/',
      '/discussions',
      '/discussions?sort=-score',
      `/categories/${garden.urlcode}`,
      `/discussion/${hello.discussionID}/hello-tomatoes`,
    ];
    for (const [name, actor] of Object.entries(actors)) {
      for (const url of urls) {
        // The first view moves a member's read position; the page and lookup-hydrate then agree.
        await page(actor, url);
        const { status, body, bootstrap } = await page(actor, url);
        assert.equal(status, 200, `${name} ${url}`);
        assert.ok(body.includes('<title>Page’s title</title>'), 'the head tags are in the head');
        const layout = bootstrap.layout;
        assert.ok(layout?.result !== undefined, `${name} ${url}: ${JSON.stringify(layout?.error)}`);
        const side = widgets(layout.result.layout).find(
          (node) =>
            node.$reactComponent === 'CategoryList' && node.$reactProps.displayAs === 'link',
        );
        assert.ok(side, `${name} ${url}: the side panel lists categories`);
        for (const category of side.$reactProps.categories as Record<string, unknown>[]) {
          assert.equal(category.lastPost, undefined);
          assert.equal(category.breadcrumbs, undefined);
        }
        const answer = await lookupHydrate(actor, layout.lookup);
        assert.deepEqual(
          withoutViewState(layout.result),
          withoutViewState(compacted(answer)),
          `${name} ${url}`,
        );
      }
    }
  });

  test('the new post menu offers what the postable categories allow, as GET /categories lists them', async () => {
    for (const actor of [actors.member, actors.moderator]) {
      const listed = await inject(t, actor, {
        method: 'GET',
        url: '/api/v2/categories?filterDiscussionsAdd=true&outputFormat=flat&limit=500',
      });
      assert.equal(listed.statusCode, 200, listed.body);
      const postable = listed.json() as Category[];
      const offered = ['discussion', 'question'].filter((type) =>
        postable.some((category) => category.allowedDiscussionTypes.includes(type)),
      );
      const home = await page(actor, '/');
      const menu = widgets(home.bootstrap.layout?.result?.layout ?? []).find(
        (node) => node.$reactComponent === 'NewPostMenu',
      );
      assert.deepEqual(menu?.$reactProps, { postTypes: offered });
      const discussionPage = await page(actor, `/discussion/${hello.discussionID}/hello-tomatoes`);
      const inDiscussion = widgets(discussionPage.bootstrap.layout?.result?.layout ?? []).find(
        (node) => node.$reactComponent === 'NewPostMenu',
      );
      assert.deepEqual(inDiscussion?.$reactProps, {
        categoryID: garden.categoryID,
        postTypes: ['discussion', 'question'],
      });
    }
    const guestHome = await page(actors.guest, '/');
    assert.equal(
      widgets(guestHome.bootstrap.layout?.result?.layout ?? []).find(
        (node) => node.$reactComponent === 'NewPostMenu',
      ),
      undefined,
    );
  });

  test('reads no last posts for the side panel, and no whole records for the new post menu', async () => {
    for (const [name, actor] of Object.entries(actors)) {
      await page(actor, '/discussions');
      const { statements } = await capture.record(() => page(actor, '/discussions'));
      // What every page reads for its bootstrap (the member and their roles), layout or not.
      const bootstrapOnly = await capture.record(() => page(actor, '/entry/signin'));
      const answer = await capture.record(() =>
        lookupHydrate(actor, {
          layoutViewType: 'discussionList',
          recordType: 'siteSection',
          recordID: '0',
          params: {},
        }),
      );
      // lookup-hydrate reads the side panel's last posts: their discussions, comments and authors.
      const lastPostReads = answer.statements.filter((statement) =>
        /from "comments"/.test(statement.sql),
      );
      assert.equal(
        lastPostReads.length,
        1,
        `${name}: lookup-hydrate reads the last posts' comments`,
      );
      assert.equal(
        statements.filter((statement) => /from "comments"/.test(statement.sql)).length,
        0,
        `${name}: the page does not`,
      );
      assert.ok(
        statements.length <= bootstrapOnly.statements.length + answer.statements.length - 3,
        `${name}: ${statements.length} statements for the page, ${bootstrapOnly.statements.length} + ${answer.statements.length} for its bootstrap and lookup-hydrate`,
      );
      // The menu's categories: one statement (plus the tree check), never a count or the viewer's follows.
      assert.equal(
        statements.filter((statement) => /count\(\*\)[\s\S]*from "categories"/.test(statement.sql))
          .length,
        0,
        name,
      );
      // The viewer's follows are read once, for the side panel's categories (lookup-hydrate's
      // menu used to read them again).
      assert.ok(
        statements.filter((statement) => /from "userCategories"/.test(statement.sql)).length <= 1,
        name,
      );
    }
  });
});
