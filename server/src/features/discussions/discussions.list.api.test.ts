import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import type { TestActor, TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import {
  call,
  createCategory,
  insertComment,
  postDiscussion,
  forbidden,
  listIDs,
  setUpDiscussionsApi,
} from './discussions.test-support.ts';

describe(`discussions API: lists (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let parent: Category;
  let general: Category;
  let restricted: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, parent, general, restricted } =
      await setUpDiscussionsApi());
  });
  after(async () => {
    await t.close();
  });
  const get = async (actor: TestActor | null, path: string) => call(t, actor, 'GET', path);

  describe('GET /discussions', () => {
    let listCategory: Category;
    const created: Discussion[] = [];

    before(async () => {
      listCategory = await createCategory(t, admin, { name: 'Lists', urlcode: 'lists' });
      for (let index = 0; index < 5; index += 1) {
        created.push(
          await postDiscussion(t, moderator, listCategory.categoryID, {
            name: `List ${String(index)}`,
          }),
        );
      }
      // Distinct dates and scores make every sort observable.
      for (const [index, discussion] of created.entries()) {
        const inserted = new Date(Date.UTC(2025, 0, 1 + index)).toISOString();
        const lastComment = new Date(Date.UTC(2025, 1, 10 - index)).toISOString();
        await t.db
          .updateTable('discussions')
          .set({
            dateInserted: inserted,
            dateLastComment: lastComment,
            score: (index * 7) % 5,
            hot: index % 3,
          })
          .where('discussionID', '=', discussion.discussionID)
          .execute();
      }
    });

    test('pages with the numbered pager headers', async () => {
      const response = await get(
        member,
        `/api/v2/discussions?categoryID=${String(listCategory.categoryID)}&limit=2&page=2`,
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((response.json() as Discussion[]).length, 2);
      assert.equal(response.headers['x-app-page-current'], '2');
      assert.equal(response.headers['x-app-page-limit'], '2');
      assert.equal(response.headers['x-app-page-result-count'], '5');
      assert.match(String(response.headers['x-app-page-next-url']), /page=3/);
      assert.match(String(response.headers['x-app-page-prev-url']), /page=1/);
      assert.match(String(response.headers['x-app-page-last-url']), /page=3/);
    });

    test('sorts by each key', async () => {
      const ids = created.map((discussion) => discussion.discussionID);
      const query = `?categoryID=${String(listCategory.categoryID)}`;
      assert.deepEqual(await listIDs(t, member, query), ids);
      assert.deepEqual(await listIDs(t, member, `${query}&sort=-dateLastComment`), ids);
      assert.deepEqual(await listIDs(t, member, `${query}&sort=-dateInserted`), [...ids].reverse());
      assert.deepEqual(await listIDs(t, member, `${query}&sort=dateInserted`), ids);
      assert.deepEqual(await listIDs(t, member, `${query}&sort=-discussionID`), [...ids].reverse());
      // scores 0,2,4,1,3 → -score: 4,3,2,1,0
      assert.deepEqual(await listIDs(t, member, `${query}&sort=-score`), [
        ids[2],
        ids[4],
        ids[1],
        ids[3],
        ids[0],
      ]);
      // hot 0,1,2,0,1 → -hot with ties by -discussionID
      assert.deepEqual(await listIDs(t, member, `${query}&sort=-hot`), [
        ids[2],
        ids[4],
        ids[1],
        ids[3],
        ids[0],
      ]);
    });

    test('filters by dates, type, author, scores and IDs', async () => {
      const ids = created.map((discussion) => discussion.discussionID);
      const query = `?categoryID=${String(listCategory.categoryID)}&sort=discussionID`;
      assert.deepEqual(await listIDs(t, member, `${query}&dateInserted=2025-01-02`), [ids[1]]);
      assert.deepEqual(await listIDs(t, member, `${query}&dateInserted=[2025-01-02,2025-01-03]`), [
        ids[1],
        ids[2],
      ]);
      assert.deepEqual(await listIDs(t, member, `${query}&score=3..4`), [ids[2], ids[4]]);
      assert.deepEqual(
        await listIDs(t, member, `${query}&discussionID=${String(ids[0])},${String(ids[4])}`),
        [ids[0], ids[4]],
      );
      assert.deepEqual(
        await listIDs(t, member, `${query}&insertUserID=${String(moderator.user.userID)}`),
        ids,
      );
      assert.deepEqual(await listIDs(t, member, `${query}&type=question`), []);
      assert.deepEqual(await listIDs(t, member, `${query}&hasComments=true`), []);
    });

    test('refuses bad parameters with 422', async () => {
      for (const query of [
        'limit=101',
        'limit=0',
        'page=0',
        'sort=name',
        'dateInserted=yesterday',
        'score=a..b',
        'pinOrder=last',
      ]) {
        const response = await get(member, `/api/v2/discussions?${query}`);
        assert.equal(response.statusCode, 422, `${query}: ${response.body}`);
      }
    });

    test('restricted categories are invisible in lists and 403 by ID', async () => {
      const secret = await postDiscussion(t, moderator, restricted.categoryID);
      assert.ok((await listIDs(t, moderator, '?limit=100')).includes(secret.discussionID));
      assert.ok(!(await listIDs(t, member, '?limit=100')).includes(secret.discussionID));
      assert.ok(!(await listIDs(t, guest, '?limit=100')).includes(secret.discussionID));
      const byCategory = await get(
        member,
        `/api/v2/discussions?categoryID=${String(restricted.categoryID)}`,
      );
      assert.equal(byCategory.statusCode, 403);
      assert.deepEqual(byCategory.json(), forbidden('discussions.view'));
      const byID = await get(member, `/api/v2/discussions/${String(secret.discussionID)}`);
      assert.equal(byID.statusCode, 403);
      assert.deepEqual(byID.json(), forbidden('discussions.view'));
      assert.equal(
        (await get(guest, `/api/v2/discussions/${String(secret.discussionID)}`)).statusCode,
        403,
      );
      assert.equal((await get(member, '/api/v2/discussions?categoryID=999999')).statusCode, 404);
    });

    test('includeChildCategories lists the subtree', async () => {
      const child = await postDiscussion(t, moderator, general.categoryID);
      const withChildren = await listIDs(
        t,
        member,
        `?categoryID=${String(parent.categoryID)}&includeChildCategories=true&limit=100`,
      );
      assert.ok(withChildren.includes(child.discussionID));
      assert.ok(
        !(await listIDs(t, member, `?categoryID=${String(parent.categoryID)}&limit=100`)).includes(
          child.discussionID,
        ),
      );
    });

    test('pinOrder=first puts the category announcements ahead on page 1', async () => {
      const category = await createCategory(t, admin, { name: 'Pins', urlcode: 'pins' });
      const normal = await postDiscussion(t, moderator, category.categoryID);
      const pinned = await postDiscussion(t, moderator, category.categoryID, { pinned: true });
      const newest = await postDiscussion(t, moderator, category.categoryID);
      await t.db
        .updateTable('discussions')
        .set({ dateLastComment: '2020-01-01T00:00:00.000Z' })
        .where('discussionID', '=', pinned.discussionID)
        .execute();
      const query = `?categoryID=${String(category.categoryID)}`;
      assert.deepEqual(await listIDs(t, member, query), [
        newest.discussionID,
        normal.discussionID,
        pinned.discussionID,
      ]);
      const first = await get(member, `/api/v2/discussions${query}&pinOrder=first`);
      assert.deepEqual(
        (first.json() as Discussion[]).map((d) => d.discussionID),
        [pinned.discussionID, newest.discussionID, normal.discussionID],
      );
      assert.equal(first.headers['x-app-page-result-count'], '2');
      // The pager counts the discussions outside the block: a dismissed announcement is one of them.
      const dismissed = await call(t, member, 'PUT', `/api/v2/discussions/${String(pinned.discussionID)}/dismiss`, {});
      assert.equal(dismissed.statusCode, 200, dismissed.body);
      const after = await get(member, `/api/v2/discussions${query}&pinOrder=first`);
      assert.equal(after.headers['x-app-page-result-count'], '3');
      const other = await get(moderator, `/api/v2/discussions${query}&pinOrder=first`);
      assert.equal(other.headers['x-app-page-result-count'], '2', 'another viewer still has the announcement in the block');
      assert.deepEqual(await listIDs(t, member, `${query}&pinned=true`), [pinned.discussionID]);
      assert.deepEqual(await listIDs(t, member, `${query}&pinned=false`), [
        newest.discussionID,
        normal.discussionID,
      ]);
    });

    test('expansions: default users and body, -body, category, breadcrumbs, permissions, excerpt, lastPost', async () => {
      const discussion = await postDiscussion(t, moderator, general.categoryID, {
        body: 'word '.repeat(100),
      });
      const plain = (
        await get(member, `/api/v2/discussions/${String(discussion.discussionID)}`)
      ).json() as Discussion;
      assert.ok(plain.insertUser && plain.lastUser && plain.body);
      assert.equal('permissions' in plain, false);
      const stripped = (
        await get(
          member,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=-body,-insertUser`,
        )
      ).json() as Discussion;
      assert.equal('body' in stripped, false);
      assert.equal('insertUser' in stripped, false);
      const all = (
        await get(member, `/api/v2/discussions/${String(discussion.discussionID)}?expand[]=all`)
      ).json() as Discussion;
      assert.equal(all.category?.name, 'General');
      assert.deepEqual(
        all.breadcrumbs?.map((crumb) => crumb.name),
        ['Home', 'Parent', 'General'],
      );
      assert.equal(all.permissions?.['discussions.view'], true);
      assert.equal(all.permissions?.['discussions.edit'], false);
      assert.equal(all.permissions?.['comments.add'], true);
      assert.ok(all.excerpt && all.excerpt.length <= 326 && all.excerpt.endsWith('…'), all.excerpt);
      assert.ok(all.snippet && [...all.snippet].length <= 180, all.snippet);
      assert.equal(all.lastPost?.discussionID, discussion.discussionID);
      assert.deepEqual(all.reactions, []);
      const commentID = await insertComment(t, discussion.discussionID, member.user.userID);
      const withComment = (
        await get(
          member,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=lastPost.insertUser`,
        )
      ).json() as Discussion;
      assert.equal(withComment.lastPost?.commentID, commentID);
      assert.equal(withComment.lastPost?.name, `Re: ${discussion.name}`);
      assert.equal(withComment.lastPost?.insertUser?.userID, member.user.userID);
      assert.equal(withComment.lastUserID, member.user.userID);
      const asModeratorView = (
        await get(
          moderator,
          `/api/v2/discussions/${String(discussion.discussionID)}?expand=permissions`,
        )
      ).json() as Discussion;
      assert.equal(asModeratorView.permissions?.['discussions.edit'], true);
      assert.equal(asModeratorView.resolved, false);
      assert.equal('resolved' in plain, false);
    });

    test('other users’ bookmarks need community.moderate', async () => {
      const response = await get(
        member,
        `/api/v2/discussions?bookmarkUserID=${String(moderator.user.userID)}`,
      );
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), forbidden('community.moderate'));
      assert.equal(
        (await get(moderator, `/api/v2/discussions?bookmarkUserID=${String(member.user.userID)}`))
          .statusCode,
        200,
      );
    });
  });

  describe('pager totals', () => {
    // After every test above has created, moved, merged, premoderated and deleted discussions:
    // the numbered pager's total (read from the category counters when only categories narrow
    // the list) is exactly the number of discussions each viewer can page through.
    const everything = async (actor: TestActor | null, query: string) => {
      const response = await get(actor, `/api/v2/discussions?limit=100${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return {
        total: Number(response.headers['x-app-page-result-count']),
        rows: (response.json() as Discussion[]).length,
      };
    };

    test('equal the discussions each viewer can see, with and without category filters', async () => {
      for (const actor of [guest, member, moderator, admin]) {
        for (const query of [
          '',
          `&categoryID=${String(general.categoryID)}`,
          `&categoryID=${String(parent.categoryID)}&includeChildCategories=true`,
          `&excludedCategoryIDs=${String(general.categoryID)}`,
          '&hasComments=true',
        ]) {
          const { total, rows } = await everything(actor, query);
          assert.equal(total, rows, `${String(actor?.user?.name ?? 'guest')} ${query}`);
        }
      }
      const forAdmin = await everything(admin, '');
      const forGuest = await everything(guest, '');
      assert.ok(
        forAdmin.total > forGuest.total,
        'the staff-only discussions count for the admin only',
      );
    });

    test('follow a new discussion and its deletion', async () => {
      const before = await everything(guest, '');
      const posted = await postDiscussion(t, member, general.categoryID, { name: 'Counted' });
      assert.equal((await everything(guest, '')).total, before.total + 1);
      const removed = await call(t, admin, 'DELETE', `/discussions/${String(posted.discussionID)}`);
      assert.equal(removed.statusCode, 204, removed.body);
      assert.equal((await everything(guest, '')).total, before.total);
    });
  });
});
