import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import type { TestActor, TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import {
  call,
  insertComment,
  postDiscussion,
  setUpDiscussionsApi,
} from '../discussions/discussions.test-support.ts';

// Issue 15 / api-contract GET /comments: a member's comment list (a profile's comments tab) pages
// newest first, shows only comments in categories the viewer may see, and its pager total is a
// count capped at 10000 (a member with 100,000 comments is not counted row by row).
describe(`comments API: an author's list and its pager (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let general: Category;
  let restricted: Category;
  const visible: number[] = [];
  const hidden: number[] = [];

  before(async () => {
    ({ t, admin, member, guest, general, restricted } = await setUpDiscussionsApi());
    const open = await postDiscussion(t, admin, general.categoryID);
    const staff = await postDiscussion(t, admin, restricted.categoryID);
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    for (let index = 0; index < 5; index += 1)
      visible.push(
        await insertComment(
          t,
          open.discussionID,
          member.user.userID,
          new Date(base + index * 60_000).toISOString(),
        ),
      );
    for (let index = 0; index < 2; index += 1)
      hidden.push(
        await insertComment(
          t,
          staff.discussionID,
          member.user.userID,
          new Date(base + (10 + index) * 60_000).toISOString(),
        ),
      );
  });
  after(async () => {
    await t.close();
  });

  const page = async (actor: TestActor | null, userID: number, query: string) => {
    const response = await call(
      t,
      actor,
      'GET',
      `/api/v2/comments?insertUserID=${String(userID)}&sort=-dateInserted${query}`,
    );
    assert.equal(response.statusCode, 200, response.body);
    return {
      total: Number(response.headers['x-app-page-result-count']),
      ids: (response.json() as Comment[]).map((comment) => comment.commentID),
    };
  };

  test('pages newest first; hidden categories’ comments are neither shown nor counted', async () => {
    const first = await page(guest, member.user.userID, '&limit=2');
    const second = await page(guest, member.user.userID, '&limit=2&page=2');
    const third = await page(guest, member.user.userID, '&limit=2&page=3');
    assert.deepEqual([first.total, second.total, third.total], [5, 5, 5]);
    assert.deepEqual([...first.ids, ...second.ids, ...third.ids], [...visible].reverse());
    const forAdmin = await page(admin, member.user.userID, '&limit=30');
    assert.equal(forAdmin.total, 7);
    assert.deepEqual(forAdmin.ids, [...visible, ...hidden].reverse());
  });

  test('the total is capped at 10000', async () => {
    const author = await postDiscussion(t, admin, general.categoryID);
    // 10,005 comments in one statement (the API would take minutes).
    await sql`insert into comments ("discussionID", body, format, "bodyHtml", "bodyPlainText", "insertUserID", "dateInserted")
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 10005)
      select ${author.discussionID}, 'x', 'text', '<p>x</p>', 'x', ${admin.user.userID}, ${'2026-02-01T00:00:00.000Z'} from n`.execute(
      t.db,
    );
    const result = await page(guest, admin.user.userID, '&limit=30');
    assert.equal(result.total, 10_000);
    assert.equal(result.ids.length, 30);
  });
});
