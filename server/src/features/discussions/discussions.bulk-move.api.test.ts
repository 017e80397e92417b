import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import {
  call,
  insertComment,
  postDiscussion,
  readCategory,
  userCounts,
  discussionRow,
  setUpBulkApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`discussions bulk actions: move and close (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let source: Category;
  let target: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, source, target } = await setUpBulkApi());
  });
  after(async () => {
    await t.close();
  });

  describe('PATCH /discussions/move', () => {
    test('one ID answers {"status":"success"}; counters and last posts follow', async () => {
      const author = await asMember(t);
      const discussion = await postDiscussion(t, author, source.categoryID);
      await insertComment(t, discussion.discussionID, member.user.userID);
      const sourceBefore = await readCategory(t, admin, source.categoryID);
      const targetBefore = await readCategory(t, admin, target.categoryID);
      const response = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [discussion.discussionID],
        categoryID: target.categoryID,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { status: 'success' });
      assert.equal((await discussionRow(t, discussion.discussionID)).categoryID, target.categoryID);
      const sourceAfter = await readCategory(t, admin, source.categoryID);
      const targetAfter = await readCategory(t, admin, target.categoryID);
      assert.equal(sourceAfter.countDiscussions, sourceBefore.countDiscussions - 1);
      assert.equal(sourceAfter.countComments, sourceBefore.countComments - 1);
      assert.equal(targetAfter.countDiscussions, targetBefore.countDiscussions + 1);
      assert.equal(targetAfter.countComments, targetBefore.countComments + 1);
      assert.equal(targetAfter.lastPost?.discussionID, discussion.discussionID);
      assert.equal((await userCounts(t, author.user.userID)).countDiscussions, 1);
    });

    test('several IDs run as a long runner; addRedirects leaves redirects behind', async () => {
      const ids = [
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
      ];
      const sourceBefore = await readCategory(t, admin, source.categoryID);
      const response = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: ids,
        categoryID: target.categoryID,
        addRedirects: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual((response.json() as LongRunnerResult).progress.successIDs, ids);
      const redirects = await t.db
        .selectFrom('discussions')
        .select(['discussionID', 'name', 'bodyHtml', 'closed'])
        .where('categoryID', '=', source.categoryID)
        .where('type', '=', 'redirect')
        .execute();
      assert.equal(redirects.length, 2);
      const [first] = redirects;
      assert.match(first?.name ?? '', /^Moved: /);
      assert.match(
        first?.bodyHtml ?? '',
        // Internal links are stored site-relative (issue 11: the forum may be reached at another address).
        /This discussion has been <a href="\/discussion\/\d+\/[^"]*">moved<\/a>\./,
      );
      // A redirect stays listed in the old category and counts there.
      assert.equal(
        (await readCategory(t, admin, source.categoryID)).countDiscussions,
        sourceBefore.countDiscussions,
      );
      const redirectID = first?.discussionID ?? 0;
      const again = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [redirectID, ids[0]],
        categoryID: target.categoryID,
      });
      assert.equal(again.statusCode, 400, again.body);
      assert.deepEqual(
        (again.json() as LongRunnerResult).progress.exceptionsByID[String(redirectID)],
        {
          message: 'Discussions of type "redirect" can\'t be moved.',
          code: 400,
        },
      );
    });

    test('needs discussions.edit on every record and on the target', async () => {
      const discussion = await postDiscussion(t, member, source.categoryID);
      const refused = await call(t, member, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [discussion.discussionID],
        categoryID: target.categoryID,
      });
      assert.equal(refused.statusCode, 403);
      assert.equal((refused.json() as ErrorBody).permissions?.[0], 'discussions.edit');
      assert.equal(
        (
          await call(t, guest, 'PATCH', '/api/v2/discussions/move', {
            discussionIDs: [discussion.discussionID],
            categoryID: target.categoryID,
          })
        ).statusCode,
        403,
      );
      const unknown = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [discussion.discussionID],
        categoryID: 999_999,
      });
      assert.equal(unknown.statusCode, 404);
      const missing = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [999_999],
        categoryID: target.categoryID,
      });
      assert.equal(missing.statusCode, 404);
      const bad = await call(t, moderator, 'PATCH', '/api/v2/discussions/move', {
        discussionIDs: [discussion.discussionID],
      });
      assert.equal(bad.statusCode, 400);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'categoryID');
    });
  });

  describe('PATCH /discussions/close', () => {
    test('closes and reopens; refuses with the close message', async () => {
      const one = await postDiscussion(t, moderator, source.categoryID);
      const two = await postDiscussion(t, moderator, source.categoryID);
      const ids = [one.discussionID, two.discussionID];
      const closed = await call(t, moderator, 'PATCH', '/api/v2/discussions/close', {
        discussionIDs: ids,
      });
      assert.equal(closed.statusCode, 200, closed.body);
      for (const id of ids) assert.equal(Boolean((await discussionRow(t, id)).closed), true);
      const reopened = await call(t, moderator, 'PATCH', '/api/v2/discussions/close', {
        discussionIDs: ids,
        closed: false,
      });
      assert.equal(reopened.statusCode, 200);
      for (const id of ids) assert.equal(Boolean((await discussionRow(t, id)).closed), false);
      const refused = await call(t, member, 'PATCH', '/api/v2/discussions/close', {
        discussionIDs: ids,
      });
      assert.equal(refused.statusCode, 403);
      assert.equal(
        (refused.json() as ErrorBody).description,
        "You don't have the close permission on the following discussions:",
      );
      assert.deepEqual((refused.json() as ErrorBody).recordIDs, ids);
      assert.equal(
        (await call(t, guest, 'PATCH', '/api/v2/discussions/close', { discussionIDs: ids }))
          .statusCode,
        403,
      );
      assert.equal(
        (
          await call(t, moderator, 'PATCH', '/api/v2/discussions/close', {
            discussionIDs: ids,
            closed: 'yes',
          })
        ).statusCode,
        422,
      );
    });
  });
});
