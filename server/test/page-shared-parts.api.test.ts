import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Category } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import type { HydratedLayout } from '../../common/src/api/layouts.ts';
import type { ReactionSummary } from '../../common/src/api/reactions.ts';
import type { Tag } from '../../common/src/api/tags.ts';
import type { PageBootstrap } from '../src/http/pages.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, asMember, asModerator, type TestActor, type TestUser } from './actors.ts';
import { rich2 } from './factories.ts';
import { widget } from './layout-widgets.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp, type PagesApp } from './fake-web-build.ts';

// Issue 18: parts of a page shared by every viewer of the same scope (the tag cloud) are computed
// once and kept until a write; a member must still see only their own per-user data (bookmarks,
// reactions, read state, permissions) and only what their own permissions show, even when another
// member with other data and permissions read the same page just before.

describe(`pages read back to back by different members (${testDialect})`, () => {
  let t: TestApp;
  let pagesApp: PagesApp;
  let pages: FastifyInstance;
  let admin: TestActor<TestUser>;
  let staffer: TestActor<TestUser>;
  let reader: TestActor<TestUser>;
  let open: Discussion;

  /** An API call through the pages app: its writes empty its own caches. */
  const call = async <T>(actor: TestActor, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<T> => {
    const response = await pages.inject({
      method,
      url: `/api/v2${url}`,
      headers: actor.headers,
      ...(payload === undefined ? {} : { payload }),
    });
    assert.ok(response.statusCode < 300, `${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };

  const page = async (actor: TestActor, url: string): Promise<PageBootstrap & { layout: { result: HydratedLayout } }> => {
    const response = await pages.inject({ method: 'GET', url, headers: actor.headers });
    assert.equal(response.statusCode, 200, response.body.slice(0, 300));
    const start = response.body.indexOf(BOOTSTRAP_START);
    const end = response.body.indexOf(BOOTSTRAP_END);
    const bootstrap = JSON.parse(response.body.slice(start + BOOTSTRAP_START.length, end)) as PageBootstrap;
    assert.ok(bootstrap.layout?.result !== undefined, 'the page has its layout');
    return bootstrap as PageBootstrap & { layout: { result: HydratedLayout } };
  };

  const cloudOf = (layout: HydratedLayout): string[] =>
    ((widget(layout, 'TagCloud')?.$reactProps.tags ?? []) as Tag[]).map((tag) => `${tag.name}:${String(tag.countDiscussions)}`);

  const listed = (layout: HydratedLayout): Discussion[] =>
    (widget(layout, 'DiscussionList')?.$reactProps.discussions ?? []) as Discussion[];

  const liked = (discussion: Discussion | undefined): boolean | undefined =>
    (discussion?.reactions as ReactionSummary[] | undefined)?.find((reaction) => reaction.urlcode === 'Like')?.hasReacted;

  before(async () => {
    // The guest cache is on (its default TTL): shared parts are kept.
    t = await createTestApp();
    pagesApp = await createPagesApp(t);
    pages = pagesApp.app;
    admin = await asAdmin(t);
    staffer = await asModerator(t);
    reader = await asMember(t);
    const roles = await call<{ roleID: number; type: string }[]>(admin, 'GET', '/roles');
    const roleID = (type: string) => roles.find((role) => role.type === type)!.roleID;
    const commons = await call<Category>(admin, 'POST', '/categories', { name: 'Commons', urlcode: 'commons' });
    const office = await call<Category>(admin, 'POST', '/categories', {
      name: 'Back office',
      urlcode: 'back-office',
      customPermissions: true,
      permissions: [
        { roleID: roleID('member'), permissions: { 'discussions.view': false } },
        { roleID: roleID('guest'), permissions: { 'discussions.view': false } },
      ],
    });
    const post = (categoryID: number, name: string, tags: string[]) =>
      call<Discussion>(admin, 'POST', '/discussions', {
        categoryID,
        name,
        body: rich2(`All about ${name}.`),
        format: 'rich2',
        newTagNames: tags,
      });
    open = await post(commons.categoryID, 'Open talk', ['Shared']);
    await post(office.categoryID, 'Secret plans', ['Shared', 'Classified']);
    // The staffer bookmarks and likes the open discussion (and reads it); the reader does none of it.
    await call(staffer, 'PUT', `/discussions/${String(open.discussionID)}/bookmark`, { bookmarked: true });
    await call(staffer, 'POST', `/discussions/${String(open.discussionID)}/reactions`, { reactionType: 'Like' });
  });

  after(async () => {
    await pagesApp.close();
    await t.close();
  });

  test('each member sees only their own bookmarks, reactions, read state, permissions and tags', async () => {
    const discussionPath = new URL(open.url).pathname;
    await page(staffer, discussionPath);
    let readerHasRead = false;
    // Back to back, each order: what one viewer's page filled must not show in the other's.
    for (const order of [[staffer, reader], [reader, staffer]] as const) {
      for (const viewer of order) {
        const list = await page(viewer, '/discussions');
        const item = await page(viewer, discussionPath);
        const mine = listed(list.layout.result).find((discussion) => discussion.discussionID === open.discussionID);
        const discussion = widget(item.layout.result, 'DiscussionOriginalPost')?.$reactProps.discussion as Discussion | undefined;
        assert.equal(item.me.userID, viewer.user?.userID);
        assert.equal(list.me.userID, viewer.user?.userID);
        if (viewer === staffer) {
          assert.equal(mine?.bookmarked, true, 'the staffer’s bookmark');
          assert.equal(discussion?.bookmarked, true);
          assert.equal(liked(discussion), true, 'the staffer’s reaction');
          assert.equal(mine?.unread, false, 'the staffer read it');
          assert.ok(listed(list.layout.result).some((entry) => entry.name === 'Secret plans'));
          assert.deepEqual(cloudOf(list.layout.result), ['Shared:2', 'Classified:1']);
          assert.deepEqual(cloudOf(item.layout.result), ['Shared:2', 'Classified:1']);
        } else {
          assert.equal(mine?.bookmarked, false, 'not the staffer’s bookmark');
          assert.equal(discussion?.bookmarked, false);
          assert.notEqual(liked(discussion), true, 'not the staffer’s reaction');
          assert.equal(mine?.unread, !readerHasRead, 'the reader’s own read state');
          readerHasRead = true;
          assert.ok(!listed(list.layout.result).some((entry) => entry.name === 'Secret plans'));
          assert.deepEqual(cloudOf(list.layout.result), ['Shared:1']);
          assert.deepEqual(cloudOf(item.layout.result), ['Shared:1']);
          assert.doesNotMatch(JSON.stringify(list), /Classified|Secret plans/);
        }
      }
    }
  });

  test('a write that changes a shared part shows on the next page of every member', async () => {
    assert.deepEqual(cloudOf((await page(reader, '/discussions')).layout.result), ['Shared:1']);
    await call<Discussion>(admin, 'POST', '/discussions', {
      categoryID: open.categoryID,
      name: 'Fresh talk',
      body: rich2('New.'),
      format: 'rich2',
      newTagNames: ['Shared', 'Fresh'],
    });
    assert.deepEqual(cloudOf((await page(reader, '/discussions')).layout.result), ['Shared:2', 'Fresh:1']);
    assert.deepEqual(cloudOf((await page(staffer, '/discussions')).layout.result), [
      'Shared:3',
      'Classified:1',
      'Fresh:1',
    ]);
  });
});
