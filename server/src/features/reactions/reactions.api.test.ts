import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { createTestClock } from '../../../test/clock.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type {
  ReactionLog,
  ReactionSummary,
  ReactionType,
} from '../../../../common/src/api/reactions.ts';
import { computeHot } from '../discussions/discussions.hot.ts';
import {
  commentScore,
  createHiddenCategory,
  discussionScore,
  markDiscussionPending,
  postTestComment,
  postTestDiscussion,
} from './reactions.test-support.ts';

interface ErrorBody {
  message: string;
  status: number;
  permissions?: string[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

describe(`reactions API (${testDialect})`, () => {
  let t: TestApp;
  // The reaction log is newest first: the test moves this clock between reactions instead of sleeping.
  const clock = createTestClock();
  let admin: TestActor<TestUser>;
  let poster: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let other: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let unconfirmed: TestActor<TestUser>;
  let guest: TestActor<null>;
  let hiddenDiscussionID: number;
  let hiddenCommentID: number;
  let pendingDiscussionID: number;

  const call = (
    actor: TestActor | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    inject(t, actor, {
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
    });

  const newDiscussion = () => postTestDiscussion(t, poster);

  const reactTo = async (
    actor: TestActor,
    discussionID: number,
    reactionType: string,
  ): Promise<ReactionSummary[]> => {
    const response = await call(
      actor,
      'POST',
      `/api/v2/discussions/${String(discussionID)}/reactions`,
      {
        reactionType,
      },
    );
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as ReactionSummary[];
  };

  const countsOf = (summaries: readonly ReactionSummary[]) =>
    Object.fromEntries(summaries.map((item) => [item.urlcode, item.count]));

  const logOf = async (actor: TestActor | null, url: string): Promise<ReactionLog[]> => {
    const response = await call(actor, 'GET', url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as ReactionLog[];
  };

  before(async () => {
    t = await createTestApp({}, { clock: clock.now });
    admin = await asAdmin(t);
    poster = await asAdmin(t);
    member = await asMember(t);
    other = await asMember(t);
    moderator = await asModerator(t);
    unconfirmed = await asUser(t, { roleTypes: ['unconfirmed'] });
    guest = await asGuest(t);
    const hiddenCategoryID = await createHiddenCategory(t, admin, 'reactions-hidden');
    hiddenDiscussionID = await postTestDiscussion(t, poster, { categoryID: hiddenCategoryID });
    hiddenCommentID = await postTestComment(t, poster, { discussionID: hiddenDiscussionID });
    pendingDiscussionID = await postTestDiscussion(t, poster);
    await markDiscussionPending(t, pendingDiscussionID);
  });
  after(async () => {
    await t.close();
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

  describe('reaction types', () => {
    test('GET /reactions lists the thirteen types for signed-in users; 403 for guests', async () => {
      const response = await call(member, 'GET', '/api/v2/reactions');
      assert.equal(response.statusCode, 200);
      const types = response.json() as ReactionType[];
      assert.deepEqual(types.map((type) => type.urlCode).sort(), [
        'Agree',
        'Awesome',
        'Disagree',
        'Dislike',
        'Down',
        'Insightful',
        'Like',
        'Lol',
        'OffTopic',
        'Promote',
        'Support',
        'Up',
        'Wtf',
      ]);
      const up = types.find((type) => type.urlCode === 'Up');
      assert.equal(up?.class, 'Positive');
      assert.equal(up?.reactionValue, 1);
      assert.equal(types.find((type) => type.urlCode === 'Down')?.reactionValue, -1);
      assert.equal(types.find((type) => type.urlCode === 'Wtf')?.class, 'Negative');
      assert.equal((await call(guest, 'GET', '/api/v2/reactions')).statusCode, 403);
    });

    test('GET /reactions/{urlCode}: case-insensitive, 404 unknown, 403 guest', async () => {
      const response = await call(member, 'GET', '/api/v2/reactions/promote');
      assert.equal(response.statusCode, 200);
      const promote = response.json() as ReactionType;
      assert.equal(promote.urlcode, 'Promote');
      assert.deepEqual(promote.attributes, { permission: 'curation.manage' });
      const missing = await call(member, 'GET', '/api/v2/reactions/Nope');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Reaction type Nope not found.');
      assert.equal((await call(guest, 'GET', '/api/v2/reactions/Up')).statusCode, 403);
    });

    test('PATCH /reactions/{urlCode}: community.manage changes a type; an inactive type cannot be used', async () => {
      const response = await call(admin, 'PATCH', '/api/v2/reactions/Support', {
        name: 'Hugs',
        description: 'Warm support.',
        points: 2,
        active: false,
      });
      assert.equal(response.statusCode, 200, response.body);
      const support = response.json() as ReactionType;
      assert.deepEqual(
        [support.name, support.description, support.points, support.active],
        ['Hugs', 'Warm support.', 2, false],
      );
      const discussionID = await newDiscussion();
      const inactive = await call(
        member,
        'POST',
        `/api/v2/discussions/${String(discussionID)}/reactions`,
        {
          reactionType: 'Support',
        },
      );
      assert.equal(inactive.statusCode, 404);
      await call(admin, 'PATCH', '/api/v2/reactions/Support', { name: 'Support', active: true });
      assert.deepEqual(countsOf(await reactTo(member, discussionID, 'Support')), { Support: 1 });
    });

    test('PATCH: 403 for guests, members and moderators, 404 unknown, 422 bad class', async () => {
      for (const actor of [guest, member, moderator]) {
        const response = await call(actor, 'PATCH', '/api/v2/reactions/Like', { name: 'Mine' });
        assert.equal(response.statusCode, 403);
      }
      assert.equal(
        (await call(admin, 'PATCH', '/api/v2/reactions/Nope', { name: 'X' })).statusCode,
        404,
      );
      const bad = await call(admin, 'PATCH', '/api/v2/reactions/Like', { class: 'Neutral' });
      assert.equal(bad.statusCode, 422);
      assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'class');
      const like = (await call(member, 'GET', '/api/v2/reactions/Like')).json() as ReactionType;
      assert.equal(like.name, 'Like');
    });
  });
});
