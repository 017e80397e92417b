import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeDiscussion, makeHiddenCategory, rich2, type ErrorBody } from '../../../test/factories.ts';
import { widget } from '../../../test/layout-widgets.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { HydratedLayout } from '../../../../common/src/api/layouts.ts';
import { postTestComment } from '../comments/comments.test-support.ts';
import { flushDiscussionViews } from '../discussions/discussions.views.ts';

function discussionNames(layout: HydratedLayout): string[] {
  const list = widget(layout, 'DiscussionList');
  return ((list?.$reactProps.discussions ?? []) as Discussion[]).map((discussion) => discussion.name);
}

function categoryNames(nodes: readonly { name: string; children?: unknown[] }[]): string[] {
  return nodes.flatMap((node) => [
    node.name,
    ...categoryNames((node.children ?? []) as { name: string; children?: unknown[] }[]),
  ]);
}

describe(`layouts lookup-hydrate API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let garden: Category;
  let seedlings: Category;
  let staff: Category;
  let hello: Discussion;
  let secret: Discussion;

  const lookup = (actor: TestActor | null, query: string) =>
    inject(t, actor, { method: 'GET', url: `/api/v2/layouts/lookup-hydrate?${query}` });

  const hydrated = async (actor: TestActor | null, query: string): Promise<HydratedLayout> => {
    const response = await lookup(actor, query);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as HydratedLayout;
  };

  const createCategory = (body: Parameters<typeof makeCategory>[1]): Promise<Category> => makeCategory(t, { ...body, as: admin });

  const createDiscussion = (categoryID: number, name: string, text: string): Promise<Discussion> =>
    makeDiscussion(t, { categoryID, name, body: rich2(text), as: admin });

  before(async () => {
    t = await createTestApp();
    ({ admin, member, moderator, guest } = await makeActors(t));
    garden = await createCategory({
      name: 'Garden Talk',
      urlcode: 'garden-talk',
      description: 'Everything that grows.',
      allowedDiscussionTypes: ['discussion', 'question'],
    });
    seedlings = await createCategory({ name: 'Seedlings', urlcode: 'seedlings', parentCategoryID: garden.categoryID });
    staff = await makeHiddenCategory(t, { as: admin, name: 'Staff Room', urlcode: 'staff-room' });
    hello = await createDiscussion(garden.categoryID, 'Hello tomatoes', 'How do I grow tomatoes indoors?');
    secret = await createDiscussion(staff.categoryID, 'Secret staff plans', 'Only for staff.');
    await createDiscussion(seedlings.categoryID, 'Seedling trays', 'Which trays work best?');
  });
  after(async () => {
    await t.close();
  });

  describe('home', () => {
    test('the default home layout: banner, recent discussions, side panel, SEO', async () => {
      const layout = await hydrated(guest, 'layoutViewType=home&recordType=siteSection&recordID=0');
      assert.equal(layout.layoutID, 'home');
      assert.equal(layout.layoutViewType, 'home');
      assert.equal(layout.isDefault, true);
      assert.deepEqual(layout.titleBar, { $reactComponent: 'TitleBar', $reactProps: {} });
      assert.equal(layout.layout[0]?.$reactComponent, 'SectionFullWidth');
      const banner = widget(layout, 'Banner');
      assert.ok(banner);
      assert.equal(banner.$reactProps.showSearch, true);
      assert.deepEqual(discussionNames(layout).sort(), ['Hello tomatoes', 'Seedling trays']);
      assert.equal(layout.seo.title, 'Hearth');
      assert.deepEqual(layout.seo.links, [
        { rel: 'canonical', href: 'http://hearth.test/' },
        { rel: 'alternate', type: 'application/rss+xml', title: 'Hearth - Recent Discussions', href: 'http://hearth.test/discussions/feed.rss' },
      ]);
      const side = widget(layout, 'CategoryList');
      assert.ok(side);
      const names = categoryNames(side.$reactProps.categories as { name: string }[]);
      assert.ok(names.includes('Garden Talk'));
      assert.ok(!names.includes('Staff Room'), 'a guest never sees a restricted category');
    });

    test('only signed-in members with discussions.add get the new post menu', async () => {
      const guestLayout = await hydrated(guest, 'layoutViewType=home&recordType=siteSection&recordID=0');
      assert.equal(widget(guestLayout, 'NewPostMenu'), undefined);
      const memberLayout = await hydrated(member, 'layoutViewType=home&recordType=siteSection&recordID=0');
      const menu = widget(memberLayout, 'NewPostMenu');
      assert.ok(menu);
      assert.deepEqual(menu.$reactProps.postTypes, ['discussion', 'question']);
    });

    test('a moderator sees the restricted category’s discussions, a member does not', async () => {
      const asModeratorLayout = await hydrated(moderator, 'layoutViewType=home&recordType=siteSection&recordID=0');
      assert.ok(discussionNames(asModeratorLayout).includes('Secret staff plans'));
      const asMemberLayout = await hydrated(member, 'layoutViewType=home&recordType=siteSection&recordID=0');
      assert.ok(!discussionNames(asMemberLayout).includes('Secret staff plans'));
    });
  });

  describe('discussionList', () => {
    test('lists the discussions with paging, sort and apiParams', async () => {
      const layout = await hydrated(
        member,
        'layoutViewType=discussionList&recordType=siteSection&recordID=0&params[sort]=-dateInserted',
      );
      const list = widget(layout, 'DiscussionList');
      assert.ok(list);
      assert.deepEqual(discussionNames(layout), ['Seedling trays', 'Hello tomatoes']);
      assert.deepEqual(list.$reactProps.paging, { page: 1, limit: 30, total: 2 });
      assert.equal((list.$reactProps.apiParams as Record<string, unknown>).sort, '-dateInserted');
      assert.equal(list.$reactProps.showPager, true);
      assert.equal(layout.seo.title, 'Recent Discussions');
      assert.deepEqual(widget(layout, 'Breadcrumbs')?.$reactProps.crumbs, [
        { name: 'Home', url: '/' },
        { name: 'Discussions', url: '/discussions' },
      ]);
    });

    test('page 2 past the last discussion answers 404 (issue 11 item 15)', async () => {
      const response = await lookup(guest, 'layoutViewType=discussionList&recordType=siteSection&recordID=0&params[page]=2');
      assert.equal(response.statusCode, 404);
      assert.equal((response.json() as ErrorBody).message, 'Page not found.');
    });

    test('bad params answer 422 on the param', async () => {
      for (const [query, field] of [
        ['params[page]=abc', 'params.page'],
        ['params[page]=0', 'params.page'],
        ['params[sort]=sideways', 'params.sort'],
        ['params[tagID]=-3', 'params.tagID'],
      ] as const) {
        const response = await lookup(guest, `layoutViewType=discussionList&recordType=siteSection&recordID=0&${query}`);
        assert.equal(response.statusCode, 422, query);
        const body = response.json() as ErrorBody;
        assert.equal(body.errors?.[0]?.field, field, query);
      }
    });
  });

  describe('categoryList', () => {
    test('the root lists visible categories as a tree', async () => {
      for (const actor of [guest, member]) {
        const layout = await hydrated(actor, 'layoutViewType=categoryList&recordType=siteSection&recordID=0');
        const list = widget(layout, 'CategoryList');
        assert.ok(list);
        assert.equal(list.$reactProps.displayAs, 'categories');
        const names = categoryNames(list.$reactProps.categories as { name: string }[]);
        assert.ok(names.includes('Garden Talk') && names.includes('Seedlings'));
        assert.ok(!names.includes('Staff Room'));
        assert.ok(list.$reactProps.itemOptions);
      }
      const asAdminLayout = await hydrated(admin, 'layoutViewType=categoryList&recordType=siteSection&recordID=0');
      const names = categoryNames(widget(asAdminLayout, 'CategoryList')?.$reactProps.categories as { name: string }[]);
      assert.ok(names.includes('Staff Room'));
    });

    test('a category page: banner, subcategories, its discussions (children included), SEO', async () => {
      for (const recordID of [String(garden.categoryID), 'garden-talk']) {
        const layout = await hydrated(
          guest,
          `layoutViewType=categoryList&recordType=category&recordID=${recordID}&params[page]=1`,
        );
        assert.equal(layout.seo.title, 'Garden Talk');
        assert.equal(layout.seo.description, 'Everything that grows.');
        assert.deepEqual(layout.seo.links, [
          { rel: 'canonical', href: 'http://hearth.test/categories/garden-talk' },
          { rel: 'alternate', type: 'application/rss+xml', title: 'Hearth - Recent Discussions', href: 'http://hearth.test/discussions/feed.rss' },
          { rel: 'alternate', type: 'application/rss+xml', title: 'Hearth - Garden Talk', href: 'http://hearth.test/categories/garden-talk/feed.rss' },
        ]);
        assert.equal(widget(layout, 'Banner')?.$reactProps.title, 'Garden Talk');
        // The follow menu's category, the same for every viewer (the client shows it to members).
        assert.deepEqual(widget(layout, 'CategoryFollow')?.$reactProps, {
          categoryID: garden.categoryID,
          name: 'Garden Talk',
          url: '/categories/garden-talk',
        });
        const children = widget(layout, 'CategoryList');
        assert.deepEqual(categoryNames(children?.$reactProps.categories as { name: string }[]), ['Seedlings']);
        assert.deepEqual(discussionNames(layout).sort(), ['Hello tomatoes', 'Seedling trays']);
        assert.deepEqual(
          (widget(layout, 'Breadcrumbs')?.$reactProps.crumbs as { url: string }[]).map((crumb) => crumb.url),
          ['/', '/categories/garden-talk'],
        );
      }
    });

    test('a category page offers the category’s post types to members', async () => {
      const layout = await hydrated(member, `layoutViewType=categoryList&recordType=category&recordID=${garden.categoryID}`);
      assert.deepEqual(widget(layout, 'NewPostMenu')?.$reactProps, {
        categoryID: garden.categoryID,
        postTypes: ['discussion', 'question'],
      });
    });

    test('page 2 of a category past its last discussion answers 404', async () => {
      const response = await lookup(guest, 'layoutViewType=categoryList&recordType=category&recordID=seedlings&params[page]=2');
      assert.equal(response.statusCode, 404);
      assert.equal((response.json() as ErrorBody).message, 'Page not found.');
    });

    test('a restricted category: 403 for guests and members, 200 for a moderator', async () => {
      for (const actor of [guest, member]) {
        const response = await lookup(actor, `layoutViewType=categoryList&recordType=category&recordID=${staff.categoryID}`);
        assert.equal(response.statusCode, 403);
        assert.equal((response.json() as ErrorBody).message, 'Permission Problem');
      }
      const layout = await hydrated(moderator, `layoutViewType=categoryList&recordType=category&recordID=${staff.categoryID}`);
      assert.deepEqual(discussionNames(layout), ['Secret staff plans']);
    });

    test('an unknown category answers 404 "Category not found."', async () => {
      const response = await lookup(guest, 'layoutViewType=categoryList&recordType=category&recordID=999999');
      assert.equal(response.statusCode, 404);
      assert.equal((response.json() as ErrorBody).message, 'Category not found.');
    });
  });

  describe('post (discussion page)', () => {
    test('the discussion, its comments, tags and comment box; canonical and JSON-LD', async () => {
      await postTestComment(t, member, { discussionID: hello.discussionID, text: 'Use a grow light.' });
      const layout = await hydrated(guest, `layoutViewType=post&recordType=discussion&recordID=${hello.discussionID}`);
      assert.equal(layout.layoutViewType, 'post');
      const post = widget(layout, 'DiscussionOriginalPost');
      assert.equal((post?.$reactProps.discussion as Discussion).name, 'Hello tomatoes');
      assert.match((post?.$reactProps.discussion as Discussion).body ?? '', /grow tomatoes indoors/);
      const thread = widget(layout, 'DiscussionCommentThread');
      assert.ok(thread);
      const commentsByID = (thread.$reactProps.thread as { commentsByID: Record<string, { body: string }> }).commentsByID;
      assert.ok(Object.values(commentsByID).some((comment) => comment.body.includes('Use a grow light.')));
      assert.deepEqual(thread.$reactProps.paging, { page: 1, limit: 30, total: 1 });
      assert.ok(widget(layout, 'CreateComment'));
      assert.ok(widget(layout, 'DiscussionTags'));
      assert.equal(layout.seo.title, 'Hello tomatoes');
      assert.equal(layout.seo.description, 'How do I grow tomatoes indoors?');
      assert.deepEqual(layout.seo.links, [
        { rel: 'canonical', href: `http://hearth.test/discussion/${hello.discussionID}/hello-tomatoes` },
      ]);
      assert.equal(layout.seo['json-ld'][0]?.['@type'], 'DiscussionForumPosting');
      assert.deepEqual(
        (widget(layout, 'Breadcrumbs')?.$reactProps.crumbs as { url: string }[]).map((crumb) => crumb.url),
        ['/', '/categories/garden-talk'],
      );
    });

    test('`discussion` is the same view type; a page past the last comment answers 404', async () => {
      const layout = await hydrated(guest, `layoutViewType=discussion&recordType=discussion&recordID=${hello.discussionID}`);
      assert.equal((widget(layout, 'DiscussionCommentThread')?.$reactProps.paging as { page: number }).page, 1);
      const response = await lookup(
        guest,
        `layoutViewType=discussion&recordType=discussion&recordID=${hello.discussionID}&params[page]=2`,
      );
      assert.equal(response.statusCode, 404);
    });

    test('a page view is counted, and a signed-in reader’s read position moves', async () => {
      // Views are buffered (discussions.views.ts): write out earlier tests' views first.
      await flushDiscussionViews(t.db);
      const before = await t.db
        .selectFrom('discussions')
        .select('countViews')
        .where('discussionID', '=', hello.discussionID)
        .executeTakeFirstOrThrow();
      await hydrated(member, `layoutViewType=post&recordType=discussion&recordID=${hello.discussionID}`);
      await flushDiscussionViews(t.db);
      const afterView = await t.db
        .selectFrom('discussions')
        .select('countViews')
        .where('discussionID', '=', hello.discussionID)
        .executeTakeFirstOrThrow();
      assert.equal(Number(afterView.countViews), Number(before.countViews) + 1);
      const state = await t.db
        .selectFrom('userDiscussions')
        .select(['countCommentsRead', 'dateLastViewed'])
        .where('discussionID', '=', hello.discussionID)
        .where('userID', '=', member.user.userID)
        .executeTakeFirstOrThrow();
      assert.equal(Number(state.countCommentsRead), 1);
      assert.notEqual(state.dateLastViewed, null);
    });

    test('a restricted discussion: 403 for guests and members; unknown: 404', async () => {
      for (const actor of [guest, member]) {
        const response = await lookup(actor, `layoutViewType=post&recordType=discussion&recordID=${secret.discussionID}`);
        assert.equal(response.statusCode, 403);
      }
      await hydrated(moderator, `layoutViewType=post&recordType=discussion&recordID=${secret.discussionID}`);
      const missing = await lookup(guest, 'layoutViewType=post&recordType=discussion&recordID=987654');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Discussion not found.');
    });

    test('a comment lands on the page that holds it, focused', async () => {
      const patch = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'comments.perPage': 2 } });
      assert.equal(patch.statusCode, 200, patch.body);
      try {
        const discussion = await createDiscussion(garden.categoryID, 'Long thread', 'Many replies.');
        const comments = [];
        for (const text of ['First reply.', 'Second reply.', 'Third reply.']) {
          comments.push(await postTestComment(t, member, { discussionID: discussion.discussionID, text }));
        }
        const third = comments[2];
        assert.ok(third);
        const layout = await hydrated(guest, `layoutViewType=post&recordType=comment&recordID=${third.commentID}`);
        const thread = widget(layout, 'DiscussionCommentThread');
        assert.equal(thread?.$reactProps.focusCommentID, third.commentID);
        assert.deepEqual(thread?.$reactProps.paging, { page: 2, limit: 2, total: 3 });
        const shown = Object.keys((thread?.$reactProps.thread as { commentsByID: Record<string, unknown> }).commentsByID);
        assert.deepEqual(shown, [String(third.commentID)]);
        assert.deepEqual(layout.seo.links, [
          { rel: 'canonical', href: `http://hearth.test/discussion/${discussion.discussionID}/long-thread/p2` },
          { rel: 'prev', href: `http://hearth.test/discussion/${discussion.discussionID}/long-thread` },
        ]);
      } finally {
        await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'comments.perPage': 30 } });
      }
      const missing = await lookup(guest, 'layoutViewType=post&recordType=comment&recordID=987654');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Comment not found.');
    });
  });

  describe('validation', () => {
    test('required fields, unknown view types and record types', async () => {
      const missing = await lookup(guest, 'recordType=siteSection&recordID=0');
      assert.equal(missing.statusCode, 400);
      assert.equal((missing.json() as ErrorBody).errors?.[0]?.field, 'layoutViewType');
      const noRecordID = await lookup(guest, 'layoutViewType=home&recordType=siteSection');
      assert.equal(noRecordID.statusCode, 400);
      assert.equal((noRecordID.json() as ErrorBody).errors?.[0]?.field, 'recordID');
      const unknownView = await lookup(guest, 'layoutViewType=inbox&recordType=siteSection&recordID=0');
      assert.equal(unknownView.statusCode, 422);
      assert.equal((unknownView.json() as ErrorBody).errors?.[0]?.field, 'layoutViewType');
      const unknownRecord = await lookup(guest, 'layoutViewType=home&recordType=user&recordID=0');
      assert.equal(unknownRecord.statusCode, 422);
      assert.equal((unknownRecord.json() as ErrorBody).errors?.[0]?.field, 'recordType');
      const mismatch = await lookup(guest, 'layoutViewType=post&recordType=category&recordID=1');
      assert.equal(mismatch.statusCode, 422);
      assert.equal((mismatch.json() as ErrorBody).errors?.[0]?.message, 'recordType must be one of: discussion, comment.');
      const badID = await lookup(guest, 'layoutViewType=post&recordType=discussion&recordID=abc');
      assert.equal(badID.statusCode, 422);
      assert.equal((badID.json() as ErrorBody).errors?.[0]?.field, 'recordID');
    });
  });
});
