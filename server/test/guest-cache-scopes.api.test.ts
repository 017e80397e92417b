import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Category } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import { postTestComment } from '../src/features/comments/comments.test-support.ts';
import {
  call,
  createCategory,
  postDiscussion,
} from '../src/features/discussions/discussions.test-support.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  inject,
  signInThroughApi,
  TEST_PASSWORD,
  type TestActor,
  type TestUser,
} from './actors.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';

// Issue 11 item 9: only writes that change what guests see touch the guest cache, and only what
// they changed (http/guest-cache.ts `guestCacheWrite`, platform/guest-cache.ts tags).

describe(`guest cache scopes (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let category: Category;

  before(async () => {
    t = await createTestApp({ GUEST_CACHE_SECONDS: '60' });
    admin = await asAdmin(t);
    member = await asMember(t);
    guest = await asGuest(t);
    category = await createCategory(t, admin, { name: 'Cached', urlcode: 'cached' });
  });
  after(async () => {
    await t.close();
  });

  const list = '/api/v2/discussions?limit=30';

  const hit = async (url: string) =>
    (await inject(t, guest, { method: 'GET', url })).headers['x-hearth-cache'] === 'hit';
  /** Reads each URL as a guest until it is cached (a miss, then a hit). */
  const prime = async (...urls: string[]) => {
    for (const url of urls) {
      const first = await inject(t, guest, { method: 'GET', url });
      assert.equal(first.statusCode, 200, `${url}: ${first.body}`);
      assert.ok(await hit(url), `${url} is cached`);
    }
  };
  const postPage = (discussionID: number) =>
    `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${String(discussionID)}`;
  const categoryPage = (categoryID: number) =>
    `/api/v2/layouts/lookup-hydrate?layoutViewType=categoryList&recordType=category&recordID=${String(categoryID)}`;

  test('signing in, signing out and ending sessions (guest or member) keep it: a hit stays a hit', async () => {
    const discussion = await postDiscussion(t, member, category.categoryID, { name: 'Kept' });
    await prime(list, postPage(discussion.discussionID), '/api/v2/categories');
    const writes: (() => Promise<{ statusCode: number }>)[] = [
      // A guest's sign-out and session end (the denial-of-service lever of issue 11).
      () => inject(t, guest, { method: 'POST', url: '/api/v2/authenticate/signout', payload: {} }),
      () => inject(t, guest, { method: 'DELETE', url: '/api/v2/sessions' }),
      // A member signs in, ends their other sessions, signs out.
      async () =>
        (await signInThroughApi(t, { username: member.user.name, password: TEST_PASSWORD }))
          .response,
      () => inject(t, member, { method: 'DELETE', url: '/api/v2/sessions?userID=$me' }),
      () =>
        inject(t, member, {
          method: 'POST',
          url: '/api/v2/authenticate/signout',
          payload: { transientKey: member.transientKey ?? '' },
        }),
      // Private writes: a wrong password, a bookmark, a token.
      async () =>
        (await signInThroughApi(t, { username: admin.user.name, password: 'wrong-password' }))
          .response,
    ];
    for (const [index, write] of writes.entries()) {
      const response = await write();
      for (const url of [list, postPage(discussion.discussionID), '/api/v2/categories']) {
        assert.ok(
          await hit(url),
          `write ${String(index)} (${String(response.statusCode)}) kept ${url}`,
        );
      }
    }
    member = await asMember(t);
  });

  test('private writes of a member (bookmark, token) keep it', async () => {
    const discussion = await postDiscussion(t, member, category.categoryID, { name: 'Bookmarked' });
    await prime(list, postPage(discussion.discussionID));
    const bookmark = await call(
      t,
      member,
      'PUT',
      `/discussions/${String(discussion.discussionID)}/bookmark`,
      {
        bookmarked: true,
      },
    );
    assert.equal(bookmark.statusCode, 200, bookmark.body);
    const token = await call(t, admin, 'POST', '/tokens', {
      name: 'cli',
      transientKey: admin.transientKey ?? '',
    });
    assert.equal(token.statusCode, 201, token.body);
    assert.ok(await hit(list));
    assert.ok(await hit(postPage(discussion.discussionID)));
  });

  test("a comment on discussion A shows at once on A's page, its category's and the lists, and keeps B's page and other categories' pages", async () => {
    const parent = await createCategory(t, admin, { name: 'Parent', urlcode: 'scoped-parent' });
    const child = await createCategory(t, admin, {
      name: 'Child',
      urlcode: 'scoped-child',
      parentCategoryID: parent.categoryID,
    });
    const other = await createCategory(t, admin, { name: 'Other', urlcode: 'scoped-other' });
    const a = await postDiscussion(t, member, child.categoryID, { name: 'Discussion A' });
    const b = await postDiscussion(t, member, other.categoryID, { name: 'Discussion B' });
    const aRecord = `/api/v2/discussions/${String(a.discussionID)}`;
    const bRecord = `/api/v2/discussions/${String(b.discussionID)}`;
    const bList = `/api/v2/discussions?categoryID=${String(other.categoryID)}`;
    const changed = [
      postPage(a.discussionID),
      aRecord,
      categoryPage(child.categoryID),
      categoryPage(parent.categoryID),
      `/api/v2/categories/${String(parent.categoryID)}`,
      list,
    ];
    const kept = [postPage(b.discussionID), bRecord, categoryPage(other.categoryID), bList];
    await prime(...changed, ...kept);

    await postTestComment(t, member, { discussionID: a.discussionID, text: 'Fresh comment' });

    for (const url of kept) assert.ok(await hit(url), `${url} stays cached`);
    for (const url of changed) assert.ok(!(await hit(url)), `${url} was emptied`);
    const record = (await inject(t, guest, { method: 'GET', url: aRecord })).json() as Discussion;
    assert.equal(record.countComments, 1);
    const parentRecord = (
      await inject(t, guest, {
        method: 'GET',
        url: `/api/v2/categories/${String(parent.categoryID)}`,
      })
    ).json() as Category;
    assert.equal(parentRecord.countAllComments, 1);
    const page = await inject(t, guest, { method: 'GET', url: postPage(a.discussionID) });
    assert.match(page.body, /Fresh comment/);
  });

  test('every content write guests can see shows at once on the pages it changes', async () => {
    const home = await createCategory(t, admin, { name: 'Writes', urlcode: 'scoped-writes' });
    const away = await createCategory(t, admin, { name: 'Away', urlcode: 'scoped-away' });
    // Moderators are exempt from flood control.
    const moderator = admin;
    const d = await postDiscussion(t, moderator, home.categoryID, { name: 'Written' });
    const id = String(d.discussionID);
    const comment = await postTestComment(t, moderator, {
      discussionID: d.discussionID,
      text: 'First',
    });
    const pages = [postPage(d.discussionID), categoryPage(home.categoryID), list];
    // A discussion elsewhere: each write names what it changed, so this page stays cached.
    const elsewhere = await postDiscussion(t, moderator, away.categoryID, { name: 'Elsewhere' });
    const kept = [postPage(elsewhere.discussionID), categoryPage(away.categoryID)];
    const writes: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      [
        'POST /discussions',
        () =>
          call(t, moderator, 'POST', '/discussions', {
            name: 'New',
            body: 'New body',
            format: 'text',
            categoryID: home.categoryID,
          }),
      ],
      [
        'POST /comments',
        () =>
          call(t, moderator, 'POST', '/comments', {
            body: 'Second',
            format: 'text',
            parentRecordType: 'discussion',
            parentRecordID: d.discussionID,
          }),
      ],
      [
        'PATCH /comments/:id',
        () =>
          call(t, moderator, 'PATCH', `/comments/${String(comment.commentID)}`, {
            body: 'Edited',
            format: 'text',
          }),
      ],
      [
        'POST /comments/:id/reactions',
        () =>
          call(t, moderator, 'POST', `/comments/${String(comment.commentID)}/reactions`, {
            reactionType: 'Like',
          }),
      ],
      [
        'DELETE /comments/:id/reactions',
        () => call(t, moderator, 'DELETE', `/comments/${String(comment.commentID)}/reactions`),
      ],
      [
        'POST /discussions/:id/reactions',
        () => call(t, moderator, 'POST', `/discussions/${id}/reactions`, { reactionType: 'Like' }),
      ],
      [
        'DELETE /discussions/:id/reactions/:userID',
        () =>
          call(
            t,
            moderator,
            'DELETE',
            `/discussions/${id}/reactions/${String(moderator.user.userID)}`,
          ),
      ],
      [
        'PATCH /discussions/:id (rename)',
        () => call(t, moderator, 'PATCH', `/discussions/${id}`, { name: 'Renamed' }),
      ],
      [
        'PATCH /discussions/:id (announce)',
        () =>
          call(t, moderator, 'PATCH', `/discussions/${id}`, {
            pinned: true,
            pinLocation: 'category',
          }),
      ],
      ['PATCH /discussions/:id/bump', () => call(t, moderator, 'PATCH', `/discussions/${id}/bump`)],
      [
        'PUT /discussions/:id/type',
        () => call(t, moderator, 'PUT', `/discussions/${id}/type`, { type: 'question' }),
      ],
      [
        'PUT /discussions/:id/tags',
        () => call(t, moderator, 'PUT', `/discussions/${id}/tags`, { tagIDs: [] }),
      ],
      [
        'DELETE /comments/:id',
        () => call(t, moderator, 'DELETE', `/comments/${String(comment.commentID)}`),
      ],
    ];
    for (const [name, write] of writes) {
      await prime(...pages, ...kept);
      const response = await write();
      assert.ok(
        response.statusCode < 300,
        `${name}: ${String(response.statusCode)} ${response.body}`,
      );
      // A new discussion is not on another discussion's page.
      const changed = name === 'POST /discussions' ? pages.slice(1) : pages;
      for (const url of changed) assert.ok(!(await hit(url)), `${name} emptied ${url}`);
      for (const url of kept) assert.ok(await hit(url), `${name} kept ${url}`);
    }
    // A move changes both categories' pages.
    await prime(...pages, categoryPage(away.categoryID));
    const moved = await call(t, moderator, 'PATCH', `/discussions/${id}`, {
      categoryID: away.categoryID,
    });
    assert.equal(moved.statusCode, 200, moved.body);
    for (const url of [...pages, categoryPage(away.categoryID)])
      assert.ok(!(await hit(url)), `move emptied ${url}`);
    const awayList = (
      await inject(t, guest, {
        method: 'GET',
        url: `/api/v2/discussions?categoryID=${String(away.categoryID)}`,
      })
    ).json() as Discussion[];
    assert.ok(awayList.some((discussion) => discussion.name === 'Renamed'));
  });

  test("a collection's writes empty the cache: pages with the featured collections widget show the change", async () => {
    const discussion = await postDiscussion(t, admin, category.categoryID, { name: 'Featured' });
    const home = '/api/v2/layouts/lookup-hydrate?layoutViewType=home&recordType=siteSection&recordID=0';
    await prime(list, home);
    const created = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/collections',
      payload: {
        name: 'Start Here',
        records: [{ recordType: 'discussion', recordID: discussion.discussionID, sort: 1 }],
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(await hit(home), false, 'a new collection empties the cached home page');
    const { collectionID } = created.json() as { collectionID: number };
    await prime(list, home);
    const renamed = await inject(t, admin, {
      method: 'PATCH',
      url: `/api/v2/collections/${String(collectionID)}`,
      payload: { name: 'Begin Here' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(await hit(home), false, 'a renamed collection empties the cached home page');
    await prime(list, home);
    const removed = await inject(t, admin, {
      method: 'DELETE',
      url: `/api/v2/collections/${String(collectionID)}`,
    });
    assert.equal(removed.statusCode, 204, removed.body);
    assert.equal(await hit(list), false, 'a deleted collection empties the cached lists');
  });

  test('every write route decides what it changes for guests; these empty the cache or what they name', () => {
    const writeRoutes = t.app.apiRoutes.filter(
      (route) => route.method !== 'GET' && route.method !== 'HEAD',
    );
    assert.ok(writeRoutes.length > 0);
    const decisions = writeRoutes.map((route) => ({
      route: `${route.method} ${route.url}`,
      write: t.app.guestCacheWrites.get(`${route.method} ${route.url}`),
    }));
    const undecided = decisions
      .filter((decision) => decision.write === undefined)
      .map((decision) => decision.route);
    assert.deepEqual(
      undecided,
      [],
      'each write route sets config.guestCacheWrite (none, all or declared)',
    );
    const listed = (write: string) =>
      decisions
        .filter((decision) => decision.write === write)
        .map((decision) => decision.route)
        .sort();
    assert.deepEqual(listed('declared'), [
      'DELETE /api/v2/comments/:id',
      'DELETE /api/v2/comments/:id/reactions',
      'DELETE /api/v2/comments/:id/reactions/:userID',
      'DELETE /api/v2/discussions/:id/reactions',
      'DELETE /api/v2/discussions/:id/reactions/:userID',
      'PATCH /api/v2/comments/:id',
      'PATCH /api/v2/discussions/:id',
      'PATCH /api/v2/discussions/:id/bump',
      'PATCH /api/v2/escalations/:id',
      'PATCH /api/v2/reports/:id/approve-record',
      'PATCH /api/v2/reports/:id/reject-record',
      'POST /api/v2/comments',
      'POST /api/v2/comments/:id/reactions',
      'POST /api/v2/discussions',
      'POST /api/v2/discussions/:id/reactions',
      'POST /api/v2/discussions/:id/tags',
      'POST /api/v2/discussions/question',
      'POST /api/v2/escalations',
      'POST /api/v2/logs/:id/restore',
      'PUT /api/v2/discussions/:id/tags',
      'PUT /api/v2/discussions/:id/type',
    ]);
    assert.deepEqual(listed('all'), [
      'DELETE /api/v2/categories/:id',
      'DELETE /api/v2/collections/:id',
      'DELETE /api/v2/comments/list',
      'DELETE /api/v2/discussions/:id',
      'DELETE /api/v2/discussions/list',
      'DELETE /api/v2/roles/:id',
      'DELETE /api/v2/tags/:id',
      'DELETE /api/v2/users/:id',
      'DELETE /api/v2/users/:id/photo',
      'PATCH /api/v2/categories/:id',
      'PATCH /api/v2/collections/:id',
      'PATCH /api/v2/config',
      'PATCH /api/v2/discussions/close',
      'PATCH /api/v2/discussions/merge',
      'PATCH /api/v2/discussions/move',
      'PATCH /api/v2/reactions/:urlCode',
      'PATCH /api/v2/roles/:id',
      'PATCH /api/v2/roles/:id/permissions',
      'PATCH /api/v2/tags/:id',
      'PATCH /api/v2/users/:id',
      'POST /api/v2/calls/run',
      'POST /api/v2/categories',
      'POST /api/v2/collections',
      'POST /api/v2/discussions/split',
      'POST /api/v2/roles',
      'POST /api/v2/tags',
      'POST /api/v2/users/:id/photo',
      'PUT /api/v2/collections/by-resource',
      'PUT /api/v2/roles/:id/permissions',
      'PUT /api/v2/users/:id/ban',
    ]);
  });
});
