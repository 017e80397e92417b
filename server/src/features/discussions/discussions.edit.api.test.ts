import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import {
  call,
  createCategory,
  insertComment,
  postDiscussion,
  readCategory,
  setConfig,
  userCounts,
  forbidden,
  setUpDiscussionsApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`discussions API: edit, delete, category hooks (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let parent: Category;
  let general: Category;
  let restricted: Category;
  let heading: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, parent, general, restricted, heading } =
      await setUpDiscussionsApi());
  });
  after(async () => {
    await t.close();
  });
  const get = async (actor: TestActor | null, path: string) => call(t, actor, 'GET', path);

  describe('PATCH /discussions/{id}', () => {
    test('the author edits within the window; others need discussions.edit', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const edited = await call(t, author, 'PATCH', path, {
        name: 'Renamed',
        body: '**bold**',
        format: 'markdown',
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const body = edited.json() as Discussion;
      assert.equal(body.name, 'Renamed');
      assert.match(body.body ?? '', /<strong>bold<\/strong>/);
      assert.equal(body.updateUserID, author.user.userID);
      assert.ok(body.dateUpdated);
      const other = await call(t, member, 'PATCH', path, { name: 'Hijack' });
      assert.equal(other.statusCode, 403);
      assert.deepEqual(other.json(), forbidden('discussions.edit'));
      assert.equal((await call(t, guest, 'PATCH', path, { name: 'Guest' })).statusCode, 403);
      const bad = await call(t, author, 'PATCH', path, { name: '' });
      assert.equal(bad.statusCode, 400);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'name');
      assert.equal(
        (await call(t, author, 'PATCH', '/api/v2/discussions/999999', { name: 'X' })).statusCode,
        404,
      );

      // Past ui.editContentTimeout (3600 s) the author may not edit; moderators still may.
      await t.db
        .updateTable('discussions')
        .set({ dateInserted: new Date(Date.now() - 2 * 3600 * 1000).toISOString() })
        .where('discussionID', '=', discussion.discussionID)
        .execute();
      const late = await call(t, author, 'PATCH', path, { name: 'Too late' });
      assert.equal(late.statusCode, 400);
      assert.equal((late.json() as ErrorBody).message, 'Editing discussions is not allowed.');
      assert.equal(
        (await call(t, moderator, 'PATCH', path, { name: 'By a moderator' })).statusCode,
        200,
      );
      await setConfig(t, admin, { 'ui.editContentTimeout': -1 });
      try {
        assert.equal((await call(t, author, 'PATCH', path, { name: 'No limit' })).statusCode, 200);
        // A closed discussion cannot be edited by its author.
        assert.equal((await call(t, moderator, 'PATCH', path, { closed: true })).statusCode, 200);
        const closed = await call(t, author, 'PATCH', path, { name: 'Closed' });
        assert.equal(closed.statusCode, 400);
      } finally {
        await setConfig(t, admin, { 'ui.editContentTimeout': 3600 });
      }
    });

    test('flags need their permissions; the author may not close without discussions.closeOwn', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      for (const [payload, permission] of [
        [{ closed: true }, 'discussions.close'],
        [{ sink: true }, 'discussions.sink'],
        [{ pinned: true }, 'discussions.announce'],
        [{ resolved: true }, 'staff.allow'],
      ] as const) {
        const response = await call(t, author, 'PATCH', path, payload);
        assert.equal(response.statusCode, 403, response.body);
        assert.deepEqual(response.json(), forbidden(permission));
      }
      const authorChange = await call(t, author, 'PATCH', path, {
        insertUserID: member.user.userID,
      });
      assert.equal(authorChange.statusCode, 403, authorChange.body);
      assert.deepEqual(authorChange.json(), {
        message: 'Permission Problem',
        status: 403,
        description: 'You need one of site.manage, community.manage permissions to do that.',
        permissions: ['site.manage', 'community.manage'],
      });
      const moderated = await call(t, moderator, 'PATCH', path, {
        closed: true,
        sink: true,
        pinned: true,
        pinLocation: 'recent',
        resolved: true,
      });
      assert.equal(moderated.statusCode, 200, moderated.body);
      const body = moderated.json() as Discussion;
      assert.equal(body.closed && body.sink && body.pinned && body.resolved, true);
      assert.equal(body.pinLocation, 'recent');
      // spec 000 §6: site.manage or community.manage change the author; community.moderate does not.
      const changeAuthor = await call(t, moderator, 'PATCH', path, {
        insertUserID: member.user.userID,
      });
      assert.equal(changeAuthor.statusCode, 403);
    });

    test('community.manage may change the author (spec 000 §6)', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const role = await call(t, admin, 'POST', '/api/v2/roles', {
        name: `Community managers ${String(discussion.discussionID)}`,
        permissions: [
          { type: 'global', permissions: { 'session.valid': true, 'community.manage': true } },
        ],
      });
      assert.equal(role.statusCode, 201, role.body);
      const manager = await asMember(t);
      const patched = await call(
        t,
        admin,
        'PATCH',
        `/api/v2/users/${String(manager.user.userID)}`,
        {
          roleID: [...manager.user.roleIDs, (role.json() as { roleID: number }).roleID],
        },
      );
      assert.equal(patched.statusCode, 200, patched.body);
      const changed = await call(
        t,
        manager,
        'PATCH',
        `/api/v2/discussions/${String(discussion.discussionID)}`,
        {
          insertUserID: member.user.userID,
        },
      );
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((changed.json() as Discussion).insertUserID, member.user.userID);
    });

    test('changing the author moves the users’ counts; moving needs discussions.add in the target', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const newAuthor = await asMember(t);
      const changed = await call(t, admin, 'PATCH', path, { insertUserID: newAuthor.user.userID });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((changed.json() as Discussion).insertUserID, newAuthor.user.userID);
      assert.equal((await userCounts(t, author.user.userID)).countDiscussions, 0);
      assert.equal((await userCounts(t, newAuthor.user.userID)).countDiscussions, 1);
      const unknownUser = await call(t, admin, 'PATCH', path, { insertUserID: 999_999 });
      assert.equal(unknownUser.statusCode, 404);

      const mine = await postDiscussion(t, newAuthor, general.categoryID);
      const minePath = `/api/v2/discussions/${String(mine.discussionID)}`;
      const toHeading = await call(t, newAuthor, 'PATCH', minePath, {
        categoryID: heading.categoryID,
      });
      assert.equal(toHeading.statusCode, 403);
      const toRestricted = await call(t, newAuthor, 'PATCH', minePath, {
        categoryID: restricted.categoryID,
      });
      assert.equal(toRestricted.statusCode, 403);
      assert.equal(
        (await call(t, newAuthor, 'PATCH', minePath, { categoryID: 999_999 })).statusCode,
        404,
      );
      const target = await createCategory(t, admin, { name: 'Target', urlcode: 'target' });
      const generalBefore = await readCategory(t, admin, general.categoryID);
      const moved = await call(t, newAuthor, 'PATCH', minePath, { categoryID: target.categoryID });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((moved.json() as Discussion).categoryID, target.categoryID);
      assert.equal(
        (await readCategory(t, admin, general.categoryID)).countDiscussions,
        generalBefore.countDiscussions - 1,
      );
      const targetAfter = await readCategory(t, admin, target.categoryID);
      assert.equal(targetAfter.countDiscussions, 1);
      assert.equal(targetAfter.lastPost?.discussionID, mine.discussionID);
    });
  });

  describe('DELETE /discussions/{id}', () => {
    test('needs discussions.delete; removes the discussion and its counts', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, general.categoryID);
      const commenter = await asMember(t);
      await insertComment(t, discussion.discussionID, commenter.user.userID);
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const before = await readCategory(t, admin, general.categoryID);
      const parentBefore = await readCategory(t, admin, parent.categoryID);
      for (const actor of [guest, author, member]) {
        const refused = await call(t, actor, 'DELETE', path);
        assert.equal(refused.statusCode, 403);
        assert.deepEqual(refused.json(), forbidden('discussions.delete'));
      }
      const deleted = await call(t, moderator, 'DELETE', path);
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.equal(deleted.body, '');
      assert.equal((await get(moderator, path)).statusCode, 404);
      assert.equal((await call(t, moderator, 'DELETE', path)).statusCode, 404);
      const after = await readCategory(t, admin, general.categoryID);
      assert.equal(after.countDiscussions, before.countDiscussions - 1);
      assert.equal(after.countComments, before.countComments - 1);
      const parentAfter = await readCategory(t, admin, parent.categoryID);
      assert.equal(parentAfter.countAllDiscussions, parentBefore.countAllDiscussions - 1);
      assert.equal(parentAfter.countAllComments, parentBefore.countAllComments - 1);
      assert.deepEqual(await userCounts(t, author.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      assert.deepEqual(await userCounts(t, commenter.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      const comments = await t.db
        .selectFrom('comments')
        .select('commentID')
        .where('discussionID', '=', discussion.discussionID)
        .execute();
      assert.equal(comments.length, 0);
    });
  });

  describe('category hooks (discussions.category-content.ts)', () => {
    test('deleting a category with newCategoryID moves its discussions; without it deletes them', async () => {
      const doomed = await createCategory(t, admin, { name: 'Doomed', urlcode: 'doomed' });
      const heir = await createCategory(t, admin, { name: 'Heir', urlcode: 'heir' });
      const author = await asMember(t);
      const moved = await postDiscussion(t, author, doomed.categoryID);
      const moveResponse = await call(
        t,
        admin,
        'DELETE',
        `/categories/${String(doomed.categoryID)}?newCategoryID=${String(heir.categoryID)}`,
      );
      assert.equal(moveResponse.statusCode, 204, moveResponse.body);
      const shown = (
        await get(member, `/api/v2/discussions/${String(moved.discussionID)}`)
      ).json() as Discussion;
      assert.equal(shown.categoryID, heir.categoryID);
      const heirAfter = await readCategory(t, admin, heir.categoryID);
      assert.equal(heirAfter.countDiscussions, 1);
      assert.equal(heirAfter.lastPost?.discussionID, moved.discussionID);

      const commenter = await asMember(t);
      await insertComment(t, moved.discussionID, commenter.user.userID);
      const deleteResponse = await call(
        t,
        admin,
        'DELETE',
        `/categories/${String(heir.categoryID)}`,
      );
      assert.equal(deleteResponse.statusCode, 204, deleteResponse.body);
      assert.equal(
        (await get(admin, `/api/v2/discussions/${String(moved.discussionID)}`)).statusCode,
        404,
      );
      assert.deepEqual(await userCounts(t, author.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
      assert.deepEqual(await userCounts(t, commenter.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });
    });
  });
});
