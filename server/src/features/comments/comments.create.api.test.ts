import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember } from '../../../test/actors.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import {
  categoryCounters,
  discussionCounters,
  postTestComment,
  rich2,
  setSettings,
  userCommentCount,
} from './comments.test-support.ts';
import { forbidden, seconds, useCommentsApi } from './comments.api-fixture.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`comments API: creating comments (${testDialect})`, () => {
  const w = useCommentsApi();

  describe('POST /comments', () => {
    test('a member comments: 201 with the comment, and every counter moves in the same write', async () => {
      const discussionID = await w.newDiscussion({ name: 'Counting things' });
      const before = await categoryCounters(w.t, w.open.categoryID);
      const parentBefore = await categoryCounters(w.t, w.parent.categoryID);
      const countBefore = await userCommentCount(w.t, w.member.user.userID);

      const response = await w.post(w.member, {
        body: rich2('Hello **there**'),
        format: 'RICH2',
        parentRecordType: 'discussion',
        parentRecordID: discussionID,
      });
      assert.equal(response.statusCode, 201, response.body);
      const comment = response.json() as Comment;
      assert.equal(comment.discussionID, discussionID);
      assert.equal(comment.parentRecordType, 'discussion');
      assert.equal(comment.parentRecordID, discussionID);
      assert.equal(comment.parentCommentID, null);
      assert.equal(comment.depth, 1);
      assert.equal(comment.name, 'Re: Counting things');
      assert.equal(comment.categoryID, w.open.categoryID);
      assert.equal(comment.format, 'rich2');
      assert.match(comment.body ?? '', /^<p>Hello \*\*there\*\*<\/p>$/);
      assert.equal(comment.insertUserID, w.member.user.userID);
      assert.equal(comment.insertUser?.name, w.member.user.name);
      assert.equal(
        comment.url,
        `http://hearth.test/discussion/comment/${String(comment.commentID)}#Comment_${String(comment.commentID)}`,
      );
      assert.equal(comment.moderationStatus, 'accepted');
      assert.equal(comment.displayType, 'full');
      assert.match(comment.dateInserted, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      assert.deepEqual(comment.permissions, {
        'comments.add': true,
        'comments.edit': true,
        'comments.delete': false,
      });
      assert.equal('reportMeta' in comment, false);

      const discussion = await discussionCounters(w.t, discussionID);
      assert.equal(discussion.countComments, 1);
      assert.equal(discussion.lastCommentID, comment.commentID);
      assert.equal(discussion.lastCommentUserID, w.member.user.userID);
      assert.equal(seconds(discussion.dateLastComment), seconds(comment.dateInserted));
      assert.ok(discussion.hot >= Math.floor(new Date(comment.dateInserted).getTime() / 1000) - 1);

      const after = await categoryCounters(w.t, w.open.categoryID);
      assert.equal(after.countComments, before.countComments + 1);
      assert.equal(after.countAllComments, before.countAllComments + 1);
      assert.equal(after.lastCommentID, comment.commentID);
      assert.equal(after.lastDiscussionID, discussionID);
      const parentAfter = await categoryCounters(w.t, w.parent.categoryID);
      assert.equal(
        parentAfter.countComments,
        parentBefore.countComments,
        'own count of the ancestor stays',
      );
      assert.equal(parentAfter.countAllComments, parentBefore.countAllComments + 1);
      assert.equal(await userCommentCount(w.t, w.member.user.userID), countBefore + 1);

      const state = await w.t.db
        .selectFrom('userDiscussions')
        .select(['participated', 'countCommentsRead'])
        .where('userID', '=', w.member.user.userID)
        .where('discussionID', '=', discussionID)
        .executeTakeFirstOrThrow();
      assert.equal(Boolean(state.participated), true);
      assert.equal(state.countCommentsRead, 1);
    });

    test('discussionID may stand for parentRecordType + parentRecordID', async () => {
      const discussionID = await w.newDiscussion();
      const response = await w.post(w.member, {
        body: 'Plain words',
        format: 'text',
        discussionID,
      });
      assert.equal(response.statusCode, 201, response.body);
      assert.equal((response.json() as Comment).discussionID, discussionID);
    });

    test('bad input is refused field by field', async () => {
      const discussionID = await w.newDiscussion();
      const base = {
        body: rich2('x'),
        format: 'rich2',
        parentRecordType: 'discussion',
        parentRecordID: discussionID,
      };
      const cases: [Record<string, unknown>, string, number][] = [
        [{ ...base, body: undefined }, 'body', 400],
        [{ ...base, format: undefined }, 'format', 400],
        [{ ...base, format: 'ipb' }, 'format', 422],
        [{ ...base, parentRecordID: undefined }, 'parentRecordID', 400],
        [{ ...base, parentRecordType: 'article' }, 'parentRecordType', 422],
        [{ ...base, parentCommentID: 'one' }, 'parentCommentID', 422],
        [{ ...base, body: rich2('') }, 'body', 400],
        [{ ...base, body: '{not json' }, 'body', 422],
        [{ ...base, body: 'x'.repeat(8001), format: 'text' }, 'body', 422],
      ];
      for (const [payload, field, status] of cases) {
        const response = await w.post(w.member, payload);
        assert.equal(response.statusCode, status, `${field}: ${response.body}`);
        const body = response.json() as ErrorBody;
        assert.ok(
          body.errors?.some((error) => error.field === field),
          `${field}: ${response.body}`,
        );
      }
      const format = (await w.post(w.member, { ...base, format: 'nope' })).json() as ErrorBody;
      assert.match(
        format.errors?.[0]?.message ?? '',
        /^format must be one of: rich2, rich, markdown/,
      );
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 0);
    });

    test('403 for a guest, a role without comments.add, and a member in a category they cannot see; 404 for no discussion', async () => {
      const discussionID = await w.newDiscussion();
      const payload = { body: rich2('x'), format: 'rich2', discussionID };
      const asGuestResponse = await w.post(w.guest, payload);
      assert.equal(asGuestResponse.statusCode, 403);
      assert.deepEqual(asGuestResponse.json(), forbidden('comments.add'));
      const asUnconfirmed = await w.post(w.unconfirmed, payload);
      assert.equal(asUnconfirmed.statusCode, 403);
      assert.deepEqual(asUnconfirmed.json(), forbidden('comments.add'));

      const hidden = await w.newDiscussion({ categoryID: w.restricted.categoryID });
      const denied = await w.post(w.member, { ...payload, discussionID: hidden });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
      const allowed = await w.post(w.moderator, { ...payload, discussionID: hidden });
      assert.equal(allowed.statusCode, 201, allowed.body);

      const missing = await w.post(w.member, { ...payload, discussionID: 999_999 });
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Discussion not found.');
      const pending = await w.newDiscussion({ moderationStatus: 'pending' });
      assert.equal((await w.post(w.member, { ...payload, discussionID: pending })).statusCode, 404);
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 0);
    });

    test('a closed discussion takes comments only from those who may close it', async () => {
      const discussionID = await w.newDiscussion({ closed: true });
      const payload = { body: rich2('Late word'), format: 'rich2', discussionID };
      const refused = await w.post(w.member, payload);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('discussions.close'));
      const accepted = await w.post(w.moderator, payload);
      assert.equal(accepted.statusCode, 201, accepted.body);
      const comment = accepted.json() as Comment;
      assert.equal(comment.permissions['comments.add'], true);
      const seenByMember = (
        await w.get(w.member, `/api/v2/comments/${String(comment.commentID)}`)
      ).json() as Comment;
      assert.equal(
        seenByMember.permissions['comments.add'],
        false,
        'members may not reply in a closed discussion',
      );
    });

    test('threaded replies: depth, parent counters, the same thread, at most five deep', async () => {
      const discussionID = await w.newDiscussion();
      const top = await postTestComment(w.t, w.member, { discussionID, text: 'Level one' });
      let parentID = top.commentID;
      for (let depth = 2; depth <= 5; depth += 1) {
        const reply = await postTestComment(w.t, w.otherMember, {
          discussionID,
          parentCommentID: parentID,
          text: `Level ${String(depth)}`,
        });
        assert.equal(reply.depth, depth);
        assert.equal(reply.parentCommentID, parentID);
        parentID = reply.commentID;
      }
      const tooDeep = await w.post(w.member, {
        body: rich2('Level six'),
        format: 'rich2',
        discussionID,
        parentCommentID: parentID,
      });
      assert.equal(tooDeep.statusCode, 400);
      assert.equal((tooDeep.json() as ErrorBody).message, 'Comment exceeds maximum depth.');

      const refreshedTop = (
        await w.get(w.member, `/api/v2/comments/${String(top.commentID)}`)
      ).json() as Comment;
      assert.equal(refreshedTop.countChildComments, 1);

      const elsewhere = await w.newDiscussion();
      const crossed = await w.post(w.member, {
        body: rich2('Wrong place'),
        format: 'rich2',
        discussionID: elsewhere,
        parentCommentID: top.commentID,
      });
      assert.equal(crossed.statusCode, 400);
      assert.equal(
        (crossed.json() as ErrorBody).message,
        'Parent comment is from a different thread.',
      );
      const missingParent = await w.post(w.member, {
        body: rich2('Orphan'),
        format: 'rich2',
        discussionID,
        parentCommentID: 999_999,
      });
      assert.equal(missingParent.statusCode, 404);
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 5);
    });

    test('posting as another user needs site.manage', async () => {
      const discussionID = await w.newDiscussion();
      const payload = {
        body: rich2('Ghost writer'),
        format: 'rich2',
        discussionID,
        insertUserID: w.otherMember.user.userID,
      };
      const refused = await w.post(w.member, payload);
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('site.manage'));
      const accepted = await w.post(w.admin, payload);
      assert.equal(accepted.statusCode, 201, accepted.body);
      assert.equal((accepted.json() as Comment).insertUserID, w.otherMember.user.userID);
      const unknown = await w.post(w.admin, { ...payload, insertUserID: 999_999 });
      assert.equal(unknown.statusCode, 404);
    });

    test('premoderation: a member’s comment answers 202 and counts nowhere; moderators skip the queue', async () => {
      const discussionID = await w.newDiscussion();
      const { categoryID } = await w.t.db
        .selectFrom('discussions')
        .select('categoryID')
        .where('discussionID', '=', discussionID)
        .executeTakeFirstOrThrow();
      await setSettings(w.t, w.admin, {
        'premoderation.comments': true,
        'premoderation.categoryIDs': [categoryID],
      });
      try {
        const countBefore = await userCommentCount(w.t, w.member.user.userID);
        const queued = await w.post(w.member, {
          body: rich2('Please approve'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(queued.statusCode, 202, queued.body);
        const answer = queued.json() as { reportID: number };
        assert.deepEqual(answer, {
          message: 'Your comment will appear after it is approved.',
          status: 202,
          reportID: answer.reportID,
        });
        assert.ok(answer.reportID > 0);
        const stored = await w.t.db
          .selectFrom('comments')
          .select(['commentID', 'moderationStatus'])
          .where('discussionID', '=', discussionID)
          .execute();
        assert.deepEqual(
          stored.map((row) => row.moderationStatus),
          ['pending'],
        );
        assert.equal((await discussionCounters(w.t, discussionID)).countComments, 0);
        assert.equal(await userCommentCount(w.t, w.member.user.userID), countBefore);
        const list = (
          await w.get(w.otherMember, `/api/v2/comments?discussionID=${String(discussionID)}`)
        ).json() as Comment[];
        assert.deepEqual(list, []);
        const pendingID = stored[0]?.commentID ?? 0;
        assert.equal(
          (await w.get(w.otherMember, `/api/v2/comments/${String(pendingID)}`)).statusCode,
          404,
        );
        assert.equal(
          (await w.get(w.member, `/api/v2/comments/${String(pendingID)}`)).statusCode,
          404,
          'a pending comment is 404 to everyone but its moderators, its author included',
        );

        const direct = await w.post(w.moderator, {
          body: rich2('Straight in'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(direct.statusCode, 201, direct.body);
        assert.equal((await discussionCounters(w.t, discussionID)).countComments, 1);
      } finally {
        await setSettings(w.t, w.admin, { 'premoderation.comments': false, 'premoderation.categoryIDs': [] });
      }
    });

    test('flood control: the post past the limit answers 429 on body; moderators are exempt', async () => {
      const discussionID = await w.newDiscussion();
      const flooder = await asMember(w.t);
      await setSettings(w.t, w.admin, {
        'floodControl.comments.count': 3,
        'floodControl.comments.seconds': 60,
        'floodControl.comments.lockSeconds': 120,
      });
      try {
        for (let index = 0; index < 3; index += 1)
          await postTestComment(w.t, flooder, { discussionID });
        const blocked = await w.post(flooder, {
          body: rich2('One more'),
          format: 'rich2',
          discussionID,
        });
        assert.equal(blocked.statusCode, 429, blocked.body);
        const message =
          'You have posted 3 times within 60 seconds. A spam block is now in effect on your account. You must wait at least 120 seconds before attempting to post again.';
        const body = blocked.json() as ErrorBody;
        assert.equal(body.message, message);
        assert.deepEqual(
          body.errors?.map((error) => [error.field, error.message]),
          [['body', message]],
        );
        assert.ok(Number(blocked.headers['retry-after']) > 0);
        assert.equal((await discussionCounters(w.t, discussionID)).countComments, 3);

        for (let index = 0; index < 4; index += 1)
          await postTestComment(w.t, w.moderator, { discussionID });
      } finally {
        await setSettings(w.t, w.admin, { 'floodControl.comments.count': 1000 });
      }
    });
  });
});
