import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import type { ReactionSummary } from '../../../../common/src/api/reactions.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import { discussionScore } from './reactions.test-support.ts';
import { type ErrorBody, useReactionsFixture } from './reactions.api-fixture.ts';

describe(`reactions API: POST and the records' own reactions (${testDialect})`, () => {
  const fx = useReactionsFixture();
  const { call, newDiscussion, reactTo, countsOf, logOf } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let moderator: typeof fx.moderator;
  let unconfirmed: typeof fx.unconfirmed;
  let guest: typeof fx.guest;
  let hiddenDiscussionID: typeof fx.hiddenDiscussionID;
  let pendingDiscussionID: typeof fx.pendingDiscussionID;
  before(() => {
    ({
      t,
      admin,
      member,
      other,
      moderator,
      unconfirmed,
      guest,
      hiddenDiscussionID,
      pendingDiscussionID,
    } = fx);
  });

  describe('POST /discussions/{id}/reactions', () => {
    test('201 with the record’s summaries: counts, hasReacted for the actor, zero counts dropped', async () => {
      const discussionID = await newDiscussion();
      const first = await reactTo(member, discussionID, 'Like');
      assert.deepEqual(first, [
        {
          tagID: first[0]?.tagID ?? 0,
          urlcode: 'Like',
          name: 'Like',
          class: 'Positive',
          hasReacted: true,
          reactionValue: 0,
          count: 1,
        },
      ]);
      const second = await reactTo(other, discussionID, 'like');
      assert.deepEqual(countsOf(second), { Like: 2 });
      assert.equal(second[0]?.hasReacted, true);
      const third = await reactTo(admin, discussionID, 'Agree');
      assert.deepEqual(countsOf(third), { Agree: 1, Like: 2 });
      assert.deepEqual(
        third.map((item) => [item.urlcode, item.hasReacted]),
        [
          ['Agree', true],
          ['Like', false],
        ],
      );
    });

    test('one reaction per user: another type replaces it, the same type again changes nothing', async () => {
      const discussionID = await newDiscussion();
      await reactTo(member, discussionID, 'Like');
      await reactTo(other, discussionID, 'Like');
      const replaced = await reactTo(member, discussionID, 'Insightful');
      assert.deepEqual(countsOf(replaced), { Insightful: 1, Like: 1 });
      const again = await reactTo(member, discussionID, 'Insightful');
      assert.deepEqual(countsOf(again), { Insightful: 1, Like: 1 });
      const log = await logOf(guest, `/api/v2/discussions/${String(discussionID)}/reactions`);
      assert.deepEqual(
        log
          .filter((entry) => entry.userID === member.user.userID)
          .map((entry) => entry.reactionType.urlcode),
        ['Insightful'],
      );
    });

    test('votes move the score and the hot key; replacing and removing a vote moves them back', async () => {
      const discussionID = await newDiscussion();
      const dateLastComment = (
        await t.db
          .selectFrom('discussions')
          .select('dateLastComment')
          .where('discussionID', '=', discussionID)
          .executeTakeFirstOrThrow()
      ).dateLastComment;
      await reactTo(member, discussionID, 'Up');
      await reactTo(other, discussionID, 'Up');
      assert.deepEqual(await discussionScore(t, discussionID), {
        score: 2,
        hot: computeHot(2, dateLastComment),
      });
      const down = await reactTo(member, discussionID, 'Down');
      assert.deepEqual(countsOf(down), { Down: 1, Up: 1 });
      assert.equal(down.find((item) => item.urlcode === 'Down')?.reactionValue, -1);
      assert.equal((await discussionScore(t, discussionID)).score, 0);
      await reactTo(member, discussionID, 'Down');
      assert.equal(
        (await discussionScore(t, discussionID)).score,
        0,
        'the same vote again is a no-op',
      );
      await reactTo(member, discussionID, 'Like');
      assert.deepEqual(await discussionScore(t, discussionID), {
        score: 1,
        hot: computeHot(1, dateLastComment),
      });
    });

    test('Promote needs curation.manage: 403 for a member, 201 for a moderator', async () => {
      const discussionID = await newDiscussion();
      const refused = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Promote',
        },
      );
      assert.equal(refused.statusCode, 403);
      assert.deepEqual((refused.json() as ErrorBody).permissions, ['curation.manage']);
      assert.deepEqual(countsOf(await reactTo(moderator, discussionID, 'Promote')), { Promote: 1 });
    });

    test('403 for a guest, for a user without reactions.<class>.add, and without view', async () => {
      const discussionID = await newDiscussion();
      const asGuestResponse = await call(
        guest,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Like',
        },
      );
      assert.equal(asGuestResponse.statusCode, 403);
      assert.deepEqual((asGuestResponse.json() as ErrorBody).permissions, ['session.valid']);

      const noClass = await call(
        unconfirmed,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Dislike',
        },
      );
      assert.equal(noClass.statusCode, 403);
      assert.deepEqual((noClass.json() as ErrorBody).permissions, ['reactions.Negative.add']);

      const hidden = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(hiddenDiscussionID)}/reactions`,
        {
          reactionType: 'Like',
        },
      );
      assert.equal(hidden.statusCode, 403);
      assert.deepEqual((hidden.json() as ErrorBody).permissions, ['discussions.view']);

      const log = await logOf(admin, `/api/v2/discussions/${String(discussionID)}/reactions`);
      assert.deepEqual(log, []);
    });

    test('404 for an unknown or unpublished discussion and an unknown type; bad input', async () => {
      const discussionID = await newDiscussion();
      const missing = await call(member, 'POST', '/api/v2/discussions/999999/reactions', {
        reactionType: 'Like',
      });
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Discussion not found.');
      const pending = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(pendingDiscussionID)}/reactions`,
        {
          reactionType: 'Like',
        },
      );
      assert.equal(pending.statusCode, 404);
      const unknown = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Nope',
        },
      );
      assert.equal(unknown.statusCode, 404);
      assert.equal((unknown.json() as ErrorBody).message, 'Reaction type Nope not found.');
      for (const payload of [{}, { reactionType: '' }, { reactionType: 5 }]) {
        const bad = await call(
          member,
          'POST',
          `/api/v2/discussions/${String(discussionID)}/reactions`,
          payload,
        );
        assert.ok([400, 422].includes(bad.statusCode), bad.body);
        assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'reactionType');
      }
      const badID = await call(member, 'POST', '/api/v2/discussions/abc/reactions', {
        reactionType: 'Like',
      });
      assert.equal(badID.statusCode, 422);
    });

    test('Flag-class reactions: counted, shown to moderators only, never in the log', async () => {
      const patched = await call(admin, 'PATCH', '/api/v2/reactions/OffTopic', { class: 'Flag' });
      assert.equal(patched.statusCode, 200, patched.body);
      try {
        const discussionID = await newDiscussion();
        const flagged = await reactTo(member, discussionID, 'OffTopic');
        assert.deepEqual(flagged, [], 'the member does not see Flag reactions, even their own');
        const seen = await reactTo(moderator, discussionID, 'Like');
        assert.deepEqual(countsOf(seen), { Like: 1, OffTopic: 1 });
        assert.equal(seen.find((item) => item.urlcode === 'OffTopic')?.class, 'Flag');
        const log = await logOf(moderator, `/api/v2/discussions/${String(discussionID)}/reactions`);
        assert.deepEqual(
          log.map((entry) => entry.reactionType.urlcode),
          ['Like'],
        );
      } finally {
        await call(admin, 'PATCH', '/api/v2/reactions/OffTopic', { class: 'Negative' });
      }
    });
  });

  describe('reactions on the records themselves', () => {
    test('GET /discussions/{id}?expand=reactions shows the stored summaries and the score', async () => {
      const discussionID = await newDiscussion();
      await reactTo(member, discussionID, 'Up');
      await reactTo(other, discussionID, 'Like');
      const response = await call(
        member,
        'GET',
        `/api/v2/discussions/${String(discussionID)}?expand=reactions`,
      );
      assert.equal(response.statusCode, 200, response.body);
      const discussion = response.json() as { score: number | null; reactions?: ReactionSummary[] };
      assert.equal(discussion.score, 1);
      assert.deepEqual(
        discussion.reactions?.map((item) => [item.urlcode, item.count, item.hasReacted]),
        [
          ['Like', 1, false],
          ['Up', 1, true],
        ],
      );
    });
  });
});
