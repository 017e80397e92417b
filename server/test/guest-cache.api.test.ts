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
import { asAdmin, asGuest, asMember, inject, type TestActor, type TestUser } from './actors.ts';
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
