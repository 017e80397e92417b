import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import type { TestActor, TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import { call, postDiscussion, setUpDiscussionsApi } from './discussions.test-support.ts';

// Issue 15: a profile's discussions list (GET /discussions?insertUserID=X) takes its pager total
// from the author's counter less their discussions in the viewer's hidden categories, instead of
// counting every row; these check that total against the rows each viewer can actually page through.
describe(`discussions API: an author's list and its pager (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let general: Category;
  let restricted: Category;
  const open: Discussion[] = [];
  const staff: Discussion[] = [];

  before(async () => {
    ({ t, admin, moderator, member, guest, general, restricted } = await setUpDiscussionsApi());
    for (let index = 0; index < 5; index += 1)
      open.push(
        await postDiscussion(t, moderator, general.categoryID, { name: `Open ${String(index)}` }),
      );
    for (let index = 0; index < 2; index += 1)
      staff.push(
        await postDiscussion(t, moderator, restricted.categoryID, {
          name: `Staff ${String(index)}`,
        }),
      );
  });
  after(async () => {
    await t.close();
  });

  const page = async (actor: TestActor | null, query: string) => {
    const response = await call(t, actor, 'GET', `/api/v2/discussions?sort=-dateInserted${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return {
      total: Number(response.headers['x-app-page-result-count']),
      ids: (response.json() as Discussion[]).map((discussion) => discussion.discussionID),
      next: response.headers['x-app-page-next-url'],
    };
  };
  const by = (userID: number) => `&insertUserID=${String(userID)}`;
  /** Every page of limit 2, concatenated; each page's total must be the same. */
  const allPages = async (actor: TestActor | null, userID: number) => {
    const first = await page(actor, `${by(userID)}&limit=2`);
    const ids = [...first.ids];
    for (let n = 2; n <= Math.ceil(first.total / 2); n += 1) {
      const next = await page(actor, `${by(userID)}&limit=2&page=${String(n)}`);
      assert.equal(next.total, first.total);
      ids.push(...next.ids);
    }
    return { total: first.total, ids };
  };

  test('guests and members count and see only the visible categories’ discussions', async () => {
    const expected = open.map((d) => d.discussionID).reverse();
    for (const actor of [guest, member]) {
      const { total, ids } = await allPages(actor, moderator.user.userID);
      assert.equal(total, 5);
      assert.deepEqual(ids, expected, 'newest first, every visible one once, no staff post');
    }
  });

  test('a viewer who sees the staff category counts and pages through all seven', async () => {
    for (const actor of [moderator, admin]) {
      const { total, ids } = await allPages(actor, moderator.user.userID);
      assert.equal(total, 7);
      assert.deepEqual(
        [...ids].sort((a, b) => a - b),
        [...open, ...staff].map((d) => d.discussionID).sort((a, b) => a - b),
      );
    }
    const last = await page(admin, `${by(moderator.user.userID)}&limit=2&page=4`);
    assert.equal(last.ids.length, 1);
    assert.equal(last.next, undefined, 'no next page after the last');
  });

  test('a member without posts has an empty list and a zero total', async () => {
    const result = await page(guest, by(member.user.userID));
    assert.deepEqual(result, { total: 0, ids: [], next: undefined });
  });

  test('moving a discussion into the hidden category (with a redirect) and deleting one keep totals right', async () => {
    const moved = open[0]!;
    const response = await call(t, admin, 'PATCH', '/api/v2/discussions/move', {
      discussionIDs: [moved.discussionID],
      categoryID: restricted.categoryID,
      addRedirects: true,
    });
    assert.equal(response.statusCode, 200, response.body);
    const forGuest = await allPages(guest, moderator.user.userID);
    assert.equal(forGuest.total, 4);
    assert.equal(forGuest.ids.length, 4, 'the redirect left behind is not in the author’s list');
    assert.ok(!forGuest.ids.includes(moved.discussionID));
    const forAdmin = await allPages(admin, moderator.user.userID);
    assert.equal(forAdmin.total, 7);
    assert.equal(forAdmin.ids.length, 7);

    const removed = await call(t, admin, 'DELETE', `/discussions/${String(open[1]!.discussionID)}`);
    assert.equal(removed.statusCode, 204, removed.body);
    assert.equal((await allPages(guest, moderator.user.userID)).total, 3);
    assert.equal((await allPages(admin, moderator.user.userID)).total, 6);
  });

  test('other filters with the author still count the matching rows', async () => {
    const result = await page(
      guest,
      `${by(moderator.user.userID)}&categoryID=${String(general.categoryID)}`,
    );
    assert.equal(result.total, result.ids.length);
    const staffOnly = await page(
      admin,
      `${by(moderator.user.userID)}&categoryID=${String(restricted.categoryID)}`,
    );
    assert.equal(staffOnly.total, staffOnly.ids.length);
  });

  test('oldest first pages the same discussions in the other order, page by page', async () => {
    for (const actor of [guest, admin]) {
      const newest = await allPages(actor, moderator.user.userID);
      const oldest: number[] = [];
      for (let n = 1; n <= Math.ceil(newest.total / 2); n += 1) {
        const response = await call(
          t,
          actor,
          'GET',
          `/api/v2/discussions?sort=dateInserted${by(moderator.user.userID)}&limit=2&page=${String(n)}`,
        );
        assert.equal(Number(response.headers['x-app-page-result-count']), newest.total);
        oldest.push(...(response.json() as Discussion[]).map((d) => d.discussionID));
      }
      assert.deepEqual(oldest, [...newest.ids].reverse());
    }
  });
});
