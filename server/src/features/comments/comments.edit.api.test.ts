import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { inject } from '../../../test/actors.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import {
  discussionCounters,
  postTestComment,
  rich2,
  setSettings,
} from './comments.test-support.ts';
import { forbidden, useCommentsApi } from './comments.api-fixture.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`comments API: editing and moving comments (${testDialect})`, () => {
  const w = useCommentsApi();

  describe('PATCH /comments/{id}', () => {
    test('the author edits within ui.editContentTimeout, then gets 400; -1 means no limit', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID, text: 'First draft' });
      const edited = await w.patch(w.member, comment.commentID, {
        body: 'Second *draft*',
        format: 'markdown',
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const body = edited.json() as Comment;
      assert.equal(body.body?.trim(), '<p>Second <em>draft</em></p>');
      assert.equal(body.format, 'markdown');
      assert.equal(body.updateUserID, w.member.user.userID);
      assert.equal(body.updateUser?.userID, w.member.user.userID);
      assert.ok(body.dateUpdated);

      await w.t.db
        .updateTable('comments')
        .set({ dateInserted: new Date(Date.now() - 2 * 3600 * 1000).toISOString() })
        .where('commentID', '=', comment.commentID)
        .execute();
      const late = await w.patch(w.member, comment.commentID, { body: 'Too late', format: 'text' });
      assert.equal(late.statusCode, 400);
      assert.equal((late.json() as ErrorBody).message, 'Editing comments is not allowed..');
      const lateView = (
        await w.get(w.member, `/api/v2/comments/${String(comment.commentID)}`)
      ).json() as Comment;
      assert.equal(lateView.permissions['comments.edit'], false);

      await setSettings(w.t, w.admin, { 'ui.editContentTimeout': -1 });
      try {
        const unlimited = await w.patch(w.member, comment.commentID, {
          body: 'Any time',
          format: 'text',
        });
        assert.equal(unlimited.statusCode, 200, unlimited.body);
        assert.equal((unlimited.json() as Comment).body, '<p>Any time</p>');
      } finally {
        await setSettings(w.t, w.admin, { 'ui.editContentTimeout': 3600 });
      }
      const byModerator = await w.patch(w.moderator, comment.commentID, {
        body: 'Moderated',
        format: 'text',
      });
      assert.equal(byModerator.statusCode, 200, byModerator.body);
      assert.equal((byModerator.json() as Comment).updateUserID, w.moderator.user.userID);
    });

    test('403 for others and guests, and for the author once the discussion is closed', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID });
      for (const actor of [w.otherMember, w.guest, w.unconfirmed]) {
        const refused = await w.patch(actor, comment.commentID, { body: 'Hijack', format: 'text' });
        assert.equal(refused.statusCode, 403, refused.body);
        assert.deepEqual(refused.json(), forbidden('comments.edit'));
      }
      const closing = await inject(w.t, w.admin, {
        method: 'PATCH',
        url: `/api/v2/discussions/${String(discussionID)}`,
        payload: { closed: true },
      });
      assert.equal(closing.statusCode, 200, closing.body);
      const closed = await w.patch(w.member, comment.commentID, { body: 'Edit', format: 'text' });
      assert.equal(closed.statusCode, 403);
      const stored = await w.t.db
        .selectFrom('comments')
        .select('body')
        .where('commentID', '=', comment.commentID)
        .executeTakeFirstOrThrow();
      assert.equal(stored.body, rich2('A comment.'));
    });

    test('bad input, unknown comment, and a hidden category', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID });
      const badFormat = await w.patch(w.member, comment.commentID, { body: 'x', format: 'pdf' });
      assert.equal(badFormat.statusCode, 422);
      assert.equal((badFormat.json() as ErrorBody).errors?.[0]?.field, 'format');
      const empty = await w.patch(w.member, comment.commentID, { body: '' });
      assert.equal(empty.statusCode, 400);
      assert.equal((empty.json() as ErrorBody).errors?.[0]?.field, 'body');
      const badRich = await w.patch(w.member, comment.commentID, { body: '[{', format: 'rich2' });
      assert.equal(badRich.statusCode, 422);
      assert.equal(
        (await w.patch(w.member, 999_999, { body: 'x', format: 'text' })).statusCode,
        404,
      );
      const hidden = await w.newDiscussion({ categoryID: w.restricted.categoryID });
      const secret = await postTestComment(w.t, w.moderator, { discussionID: hidden });
      const denied = await w.patch(w.member, secret.commentID, { body: 'x', format: 'text' });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
    });

    test('moving a comment to another discussion moves its counts', async () => {
      const from = await w.newDiscussion();
      const to = await w.newDiscussion();
      const first = await postTestComment(w.t, w.member, { discussionID: from });
      const second = await postTestComment(w.t, w.member, { discussionID: from });
      const moved = await w.patch(w.moderator, second.commentID, { discussionID: to });
      assert.equal(moved.statusCode, 200, moved.body);
      assert.equal((moved.json() as Comment).discussionID, to);
      const fromCounters = await discussionCounters(w.t, from);
      assert.equal(fromCounters.countComments, 1);
      assert.equal(fromCounters.lastCommentID, first.commentID);
      const toCounters = await discussionCounters(w.t, to);
      assert.equal(toCounters.countComments, 1);
      assert.equal(toCounters.lastCommentID, second.commentID);
      const refused = await w.patch(w.member, first.commentID, { discussionID: 999_999 });
      assert.equal(refused.statusCode, 404);
    });
  });
});
