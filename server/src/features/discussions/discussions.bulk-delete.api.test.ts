import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import {
  call,
  insertComment,
  postDiscussion,
  readCategory,
  userCounts,
  discussionExists,
  discussionRow,
  runCall,
  setUpBulkApi,
} from './discussions.test-support.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`discussions bulk actions: delete and the long runner (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let guest: TestActor<null>;
  let source: Category;

  before(async () => {
    ({ t, admin, moderator, member, guest, source } = await setUpBulkApi());
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
      assert.equal(await discussionExists(t, one.discussionID), false);
      assert.equal(await discussionExists(t, two.discussionID), false);
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
      assert.equal(await discussionExists(t, mine.discussionID), true);
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
      // sync and async are the modes (async: features/calls/calls.async.api.test.ts).
      const mode = await call(
        t,
        moderator,
        'DELETE',
        '/api/v2/discussions/list?longRunnerMode=later',
        { discussionIDs: [1] },
      );
      assert.equal(mode.statusCode, 422);
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

      const second = await runCall(t, moderator, firstBody.callbackPayload ?? '');
      assert.equal(second.statusCode, 408, second.body);
      const secondBody = second.json() as LongRunnerResult;
      assert.deepEqual(secondBody.progress.successIDs, [ids[1]]);
      const third = await runCall(t, moderator, secondBody.callbackPayload ?? '');
      assert.equal(third.statusCode, 200, third.body);
      const thirdBody = third.json() as LongRunnerResult;
      assert.deepEqual(thirdBody.progress.successIDs, [ids[2]]);
      assert.equal(thirdBody.callbackPayload, null);
      for (const id of ids) assert.equal(await discussionExists(t, id), false);
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
        t,
        guest,
        (first.json() as LongRunnerResult).callbackPayload ?? '',
      );
      assert.equal(resumed.statusCode, 200, resumed.body);
      for (const id of ids) assert.equal(Boolean((await discussionRow(t, id)).closed), true);
    });

    test('an invalid or tampered payload is refused with 403; a wrong content type with 415', async () => {
      const invalid = await runCall(t, moderator, 'not-a-jwt');
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
      assert.equal((await runCall(t, moderator, tampered)).statusCode, 403);
      assert.equal(await discussionExists(t, ids[1] ?? 0), true);
      const json = await inject(t, moderator, {
        method: 'POST',
        url: '/api/v2/calls/run',
        payload: { payload },
      });
      assert.equal(json.statusCode, 422);
    });
  });
});
