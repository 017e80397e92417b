import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import type { ReactionSummary } from '../../../../common/src/api/reactions.ts';
import { commentScore, discussionScore, postTestComment } from './reactions.test-support.ts';
import { type ErrorBody, useReactionsFixture } from './reactions.api-fixture.ts';

describe(`reactions API: comments (${testDialect})`, () => {
  const fx = useReactionsFixture();
  const { call, newDiscussion, countsOf, logOf } = fx;
  let t: typeof fx.t;
  let poster: typeof fx.poster;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let moderator: typeof fx.moderator;
  let guest: typeof fx.guest;
  let hiddenCommentID: typeof fx.hiddenCommentID;
  before(() => {
    ({ t, poster, member, other, moderator, guest, hiddenCommentID } = fx);
  });

  describe('reactions on comments', () => {
    test('POST, GET and DELETE on a reply: counts, log, score and the parent’s scoreChildComments', async () => {
      const discussionID = await newDiscussion();
      const parentID = await postTestComment(t, poster, { discussionID });
      const replyID = await postTestComment(t, poster, { discussionID, parentCommentID: parentID });
      const response = await call(member, 'POST', `/api/v2/comments/${String(replyID)}/reactions`, {
        reactionType: 'Up',
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.deepEqual(countsOf(response.json() as ReactionSummary[]), { Up: 1 });
      assert.deepEqual(await commentScore(t, replyID), { score: 1, scoreChildComments: 0 });
      assert.deepEqual(await commentScore(t, parentID), { score: 0, scoreChildComments: 1 });
      assert.equal(
        (await discussionScore(t, discussionID)).score,
        0,
        'the discussion keeps its score',
      );

      const log = await logOf(guest, `/api/v2/comments/${String(replyID)}/reactions`);
      assert.deepEqual(
        log.map((entry) => [entry.recordType, entry.recordID, entry.userID]),
        [['comment', replyID, member.user.userID]],
      );

      const refused = await call(
        other,
        'DELETE',
        `/api/v2/comments/${String(replyID)}/reactions/${String(member.user.userID)}`,
      );
      assert.equal(refused.statusCode, 403);
      const removed = await call(
        moderator,
        'DELETE',
        `/api/v2/comments/${String(replyID)}/reactions/${String(member.user.userID)}`,
      );
      assert.equal(removed.statusCode, 204);
      assert.deepEqual(await commentScore(t, replyID), { score: 0, scoreChildComments: 0 });
      assert.deepEqual(await commentScore(t, parentID), { score: 0, scoreChildComments: 0 });

      await call(member, 'POST', `/api/v2/comments/${String(parentID)}/reactions`, {
        reactionType: 'Down',
      });
      assert.deepEqual(await commentScore(t, parentID), { score: -1, scoreChildComments: 0 });
      const own = await call(member, 'DELETE', `/api/v2/comments/${String(parentID)}/reactions`);
      assert.equal(own.statusCode, 204);
      assert.deepEqual(await commentScore(t, parentID), { score: 0, scoreChildComments: 0 });
    });

    test('404 unknown comment, 403 guest and without view, 422 bad input', async () => {
      const missing = await call(member, 'POST', '/api/v2/comments/999999/reactions', {
        reactionType: 'Like',
      });
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Comment not found.');
      assert.equal((await call(guest, 'GET', '/api/v2/comments/999999/reactions')).statusCode, 404);
      const hidden = await call(
        member,
        'POST',
        `/api/v2/comments/${String(hiddenCommentID)}/reactions`,
        {
          reactionType: 'Like',
        },
      );
      assert.equal(hidden.statusCode, 403);
      assert.equal(
        (await call(member, 'GET', `/api/v2/comments/${String(hiddenCommentID)}/reactions`))
          .statusCode,
        403,
      );
      assert.equal(
        (await call(guest, 'DELETE', `/api/v2/comments/${String(hiddenCommentID)}/reactions`))
          .statusCode,
        403,
      );
      const discussionID = await newDiscussion();
      const commentID = await postTestComment(t, poster, { discussionID });
      const asGuestResponse = await call(
        guest,
        'POST',
        `/api/v2/comments/${String(commentID)}/reactions`,
        {
          reactionType: 'Like',
        },
      );
      assert.equal(asGuestResponse.statusCode, 403);
      const bad = await call(member, 'POST', `/api/v2/comments/${String(commentID)}/reactions`, {});
      assert.ok([400, 422].includes(bad.statusCode));
    });
  });
});
