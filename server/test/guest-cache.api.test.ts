import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Category } from '../../common/src/api/categories.ts';
import type { Discussion } from '../../common/src/api/discussions.ts';
import { flushDiscussionViews } from '../src/features/discussions/discussions.views.ts';
import {
  call,
  createCategory,
  postDiscussion,
} from '../src/features/discussions/discussions.test-support.ts';
import { postTestComment } from '../src/features/comments/comments.test-support.ts';
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

describe(`guest read cache (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let category: Category;

  let statements: string[] = [];

  before(async () => {
    t = await createTestApp(
      { GUEST_CACHE_SECONDS: '60' },
      { onQuery: (statement) => statements.push(statement) },
    );
    admin = await asAdmin(t);
    member = await asMember(t);
    guest = await asGuest(t);
    category = await createCategory(t, admin, { name: 'Cached', urlcode: 'cached' });
    await postDiscussion(t, await asMember(t), category.categoryID, { name: 'First' });
  });
  after(async () => {
    await t.close();
  });

  const list = '/api/v2/discussions?limit=30';
  const names = (body: string) => (JSON.parse(body) as Discussion[]).map((d) => d.name);

  test("a guest's second read is the first one's answer, headers included", async () => {
    const first = await inject(t, guest, { method: 'GET', url: list });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['x-hearth-cache'], 'miss');
    const second = await inject(t, guest, { method: 'GET', url: list });
    assert.equal(second.headers['x-hearth-cache'], 'hit');
    assert.equal(second.body, first.body);
    for (const header of [
      'content-type',
      'x-app-page-result-count',
      'x-app-page-current',
      'link',
      'cache-control',
    ]) {
      assert.equal(second.headers[header], first.headers[header], header);
    }
  });

  test('a write empties it: the next guest read shows the new discussion', async () => {
    await inject(t, guest, { method: 'GET', url: list });
    assert.equal(
      (await inject(t, guest, { method: 'GET', url: list })).headers['x-hearth-cache'],
      'hit',
    );
    await postDiscussion(t, await asMember(t), category.categoryID, { name: 'Second' });
    const after = await inject(t, guest, { method: 'GET', url: list });
    assert.notEqual(after.headers['x-hearth-cache'], 'hit');
    assert.ok(names(after.body).includes('Second'));
    assert.equal(after.headers['x-app-page-result-count'], String(names(after.body).length));
  });

  test('guests asking for the same missing answer at once wait for one computation', async () => {
    const url = '/api/v2/discussions?limit=30&sort=-dateInserted';
    const pageQueries = () =>
      statements.filter((statement) => /from "discussions"/i.test(statement) && /limit/i.test(statement)).length;
    statements = [];
    const single = await inject(t, guest, { method: 'GET', url });
    assert.equal(single.headers['x-hearth-cache'], 'miss');
    const oneRequest = pageQueries();
    assert.ok(oneRequest > 0);
    t.app.guestCache.invalidate();
    statements = [];
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => inject(t, guest, { method: 'GET', url })),
    );
    for (const answer of answers) {
      assert.equal(answer.statusCode, 200);
      assert.equal(answer.body, single.body);
    }
    assert.equal(answers.filter((answer) => answer.headers['x-hearth-cache'] === 'hit').length, 7);
    assert.equal(pageQueries(), oneRequest, 'the page was read once for eight guests');
  });

  test('a refused write keeps it', async () => {
    await inject(t, guest, { method: 'GET', url: list });
    const refused = await call(t, member, 'POST', '/discussions', {
      categoryID: category.categoryID,
    });
    assert.ok(refused.statusCode >= 400 && refused.statusCode < 500, refused.body);
    assert.equal(
      (await inject(t, guest, { method: 'GET', url: list })).headers['x-hearth-cache'],
      'hit',
    );
  });

  test('signed-in readers never get it', async () => {
    await inject(t, guest, { method: 'GET', url: list });
    const response = await inject(t, member, { method: 'GET', url: list });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-hearth-cache'], undefined);
    const bearer = await inject(t, null, {
      method: 'GET',
      url: list,
      headers: { authorization: 'Bearer va.not-a-valid-token' },
    });
    assert.equal(bearer.headers['x-hearth-cache'], undefined);
  });

  test('a permission change shows at once: a category hidden from guests leaves their list', async () => {
    const secret = await createCategory(t, admin, { name: 'Soon secret', urlcode: 'soon-secret' });
    await postDiscussion(t, await asMember(t), secret.categoryID, { name: 'Was public' });
    await inject(t, guest, { method: 'GET', url: list });
    assert.ok(
      names((await inject(t, guest, { method: 'GET', url: list })).body).includes('Was public'),
    );
    const roles = (await call(t, admin, 'GET', '/roles')).json() as {
      roleID: number;
      type: string;
    }[];
    const guestRole = roles.find((role) => role.type === 'guest')!;
    const patched = await call(t, admin, 'PATCH', `/categories/${String(secret.categoryID)}`, {
      customPermissions: true,
      permissions: [{ roleID: guestRole.roleID, permissions: { 'discussions.view': false } }],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.ok(
      !names((await inject(t, guest, { method: 'GET', url: list })).body).includes('Was public'),
    );
  });

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
        (await signInThroughApi(t, { username: member.user.name, password: TEST_PASSWORD })).response,
      () => inject(t, member, { method: 'DELETE', url: '/api/v2/sessions?userID=$me' }),
      () =>
        inject(t, member, {
          method: 'POST',
          url: '/api/v2/authenticate/signout',
          payload: { transientKey: member.transientKey ?? '' },
        }),
      // Private writes: a wrong password, a bookmark, a token.
      async () =>
        (await signInThroughApi(t, { username: admin.user.name, password: 'wrong-password' })).response,
    ];
    for (const [index, write] of writes.entries()) {
      const response = await write();
      for (const url of [list, postPage(discussion.discussionID), '/api/v2/categories']) {
        assert.ok(await hit(url), `write ${String(index)} (${String(response.statusCode)}) kept ${url}`);
      }
    }
    member = await asMember(t);
  });

  test('private writes of a member (bookmark, token) keep it', async () => {
    const discussion = await postDiscussion(t, member, category.categoryID, { name: 'Bookmarked' });
    await prime(list, postPage(discussion.discussionID));
    const bookmark = await call(t, member, 'PUT', `/discussions/${String(discussion.discussionID)}/bookmark`, {
      bookmarked: true,
    });
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
      await inject(t, guest, { method: 'GET', url: `/api/v2/categories/${String(parent.categoryID)}` })
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
    const comment = await postTestComment(t, moderator, { discussionID: d.discussionID, text: 'First' });
    const pages = [postPage(d.discussionID), categoryPage(home.categoryID), list];
    // A discussion elsewhere: each write names what it changed, so this page stays cached.
    const elsewhere = await postDiscussion(t, moderator, away.categoryID, { name: 'Elsewhere' });
    const kept = [postPage(elsewhere.discussionID), categoryPage(away.categoryID)];
    const writes: [string, () => Promise<{ statusCode: number; body: string }>][] = [
      ['POST /discussions', () => call(t, moderator, 'POST', '/discussions', { name: 'New', body: 'New body', format: 'text', categoryID: home.categoryID })],
      ['POST /comments', () => call(t, moderator, 'POST', '/comments', { body: 'Second', format: 'text', parentRecordType: 'discussion', parentRecordID: d.discussionID })],
      ['PATCH /comments/:id', () => call(t, moderator, 'PATCH', `/comments/${String(comment.commentID)}`, { body: 'Edited', format: 'text' })],
      ['POST /comments/:id/reactions', () => call(t, moderator, 'POST', `/comments/${String(comment.commentID)}/reactions`, { reactionType: 'Like' })],
      ['DELETE /comments/:id/reactions', () => call(t, moderator, 'DELETE', `/comments/${String(comment.commentID)}/reactions`)],
      ['POST /discussions/:id/reactions', () => call(t, moderator, 'POST', `/discussions/${id}/reactions`, { reactionType: 'Like' })],
      ['DELETE /discussions/:id/reactions/:userID', () => call(t, moderator, 'DELETE', `/discussions/${id}/reactions/${String(moderator.user.userID)}`)],
      ['PATCH /discussions/:id (rename)', () => call(t, moderator, 'PATCH', `/discussions/${id}`, { name: 'Renamed' })],
      ['PATCH /discussions/:id (announce)', () => call(t, moderator, 'PATCH', `/discussions/${id}`, { pinned: true, pinLocation: 'category' })],
      ['PATCH /discussions/:id/bump', () => call(t, moderator, 'PATCH', `/discussions/${id}/bump`)],
      ['PUT /discussions/:id/type', () => call(t, moderator, 'PUT', `/discussions/${id}/type`, { type: 'question' })],
      ['PUT /discussions/:id/tags', () => call(t, moderator, 'PUT', `/discussions/${id}/tags`, { tagIDs: [] })],
      ['DELETE /comments/:id', () => call(t, moderator, 'DELETE', `/comments/${String(comment.commentID)}`)],
    ];
    for (const [name, write] of writes) {
      await prime(...pages, ...kept);
      const response = await write();
      assert.ok(response.statusCode < 300, `${name}: ${String(response.statusCode)} ${response.body}`);
      // A new discussion is not on another discussion's page.
      const changed = name === 'POST /discussions' ? pages.slice(1) : pages;
      for (const url of changed) assert.ok(!(await hit(url)), `${name} emptied ${url}`);
      for (const url of kept) assert.ok(await hit(url), `${name} kept ${url}`);
    }
    // A move changes both categories' pages.
    await prime(...pages, categoryPage(away.categoryID));
    const moved = await call(t, moderator, 'PATCH', `/discussions/${id}`, { categoryID: away.categoryID });
    assert.equal(moved.statusCode, 200, moved.body);
    for (const url of [...pages, categoryPage(away.categoryID)]) assert.ok(!(await hit(url)), `move emptied ${url}`);
    const awayList = (
      await inject(t, guest, { method: 'GET', url: `/api/v2/discussions?categoryID=${String(away.categoryID)}` })
    ).json() as Discussion[];
    assert.ok(awayList.some((discussion) => discussion.name === 'Renamed'));
  });

  test('every write route decides what it changes for guests; these empty the cache or what they name', () => {
    const writeRoutes = t.app.apiRoutes.filter((route) => route.method !== 'GET' && route.method !== 'HEAD');
    assert.ok(writeRoutes.length > 0);
    const decisions = writeRoutes.map((route) => ({
      route: `${route.method} ${route.url}`,
      write: t.app.guestCacheWrites.get(`${route.method} ${route.url}`),
    }));
    const undecided = decisions.filter((decision) => decision.write === undefined).map((decision) => decision.route);
    assert.deepEqual(undecided, [], 'each write route sets config.guestCacheWrite (none, all or declared)');
    const listed = (write: string) =>
      decisions.filter((decision) => decision.write === write).map((decision) => decision.route).sort();
    assert.deepEqual(listed('declared'), [
      'DELETE /api/v2/comments/:id',
      'DELETE /api/v2/comments/:id/reactions',
      'DELETE /api/v2/comments/:id/reactions/:userID',
      'DELETE /api/v2/discussions/:id/reactions',
      'DELETE /api/v2/discussions/:id/reactions/:userID',
      'PATCH /api/v2/comments/:id',
      'PATCH /api/v2/discussions/:id',
      'PATCH /api/v2/discussions/:id/bump',
      'POST /api/v2/comments',
      'POST /api/v2/comments/:id/reactions',
      'POST /api/v2/discussions',
      'POST /api/v2/discussions/:id/reactions',
      'POST /api/v2/discussions/:id/tags',
      'POST /api/v2/discussions/question',
      'PUT /api/v2/discussions/:id/tags',
      'PUT /api/v2/discussions/:id/type',
    ]);
    assert.deepEqual(listed('all'), [
      'DELETE /api/v2/categories/:id',
      'DELETE /api/v2/comments/list',
      'DELETE /api/v2/discussions/:id',
      'DELETE /api/v2/discussions/list',
      'DELETE /api/v2/roles/:id',
      'DELETE /api/v2/tags/:id',
      'DELETE /api/v2/users/:id',
      'DELETE /api/v2/users/:id/photo',
      'PATCH /api/v2/categories/:id',
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
      'POST /api/v2/discussions/split',
      'POST /api/v2/roles',
      'POST /api/v2/tags',
      'POST /api/v2/users/:id/photo',
      'PUT /api/v2/roles/:id/permissions',
      'PUT /api/v2/users/:id/ban',
    ]);
  });

  test('hits are sent in the encoding the client accepts', async () => {
    const plain = await inject(t, guest, { method: 'GET', url: list });
    const expected = JSON.parse(plain.body) as unknown;
    const brotli = await inject(t, guest, {
      method: 'GET',
      url: list,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(brotli.headers['x-hearth-cache'], 'hit');
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.deepEqual(
      JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8')),
      expected,
    );
    const gzip = await inject(t, guest, {
      method: 'GET',
      url: list,
      headers: { 'accept-encoding': 'gzip' },
    });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')), expected);
    const identity = await inject(t, guest, {
      method: 'GET',
      url: list,
      headers: { 'accept-encoding': 'identity' },
    });
    assert.equal(identity.headers['content-encoding'], undefined);
    assert.deepEqual(JSON.parse(identity.body), expected);
  });

  test('errors are not stored', async () => {
    const url = '/api/v2/discussions/999999';
    assert.equal((await inject(t, guest, { method: 'GET', url })).statusCode, 404);
    const again = await inject(t, guest, { method: 'GET', url });
    assert.equal(again.statusCode, 404);
    assert.equal(again.headers['x-hearth-cache'], undefined);
  });

  test('a cached discussion page still counts every view', async () => {
    const discussion = await postDiscussion(t, await asMember(t), category.categoryID, {
      name: 'Viewed',
    });
    const url = `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${String(discussion.discussionID)}`;
    const first = await inject(t, guest, { method: 'GET', url });
    assert.equal(first.statusCode, 200, first.body);
    const second = await inject(t, guest, { method: 'GET', url });
    assert.equal(second.headers['x-hearth-cache'], 'hit');
    await inject(t, guest, { method: 'GET', url });
    await flushDiscussionViews(t.db);
    const row = await t.db
      .selectFrom('discussions')
      .select('countViews')
      .where('discussionID', '=', discussion.discussionID)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.countViews), 3);
  });
});
