import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import {
  call,
  createCategory,
  insertComment,
  postDiscussion,
  readCategory,
  userCounts,
  type ErrorBody,
} from './discussions.test-support.ts';

describe(`discussions bulk actions and the long runner (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let source: Category;
  let target: Category;
  let restricted: Category;

  const exists = async (discussionID: number): Promise<boolean> =>
    (await t.db
      .selectFrom('discussions')
      .select('discussionID')
      .where('discussionID', '=', discussionID)
      .executeTakeFirst()) !== undefined;

  const discussionRow = (discussionID: number) =>
    t.db
      .selectFrom('discussions')
      .select(['categoryID', 'countComments', 'closed', 'type', 'lastCommentID', 'name'])
      .where('discussionID', '=', discussionID)
      .executeTakeFirstOrThrow();

  const runCall = (actor: TestActor | null, payload: string) =>
    inject(t, actor, {
      method: 'POST',
      url: '/api/v2/calls/run',
      payload,
      headers: { 'content-type': 'application/system+jwt' },
    });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
    guest = await asGuest(t);
    const memberRoleID = (
      await t.db
        .selectFrom('roles')
        .select('roleID')
        .where('type', '=', 'member')
        .executeTakeFirstOrThrow()
    ).roleID;
    source = await createCategory(t, admin, { name: 'Source', urlcode: 'bulk-source' });
    target = await createCategory(t, admin, { name: 'Target', urlcode: 'bulk-target' });
    restricted = await createCategory(t, admin, {
      name: 'Restricted',
      urlcode: 'bulk-restricted',
      customPermissions: true,
      permissions: [{ roleID: memberRoleID, permissions: { 'discussions.view': false } }],
    });
  });
  after(async () => {
    await t.close();
  });

  describe('DELETE /discussions/list', () => {
    test('deletes every listed discussion and answers the progress; missing IDs fail with 404', async () => {
      const author = await asMember(t);
      const one = await postDiscussion(t, author, source.categoryID);
      const two = await postDiscussion(t, moderator, source.categoryID);
      await insertComment(t, two.discussionID, author.user.userID);
      const before = await readCategory(t, admin, source.categoryID);
      const response = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerMode=sync',
        {
          discussionIDs: [one.discussionID, two.discussionID, one.discussionID],
        },
      );
      assert.equal(response.statusCode, 200, response.body);
      const body = response.json() as LongRunnerResult;
      assert.deepEqual(body, {
        progress: {
          successIDs: [one.discussionID, two.discussionID],
          failedIDs: [],
          exceptionsByID: {},
          countTotalIDs: 2,
        },
        callbackPayload: null,
      });
      assert.equal(await exists(one.discussionID), false);
      assert.equal(await exists(two.discussionID), false);
      const after = await readCategory(t, admin, source.categoryID);
      assert.equal(after.countDiscussions, before.countDiscussions - 2);
      assert.equal(after.countComments, before.countComments - 1);
      assert.deepEqual(await userCounts(t, author.user.userID), {
        countDiscussions: 0,
        countComments: 0,
      });

      const again = await call(t, moderator, 'DELETE', '/api/v2/discussions/list', {
        discussionIDs: [one.discussionID],
      });
      assert.equal(again.statusCode, 404, again.body);
      const failed = again.json() as LongRunnerResult;
      assert.deepEqual(failed.progress.failedIDs, [one.discussionID]);
      assert.deepEqual(failed.progress.exceptionsByID[String(one.discussionID)], {
        message: 'Discussion not found.',
        code: 404,
      });
    });

    test('refuses the whole call with the spec’s message and the refused recordIDs', async () => {
      const mine = await postDiscussion(t, member, source.categoryID);
      const theirs = await postDiscussion(t, moderator, source.categoryID);
      const response = await call(t, member, 'DELETE', '/api/v2/discussions/list', {
        discussionIDs: [mine.discussionID, theirs.discussionID],
      });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), {
        message: 'Permission Problem',
        status: 403,
        description: 'You don’t have the delete permission on the following discussions:',
        permissions: ['discussions.delete'],
        recordIDs: [mine.discussionID, theirs.discussionID].sort((a, b) => a - b),
      });
      assert.equal(await exists(mine.discussionID), true);
      assert.equal(
        (
          await call(t, guest, 'DELETE', '/api/v2/discussions/list', {
            discussionIDs: [mine.discussionID],
          })
        ).statusCode,
        403,
      );
    });

    test('validates the body: 1..50 IDs, integers', async () => {
      for (const payload of [
        {},
        { discussionIDs: [] },
        { discussionIDs: ['x'] },
        { discussionIDs: Array.from({ length: 51 }, (_, i) => i + 1) },
      ]) {
        const response = await call(t, moderator, 'DELETE', '/api/v2/discussions/list', payload);
        assert.ok([400, 422].includes(response.statusCode), response.body);
        assert.equal(
          (response.json() as ErrorBody).errors?.[0]?.field.startsWith('discussionIDs'),
          true,
          response.body,
        );
      }
      const async = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerMode=async',
        { discussionIDs: [1] },
      );
      assert.equal(async.statusCode, 422);
      const timeout = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerTimeout=21',
        { discussionIDs: [1] },
      );
      assert.equal(timeout.statusCode, 422);
    });
  });

  describe('the long runner', () => {
    test('answers 408 with a callback payload that POST /calls/run resumes until done', async () => {
      const ids: number[] = [];
      for (let index = 0; index < 3; index += 1)
        ids.push((await postDiscussion(t, moderator, source.categoryID)).discussionID);
      const first = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerTimeout=0',
        { discussionIDs: ids },
      );
      assert.equal(first.statusCode, 408, first.body);
      const firstBody = first.json() as LongRunnerResult;
      assert.deepEqual(firstBody.progress.successIDs, [ids[0]]);
      assert.equal(firstBody.progress.countTotalIDs, 3);
      assert.equal(typeof firstBody.callbackPayload, 'string');

      const second = await runCall(moderator, firstBody.callbackPayload ?? '');
      assert.equal(second.statusCode, 408, second.body);
      const secondBody = second.json() as LongRunnerResult;
      assert.deepEqual(secondBody.progress.successIDs, [ids[1]]);
      const third = await runCall(moderator, secondBody.callbackPayload ?? '');
      assert.equal(third.statusCode, 200, third.body);
      const thirdBody = third.json() as LongRunnerResult;
      assert.deepEqual(thirdBody.progress.successIDs, [ids[2]]);
      assert.equal(thirdBody.callbackPayload, null);
      for (const id of ids) assert.equal(await exists(id), false);
    });

    test('the payload acts as the user who started the call, whoever posts it', async () => {
      const ids = [
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
      ];
      const first = await call(
        t,
        moderator,
        'PATCH',
        '/api/v2/discussions/close?longRunnerTimeout=0',
        { discussionIDs: ids },
      );
      assert.equal(first.statusCode, 408, first.body);
      const resumed = await runCall(
        guest,
        (first.json() as LongRunnerResult).callbackPayload ?? '',
      );
      assert.equal(resumed.statusCode, 200, resumed.body);
      for (const id of ids) assert.equal(Boolean((await discussionRow(id)).closed), true);
    });

    test('an invalid or tampered payload is refused with 403; a wrong content type with 415', async () => {
      const invalid = await runCall(moderator, 'not-a-jwt');
      assert.equal(invalid.statusCode, 403);
      assert.equal(
        (invalid.json() as ErrorBody).message,
        'The callback payload is invalid or has expired.',
      );
      const ids = [
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
        (await postDiscussion(t, moderator, source.categoryID)).discussionID,
      ];
      const first = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerTimeout=0',
        { discussionIDs: ids },
      );
      const payload = (first.json() as LongRunnerResult).callbackPayload ?? '';
      const [header, claims, signature] = payload.split('.') as [string, string, string];
      const forged = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { sub: string };
      forged.sub = String(admin.user.userID);
      const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
      assert.equal((await runCall(moderator, tampered)).statusCode, 403);
      assert.equal(await exists(ids[1] ?? 0), true);
      const json = await inject(t, moderator, {
        method: 'POST',
        url: '/api/v2/calls/run',
        payload: { payload },
      });
      assert.equal(json.statusCode, 422);
    });
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
      assert.equal((await discussionRow(discussion.discussionID)).categoryID, target.categoryID);
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
      for (const id of ids) assert.equal(Boolean((await discussionRow(id)).closed), true);
      const reopened = await call(t, moderator, 'PATCH', '/api/v2/discussions/close', {
        discussionIDs: ids,
        closed: false,
      });
      assert.equal(reopened.statusCode, 200);
      for (const id of ids) assert.equal(Boolean((await discussionRow(id)).closed), false);
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
      assert.equal(await exists(merged.discussionID), false);
      const row = await discussionRow(destination.discussionID);
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
      const row = await discussionRow(merged.discussionID);
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
      const left = await discussionRow(original.discussionID);
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
