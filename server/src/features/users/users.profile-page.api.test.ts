import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { PageBootstrap } from '../../http/pages.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import {
  makeActors,
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
} from '../../../test/factories.ts';
import { BOOTSTRAP_END, BOOTSTRAP_START, createPagesApp, type PagesApp } from '../../../test/fake-web-build.ts';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';

// Issue 15: server-rendered profile pages embed the profile's user and first lists
// (bootstrap.profile), through the same services and visibility rules as the API.

describe(`server-rendered profile pages (${testDialect})`, () => {
  let t: TestApp;
  let pages: PagesApp;
  let actors: Awaited<ReturnType<typeof makeActors>>;
  let author: TestActor<TestUser>;
  let privateAuthor: TestActor<TestUser>;
  let visible: Discussion;
  let hidden: Discussion;

  const page = async (actor: TestActor | null, url: string) => {
    const response = await pages.app.inject({ method: 'GET', url, headers: actor?.headers ?? {} });
    const start = response.body.indexOf(BOOTSTRAP_START);
    const end = response.body.indexOf(BOOTSTRAP_END);
    assert.ok(start !== -1 && end > start, response.body.slice(0, 300));
    return {
      status: response.statusCode,
      bootstrap: JSON.parse(response.body.slice(start + BOOTSTRAP_START.length, end)) as PageBootstrap,
    };
  };
  const listOf = (bootstrap: PageBootstrap, kind: string) =>
    bootstrap.profile?.lists?.find((list) => list.kind === kind);

  before(async () => {
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' });
    pages = await createPagesApp(t);
    actors = await makeActors(t);
    author = await asMember(t);
    privateAuthor = await asMember(t, { private: true });
    const open = await makeCategory(t);
    const secret = await makeHiddenCategory(t);
    visible = await makeDiscussion(t, { categoryID: open.categoryID, as: author, name: 'Visible post' });
    hidden = await makeDiscussion(t, { categoryID: secret.categoryID, name: 'Hidden post' });
    await makeComment(t, { discussionID: hidden.discussionID, as: actors.admin });
    await makeComment(t, { discussionID: visible.discussionID, as: author });
    await makeDiscussion(t, { categoryID: open.categoryID, as: privateAuthor });
  });
  after(async () => {
    await pages.close();
    await t.close();
  });

  test('a guest gets the user and the activity lists of /profile/{name}', async () => {
    const { status, bootstrap } = await page(null, `/profile/${encodeURIComponent(author.user.name)}`);
    assert.equal(status, 200);
    assert.equal(bootstrap.profile?.user?.userID, author.user.userID);
    const discussions = listOf(bootstrap, 'discussions');
    assert.deepEqual(
      (discussions?.data.items as Discussion[]).map((item) => item.name),
      ['Visible post'],
    );
    assert.equal(discussions?.limit, 5);
    assert.equal((listOf(bootstrap, 'comments')?.data.items as Comment[]).length, 1);
  });

  test('the discussions and comments tabs are paged lists; only visible categories', async () => {
    const name = encodeURIComponent(actors.admin.user.name);
    const guest = await page(null, `/profile/comments/${name}`);
    assert.equal((listOf(guest.bootstrap, 'comments')?.data.items as Comment[]).length, 0);
    const admin = await page(actors.admin, `/profile/comments/${name}`);
    assert.equal((listOf(admin.bootstrap, 'comments')?.data.items as Comment[]).length, 1);
    const second = await page(null, `/profile/discussions/${encodeURIComponent(author.user.name)}/p2`);
    const list = listOf(second.bootstrap, 'discussions');
    assert.equal(list?.page, 2);
    assert.equal(list?.data.items.length, 0);
    assert.equal(list?.data.paging.total, 1);
  });

  test('bookmarks are embedded for the owner only', async () => {
    const path = (user: TestUser) => `/profile/bookmarks/${encodeURIComponent(user.name)}`;
    const own = await page(author, path(author.user));
    assert.ok(listOf(own.bootstrap, 'bookmarks'));
    const other = await page(actors.member, path(author.user));
    assert.equal(listOf(other.bootstrap, 'bookmarks'), undefined);
  });

  test('a private profile: name and photo only, no lists, for guests and members; all for moderators', async () => {
    const url = `/profile/${encodeURIComponent(privateAuthor.user.name)}`;
    for (const viewer of [null, actors.member]) {
      const { bootstrap } = await page(viewer, url);
      assert.equal(bootstrap.profile?.user?.private, true);
      assert.equal(bootstrap.profile?.user?.dateInserted, undefined);
      assert.equal(bootstrap.profile?.lists, undefined);
    }
    for (const viewer of [actors.moderator, privateAuthor]) {
      const { bootstrap } = await page(viewer, url);
      assert.equal(listOf(bootstrap, 'discussions')?.data.items.length, 1);
    }
  });

  test('an unknown name embeds the 404; reserved paths are not profiles', async () => {
    const { bootstrap } = await page(null, '/profile/nobody-by-this-name');
    assert.deepEqual(bootstrap.profile?.error, { status: 404, message: 'User not found.' });
    assert.equal(bootstrap.profile?.user, undefined);
    for (const url of ['/profile/edit', '/profile/followed-content', '/profile/notifications']) {
      assert.equal((await page(actors.member, url)).bootstrap.profile, undefined, url);
    }
  });
});
