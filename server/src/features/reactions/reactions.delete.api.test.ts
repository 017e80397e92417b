import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { discussionScore } from './reactions.test-support.ts';
import { type ErrorBody, useReactionsFixture } from './reactions.api-fixture.ts';

describe(`reactions API: DELETE (${testDialect})`, () => {
  const fx = useReactionsFixture();
  const { call, newDiscussion, reactTo, countsOf, logOf } = fx;
  let t: typeof fx.t;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let moderator: typeof fx.moderator;
  let guest: typeof fx.guest;
  let hiddenDiscussionID: typeof fx.hiddenDiscussionID;
  before(() => {
    ({ t, member, other, moderator, guest, hiddenDiscussionID } = fx);
  });

  describe('DELETE /discussions/{id}/reactions[/{userID}]', () => {
    test('removes the actor’s own reaction: counts and score follow; none left is still 204', async () => {
      const discussionID = await newDiscussion();
      await reactTo(member, discussionID, 'Up');
      await reactTo(other, discussionID, 'Up');
      const response = await call(
        member,
        'DELETE',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
      );
      assert.equal(response.statusCode, 204);
      assert.equal((await discussionScore(t, discussionID)).score, 1);
      const log = await logOf(guest, `/api/v2/discussions/${String(discussionID)}/reactions`);
      assert.deepEqual(
        log.map((entry) => entry.userID),
        [other.user.userID],
      );
      const again = await call(
        member,
        'DELETE',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
      );
      assert.equal(again.statusCode, 204);
      const own = await call(
        other,
        'DELETE',
        `/api/v2/discussions/${String(discussionID)}/reactions/${String(other.user.userID)}`,
      );
      assert.equal(own.statusCode, 204);
      assert.equal((await discussionScore(t, discussionID)).score, 0);
      assert.deepEqual(countsOf(await reactTo(member, discussionID, 'Like')), { Like: 1 });
    });

    test('another user’s reaction: 403 for a member, 204 for a moderator', async () => {
      const discussionID = await newDiscussion();
      await reactTo(other, discussionID, 'Like');
      const url = `/api/v2/discussions/${String(discussionID)}/reactions/${String(other.user.userID)}`;
      const refused = await call(member, 'DELETE', url);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual((refused.json() as ErrorBody).permissions, ['community.moderate']);
      assert.equal((await call(moderator, 'DELETE', url)).statusCode, 204);
      assert.deepEqual(
        await logOf(guest, `/api/v2/discussions/${String(discussionID)}/reactions`),
        [],
      );
    });

    test('403 for guests and without view, 404 for an unknown discussion', async () => {
      const discussionID = await newDiscussion();
      assert.equal(
        (await call(guest, 'DELETE', `/api/v2/discussions/${String(discussionID)}/reactions`))
          .statusCode,
        403,
      );
      assert.equal(
        (
          await call(
            member,
            'DELETE',
            `/api/v2/discussions/${String(hiddenDiscussionID)}/reactions`,
          )
        ).statusCode,
        403,
      );
      assert.equal(
        (await call(member, 'DELETE', '/api/v2/discussions/999999/reactions')).statusCode,
        404,
      );
      assert.equal(
        (
          await call(
            moderator,
            'DELETE',
            `/api/v2/discussions/999999/reactions/${String(member.user.userID)}`,
          )
        ).statusCode,
        404,
      );
    });
  });
});
