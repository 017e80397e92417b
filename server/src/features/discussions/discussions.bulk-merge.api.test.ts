import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import {
  call,
  insertComment,
  postDiscussion,
  readCategory,
  userCounts,
  discussionExists,
  discussionRow,
  setUpBulkApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`discussions bulk actions: merge and split (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let source: Category;
  let target: Category;
  let restricted: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, source, target, restricted } = await setUpBulkApi());
  });
  after(async () => {
    await t.close();
  });

  describe('PATCH /discussions/merge', () => {
    test('moves comments and bodies into the destination and deletes the sources; counters right', async () => {
      const sourceAuthor = await asMember(t);
      const destination = await postDiscussion(t, moderator, target.categoryID);
      const merged = await postDiscussion(t, sourceAuthor, source.categoryID, {
        body: 'Merged body',
      });
      const commentID = await insertComment(
        t,
        merged.discussionID,
        member.user.userID,
        '2099-01-01T00:00:00.000Z',
      );
      const sourceBefore = await readCategory(t, admin, source.categoryID);
      const targetBefore = await readCategory(t, admin, target.categoryID);
      const response = await call(t, moderator, 'PATCH', '/api/v2/discussions/merge', {
        discussionIDs: [merged.discussionID, destination.discussionID],
        destinationDiscussionID: destination.discussionID,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual((response.json() as LongRunnerResult).progress.successIDs, [
        merged.discussionID,
      ]);
      assert.equal(await discussionExists(t, merged.discussionID), false);
      const row = await discussionRow(t, destination.discussionID);
      assert.equal(row.countComments, 2);
      assert.equal(row.lastCommentID, commentID);
      const comments = await t.db
        .selectFrom('comments')
        .select(['bodyHtml', 'insertUserID'])
        .where('discussionID', '=', destination.discussionID)
        .orderBy('dateInserted')
        .execute();
      assert.equal(comments[0]?.insertUserID, sourceAuthor.user.userID);
      assert.match(comments[0]?.bodyHtml ?? '', /Merged body/);
      const sourceAfter = await readCategory(t, admin, source.categoryID);
      const targetAfter = await readCategory(t, admin, target.categoryID);
      assert.equal(sourceAfter.countDiscussions, sourceBefore.countDiscussions - 1);
      assert.equal(sourceAfter.countComments, sourceBefore.countComments - 1);
      assert.equal(targetAfter.countDiscussions, targetBefore.countDiscussions);
      assert.equal(targetAfter.countComments, targetBefore.countComments + 2);
      assert.deepEqual(await userCounts(t, sourceAuthor.user.userID), {
        countDiscussions: 0,
        countComments: 1,
      });
      const shown = (
        await call(t, member, 'GET', `/api/v2/discussions/${String(destination.discussionID)}`)
      ).json() as Discussion;
      assert.equal(shown.countComments, 2);
      assert.equal(shown.lastUserID, member.user.userID);
    });

    test('addRedirects turns the sources into redirects', async () => {
      const destination = await postDiscussion(t, moderator, target.categoryID);
      const merged = await postDiscussion(t, moderator, source.categoryID);
      const response = await call(t, moderator, 'PATCH', '/api/v2/discussions/merge', {
        discussionIDs: [merged.discussionID],
        destinationDiscussionID: destination.discussionID,
        addRedirects: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      const row = await discussionRow(t, merged.discussionID);
      assert.equal(row.type, 'redirect');
      assert.match(row.name, /^Merged: /);
      assert.equal(row.countComments, 0);
    });

    test('refuses fewer than 2 discussions, missing ones, and missing permissions', async () => {
      const destination = await postDiscussion(t, moderator, target.categoryID);
      const tooFew = await call(t, moderator, 'PATCH', '/api/v2/discussions/merge', {
        discussionIDs: [destination.discussionID],
        destinationDiscussionID: destination.discussionID,
      });
      assert.equal(tooFew.statusCode, 400);
      assert.equal(
        (tooFew.json() as ErrorBody).message,
        'You must select at least 2 discussions to merge.',
      );
      const missing = await call(t, moderator, 'PATCH', '/api/v2/discussions/merge', {
        discussionIDs: [999_999],
        destinationDiscussionID: destination.discussionID,
      });
      assert.equal(missing.statusCode, 404);
      assert.deepEqual((missing.json() as ErrorBody).recordIDs, [999_999]);
      const mine = await postDiscussion(t, member, source.categoryID);
      const refused = await call(t, member, 'PATCH', '/api/v2/discussions/merge', {
        discussionIDs: [mine.discussionID],
        destinationDiscussionID: destination.discussionID,
      });
      assert.equal(refused.statusCode, 403);
      assert.equal(
        (refused.json() as ErrorBody).description,
        'You don’t have the edit permission on the following discussions:',
      );
      assert.deepEqual(
        (refused.json() as ErrorBody).recordIDs,
        [destination.discussionID, mine.discussionID].sort((a, b) => a - b),
      );
      assert.equal(
        (
          await call(t, guest, 'PATCH', '/api/v2/discussions/merge', {
            discussionIDs: [mine.discussionID],
            destinationDiscussionID: destination.discussionID,
          })
        ).statusCode,
        403,
      );
      assert.equal(
        (
          await call(t, moderator, 'PATCH', '/api/v2/discussions/merge', {
            discussionIDs: [mine.discussionID],
          })
        ).statusCode,
        400,
      );
    });
  });

  describe('POST /discussions/split', () => {
    test('moves comments of one discussion into a new discussion; counters right', async () => {
      const original = await postDiscussion(t, moderator, source.categoryID, { name: 'Original' });
      const keep = await insertComment(
        t,
        original.discussionID,
        member.user.userID,
        '2030-01-01T00:00:00.000Z',
      );
      const first = await insertComment(
        t,
        original.discussionID,
        member.user.userID,
        '2030-01-02T00:00:00.000Z',
      );
      const second = await insertComment(
        t,
        original.discussionID,
        moderator.user.userID,
        '2030-01-03T00:00:00.000Z',
      );
      const sourceBefore = await readCategory(t, admin, source.categoryID);
      const targetBefore = await readCategory(t, admin, target.categoryID);
      const response = await call(t, moderator, 'POST', '/api/v2/discussions/split', {
        newPost: {
          name: 'Split off',
          categoryID: target.categoryID,
          postType: 'discussion',
          authorType: 'me',
        },
        commentIDs: [first, second],
      });
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json() as LongRunnerResult & { newPostUrl: string };
      assert.deepEqual(body.progress.successIDs, [first, second]);
      const match = /\/discussion\/(\d+)\/split-off$/.exec(body.newPostUrl);
      assert.ok(match, body.newPostUrl);
      const newID = Number(match[1]);
      const created = (
        await call(t, member, 'GET', `/api/v2/discussions/${String(newID)}`)
      ).json() as Discussion;
      assert.equal(created.countComments, 2);
      assert.equal(created.categoryID, target.categoryID);
      assert.equal(created.insertUserID, moderator.user.userID);
      assert.match(
        created.body ?? '',
        /This discussion was created from comments split from: <a href="[^"]+">Original<\/a>\./,
      );
      const left = await discussionRow(t, original.discussionID);
      assert.equal(left.countComments, 1);
      assert.equal(left.lastCommentID, keep);
      const sourceAfter = await readCategory(t, admin, source.categoryID);
      const targetAfter = await readCategory(t, admin, target.categoryID);
      assert.equal(sourceAfter.countComments, sourceBefore.countComments - 2);
      assert.equal(targetAfter.countDiscussions, targetBefore.countDiscussions + 1);
      assert.equal(targetAfter.countComments, targetBefore.countComments + 2);
    });

    test('refuses comments of several discussions, missing comments and missing permissions', async () => {
      const one = await postDiscussion(t, moderator, source.categoryID);
      const two = await postDiscussion(t, moderator, source.categoryID);
      const a = await insertComment(t, one.discussionID, member.user.userID);
      const b = await insertComment(t, two.discussionID, member.user.userID);
      const newPost = {
        name: 'New',
        categoryID: target.categoryID,
        postType: 'discussion',
        authorType: 'me',
      };
      const mixed = await call(t, moderator, 'POST', '/api/v2/discussions/split', {
        newPost,
        commentIDs: [a, b],
      });
      assert.equal(mixed.statusCode, 400);
      assert.equal(
        (mixed.json() as ErrorBody).message,
        'Comments from multiple discussions selected.',
      );
      const missing = await call(t, moderator, 'POST', '/api/v2/discussions/split', {
        newPost,
        commentIDs: [999_999],
      });
      assert.equal(missing.statusCode, 404);
      const refused = await call(t, member, 'POST', '/api/v2/discussions/split', {
        newPost,
        commentIDs: [a],
      });
      assert.equal(refused.statusCode, 403);
      assert.equal(
        (await call(t, guest, 'POST', '/api/v2/discussions/split', { newPost, commentIDs: [a] }))
          .statusCode,
        403,
      );
      const secret = await postDiscussion(t, moderator, restricted.categoryID);
      const hidden = await insertComment(t, secret.discussionID, moderator.user.userID);
      assert.equal(
        (
          await call(t, member, 'POST', '/api/v2/discussions/split', {
            newPost,
            commentIDs: [hidden],
          })
        ).statusCode,
        403,
      );
      const empty = await call(t, moderator, 'POST', '/api/v2/discussions/split', {
        newPost,
        commentIDs: [],
      });
      assert.equal(empty.statusCode, 422);
      const noName = await call(t, moderator, 'POST', '/api/v2/discussions/split', {
        newPost: { ...newPost, name: undefined },
        commentIDs: [a],
      });
      assert.equal(noName.statusCode, 400);
      assert.equal((noName.json() as ErrorBody).errors?.[0]?.field, 'newPost.name');
    });
  });
});
