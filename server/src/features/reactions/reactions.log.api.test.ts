import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import type { ReactionLog } from '../../../../common/src/api/reactions.ts';
import { useReactionsFixture } from './reactions.api-fixture.ts';

describe(`reactions API: the reaction log (${testDialect})`, () => {
  const fx = useReactionsFixture();
  const { clock, call, newDiscussion, reactTo, logOf } = fx;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let moderator: typeof fx.moderator;
  let guest: typeof fx.guest;
  let hiddenDiscussionID: typeof fx.hiddenDiscussionID;
  before(() => {
    ({ admin, member, other, moderator, guest, hiddenDiscussionID } = fx);
  });

  describe('GET /discussions/{id}/reactions', () => {
    test('the log: newest first, users and types, type filter, numbered paging', async () => {
      const discussionID = await newDiscussion();
      await reactTo(member, discussionID, 'Like');
      clock.advance(10);
      await reactTo(other, discussionID, 'Agree');
      clock.advance(10);
      await reactTo(admin, discussionID, 'Like');
      const log = await logOf(guest, `/api/v2/discussions/${String(discussionID)}/reactions`);
      assert.deepEqual(
        log.map((entry) => [entry.user.name, entry.reactionType.urlcode]),
        [
          [admin.user.name, 'Like'],
          [other.user.name, 'Agree'],
          [member.user.name, 'Like'],
        ],
      );
      const first = log[0];
      assert.ok(first);
      assert.equal(first.recordType, 'discussion');
      assert.equal(first.recordID, discussionID);
      assert.equal(first.tagID, first.reactionType.tagID);
      assert.match(first.dateInserted, /\+00:00$/);

      const likes = await logOf(
        guest,
        `/api/v2/discussions/${String(discussionID)}/reactions?type=like`,
      );
      assert.deepEqual(
        likes.map((entry) => entry.userID),
        [admin.user.userID, member.user.userID],
      );
      const paged = await call(
        guest,
        'GET',
        `/api/v2/discussions/${String(discussionID)}/reactions?limit=2&page=2`,
      );
      assert.equal(paged.statusCode, 200);
      assert.equal(paged.headers['x-app-page-result-count'], '3');
      assert.deepEqual(
        (paged.json() as ReactionLog[]).map((entry) => entry.userID),
        [member.user.userID],
      );
    });

    test('422 for bad paging, 404 unknown type or discussion, 403 without view', async () => {
      const discussionID = await newDiscussion();
      for (const query of ['?limit=101', '?limit=0', '?page=101']) {
        const response = await call(
          guest,
          'GET',
          `/api/v2/discussions/${String(discussionID)}/reactions${query}`,
        );
        assert.equal(response.statusCode, 422, query);
      }
      assert.equal(
        (
          await call(
            guest,
            'GET',
            `/api/v2/discussions/${String(discussionID)}/reactions?type=nope`,
          )
        ).statusCode,
        404,
      );
      assert.equal(
        (await call(guest, 'GET', '/api/v2/discussions/999999/reactions')).statusCode,
        404,
      );
      for (const actor of [guest, member]) {
        const hidden = await call(
          actor,
          'GET',
          `/api/v2/discussions/${String(hiddenDiscussionID)}/reactions`,
        );
        assert.equal(hidden.statusCode, 403);
      }
      assert.equal(
        (
          await call(
            moderator,
            'GET',
            `/api/v2/discussions/${String(hiddenDiscussionID)}/reactions`,
          )
        ).statusCode,
        200,
      );
    });
  });
});
