import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import {
  categoryCounters,
  createTestDiscussion,
  discussionCounters,
  postTestComment,
  setSettings,
  userCommentCount,
} from './comments.test-support.ts';
import { forbidden, seconds, useCommentsApi } from './comments.api-fixture.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`comments API: deleting comments (${testDialect})`, () => {
  const w = useCommentsApi();

  const bulkDelete = (actor: TestActor | null, payload: Record<string, unknown>, query = '') =>
    inject(w.t, actor, { method: 'DELETE', url: `/api/v2/comments/list${query}`, payload });

  describe('DELETE /comments/{id}', () => {
    test('a moderator deletes: counters go back to the previous comment, then to the discussion itself', async () => {
      const discussionID = await w.newDiscussion();
      const categoryBefore = await categoryCounters(w.t, w.open.categoryID);
      const parentBefore = await categoryCounters(w.t, w.parent.categoryID);
      const countBefore = await userCommentCount(w.t, w.member.user.userID);
      const first = await postTestComment(w.t, w.member, { discussionID });
      const second = await postTestComment(w.t, w.otherMember, { discussionID });

      const deleted = await w.remove(w.moderator, second.commentID);
      assert.equal(deleted.statusCode, 204, deleted.body);
      assert.equal(
        (await w.get(w.moderator, `/api/v2/comments/${String(second.commentID)}`)).statusCode,
        404,
      );
      let counters = await discussionCounters(w.t, discussionID);
      assert.equal(counters.countComments, 1);
      assert.equal(counters.lastCommentID, first.commentID);
      assert.equal(counters.lastCommentUserID, w.member.user.userID);
      assert.equal(seconds(counters.dateLastComment), seconds(first.dateInserted));
      assert.equal((await categoryCounters(w.t, w.open.categoryID)).lastCommentID, first.commentID);

      assert.equal((await w.remove(w.moderator, first.commentID)).statusCode, 204);
      counters = await discussionCounters(w.t, discussionID);
      assert.equal(counters.countComments, 0);
      assert.equal(counters.lastCommentID, null);
      assert.equal(counters.lastCommentUserID, null);
      assert.equal(counters.dateLastComment, counters.dateInserted);
      const categoryAfter = await categoryCounters(w.t, w.open.categoryID);
      assert.equal(categoryAfter.countComments, categoryBefore.countComments);
      assert.equal(categoryAfter.countAllComments, categoryBefore.countAllComments);
      assert.equal(
        (await categoryCounters(w.t, w.parent.categoryID)).countAllComments,
        parentBefore.countAllComments,
      );
      assert.equal(await userCommentCount(w.t, w.member.user.userID), countBefore);
    });

    test('a comment with replies becomes a tombstone, kept in its thread; it goes when its last reply goes', async () => {
      const discussionID = await w.newDiscussion();
      const top = await postTestComment(w.t, w.member, { discussionID, text: 'Soon gone' });
      const reply = await postTestComment(w.t, w.otherMember, {
        discussionID,
        parentCommentID: top.commentID,
      });
      assert.equal((await w.remove(w.moderator, top.commentID)).statusCode, 204);
      const tombstone = (
        await w.get(w.guest, `/api/v2/comments/${String(top.commentID)}`)
      ).json() as Comment;
      assert.equal(tombstone.displayType, 'tombstone');
      assert.equal(tombstone.body, '');
      assert.deepEqual(tombstone.permissions, {
        'comments.add': false,
        'comments.edit': false,
        'comments.delete': false,
      });
      const counters = await discussionCounters(w.t, discussionID);
      assert.equal(counters.countComments, 1, 'a tombstone no longer counts');
      assert.equal(counters.lastCommentID, reply.commentID);
      const stored = await w.t.db
        .selectFrom('comments')
        .select(['body', 'bodyPlainText'])
        .where('commentID', '=', top.commentID)
        .executeTakeFirstOrThrow();
      assert.deepEqual({ ...stored }, { body: '', bodyPlainText: '' });
      const thread = (
        await w.get(
          w.guest,
          `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}`,
        )
      ).json() as {
        threadStructure: { commentID: number; children: { commentID: number }[] }[];
      };
      assert.deepEqual(
        thread.threadStructure.map((item) => [
          item.commentID,
          item.children.map((child) => child.commentID),
        ]),
        [[top.commentID, [reply.commentID]]],
      );
      const replyView = (
        await w.get(w.guest, `/api/v2/comments/${String(reply.commentID)}`)
      ).json() as Comment;
      assert.equal(replyView.body, '<p>A comment.</p>', 'no quote of a tombstone');
      assert.equal(
        (await w.patch(w.moderator, top.commentID, { body: 'Back', format: 'text' })).statusCode,
        400,
      );

      assert.equal((await w.remove(w.moderator, reply.commentID)).statusCode, 204);
      assert.equal(
        (await w.get(w.guest, `/api/v2/comments/${String(top.commentID)}`)).statusCode,
        404,
        'the empty tombstone went too',
      );
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 0);
    });

    test('403 for others, guests and authors unless comments.allowSelfDelete; 404 for unknown', async () => {
      const discussionID = await w.newDiscussion();
      const comment = await postTestComment(w.t, w.member, { discussionID });
      for (const actor of [w.otherMember, w.guest, w.member]) {
        const refused = await w.remove(actor, comment.commentID);
        assert.equal(refused.statusCode, 403, refused.body);
        assert.deepEqual(refused.json(), forbidden('comments.delete'));
      }
      await setSettings(w.t, w.admin, { 'comments.allowSelfDelete': true });
      try {
        const view = (
          await w.get(w.member, `/api/v2/comments/${String(comment.commentID)}`)
        ).json() as Comment;
        assert.equal(view.permissions['comments.delete'], true);
        assert.equal((await w.remove(w.member, comment.commentID)).statusCode, 204);
      } finally {
        await setSettings(w.t, w.admin, { 'comments.allowSelfDelete': false });
      }
      assert.equal((await w.remove(w.moderator, 999_999)).statusCode, 404);
      const hidden = await w.newDiscussion({ categoryID: w.restricted.categoryID });
      const secret = await postTestComment(w.t, w.moderator, { discussionID: hidden });
      const denied = await w.remove(w.member, secret.commentID);
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), forbidden('discussions.view'));
    });
  });

  describe('DELETE /comments/list', () => {
    test('a moderator deletes several comments: progress, and counters follow', async () => {
      const discussionID = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.open.categoryID,
      });
      const categoryBefore = await categoryCounters(w.t, w.open.categoryID);
      const countBefore = await userCommentCount(w.t, w.member.user.userID);
      const keep = await postTestComment(w.t, w.member, { discussionID });
      const first = await postTestComment(w.t, w.member, { discussionID });
      const second = await postTestComment(w.t, w.member, { discussionID });
      const response = await bulkDelete(
        w.moderator,
        { commentIDs: [first.commentID, second.commentID, second.commentID], deleteMethod: 'full' },
        '?longRunnerMode=sync',
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json() as LongRunnerResult, {
        progress: {
          successIDs: [first.commentID, second.commentID],
          failedIDs: [],
          exceptionsByID: {},
          countTotalIDs: 2,
        },
        callbackPayload: null,
      });
      const counters = await discussionCounters(w.t, discussionID);
      assert.equal(counters.countComments, 1);
      assert.equal(counters.lastCommentID, keep.commentID);
      assert.equal(
        (await categoryCounters(w.t, w.open.categoryID)).countComments,
        categoryBefore.countComments + 1,
      );
      assert.equal(await userCommentCount(w.t, w.member.user.userID), countBefore + 1);
    });

    test('tombstone keeps comments with replies; full removes them with their replies', async () => {
      const discussionID = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.open.categoryID,
      });
      const top = await postTestComment(w.t, w.member, { discussionID });
      const reply = await postTestComment(w.t, w.otherMember, {
        discussionID,
        parentCommentID: top.commentID,
      });
      const nested = await postTestComment(w.t, w.member, {
        discussionID,
        parentCommentID: reply.commentID,
      });
      const tombstoned = await bulkDelete(w.moderator, {
        commentIDs: [top.commentID],
        deleteMethod: 'tombstone',
      });
      assert.equal(tombstoned.statusCode, 200, tombstoned.body);
      const stored = await w.t.db
        .selectFrom('comments')
        .select('displayType')
        .where('commentID', '=', top.commentID)
        .executeTakeFirstOrThrow();
      assert.equal(stored.displayType, 'tombstone');
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 2);

      const removed = await bulkDelete(w.moderator, {
        commentIDs: [reply.commentID],
        deleteMethod: 'full',
      });
      assert.equal(removed.statusCode, 200, removed.body);
      const left = await w.t.db
        .selectFrom('comments')
        .select('commentID')
        .where('discussionID', '=', discussionID)
        .execute();
      assert.deepEqual(left, [], 'the reply, its own reply and the emptied tombstone are gone');
      assert.equal(nested.discussionID, discussionID);
      const counters = await discussionCounters(w.t, discussionID);
      assert.equal(counters.countComments, 0);
      assert.equal(counters.lastCommentID, null);
    });

    test('comments of several discussions, too many IDs, bad method: refused before anything is deleted', async () => {
      const one = await createTestDiscussion(w.t, w.admin, { categoryID: w.open.categoryID });
      const two = await createTestDiscussion(w.t, w.admin, { categoryID: w.open.categoryID });
      const a = await postTestComment(w.t, w.member, { discussionID: one });
      const b = await postTestComment(w.t, w.member, { discussionID: two });
      const mixed = await bulkDelete(w.moderator, {
        commentIDs: [a.commentID, b.commentID],
        deleteMethod: 'full',
      });
      assert.equal(mixed.statusCode, 400);
      assert.equal(
        (mixed.json() as ErrorBody).message,
        'Comments must belong to the same parent record.',
      );
      const tooMany = await bulkDelete(w.moderator, {
        commentIDs: Array.from({ length: 51 }, (_, index) => index + 1),
        deleteMethod: 'full',
      });
      assert.equal(tooMany.statusCode, 422);
      assert.equal((tooMany.json() as ErrorBody).errors?.[0]?.field, 'commentIDs');
      const badMethod = await bulkDelete(w.moderator, {
        commentIDs: [a.commentID],
        deleteMethod: 'shred',
      });
      assert.equal(badMethod.statusCode, 422);
      const none = await bulkDelete(w.moderator, { commentIDs: [], deleteMethod: 'full' });
      assert.equal(none.statusCode, 422);
      assert.equal((await discussionCounters(w.t, one)).countComments, 1);
      assert.equal((await discussionCounters(w.t, two)).countComments, 1);
    });

    test('403 naming the comments the actor may not delete; missing IDs fail with 404 in the progress', async () => {
      const discussionID = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.open.categoryID,
      });
      const comment = await postTestComment(w.t, w.otherMember, { discussionID });
      for (const actor of [w.member, w.guest, w.otherMember]) {
        const refused = await bulkDelete(actor, {
          commentIDs: [comment.commentID],
          deleteMethod: 'full',
        });
        assert.equal(refused.statusCode, 403, refused.body);
        const body = refused.json() as ErrorBody;
        assert.deepEqual(body.permissions, ['comments.delete']);
        assert.deepEqual(body.recordIDs, [comment.commentID]);
      }
      const hidden = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.restricted.categoryID,
      });
      const secret = await postTestComment(w.t, w.moderator, { discussionID: hidden });
      const unseen = await bulkDelete(w.member, {
        commentIDs: [secret.commentID],
        deleteMethod: 'full',
      });
      assert.equal(unseen.statusCode, 403);
      assert.equal((await discussionCounters(w.t, hidden)).countComments, 1);

      const partly = await bulkDelete(w.moderator, {
        commentIDs: [comment.commentID, 999_999],
        deleteMethod: 'full',
      });
      assert.equal(partly.statusCode, 404, partly.body);
      const result = partly.json() as LongRunnerResult;
      assert.deepEqual(result.progress.successIDs, [comment.commentID]);
      assert.deepEqual(result.progress.failedIDs, [999_999]);
      assert.deepEqual(result.progress.exceptionsByID['999999'], {
        message: 'Comment not found.',
        code: 404,
      });
    });

    test('longRunnerTimeout=0 handles one comment per call and answers 408 with a callback payload', async () => {
      const discussionID = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.open.categoryID,
      });
      const a = await postTestComment(w.t, w.member, { discussionID });
      const b = await postTestComment(w.t, w.member, { discussionID });
      const response = await bulkDelete(
        w.moderator,
        { commentIDs: [a.commentID, b.commentID], deleteMethod: 'full' },
        '?longRunnerTimeout=0',
      );
      assert.equal(response.statusCode, 408, response.body);
      const result = response.json() as LongRunnerResult;
      assert.deepEqual(result.progress.successIDs, [a.commentID]);
      assert.equal(typeof result.callbackPayload, 'string');
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 1);

      const resumed = await inject(w.t, w.moderator, {
        method: 'POST',
        url: '/api/v2/calls/run',
        headers: { 'content-type': 'application/system+jwt' },
        payload: result.callbackPayload ?? '',
      });
      assert.equal(resumed.statusCode, 200, resumed.body);
      const done = resumed.json() as LongRunnerResult;
      assert.deepEqual(done.progress.successIDs, [b.commentID]);
      assert.equal(done.callbackPayload, null);
      assert.equal((await discussionCounters(w.t, discussionID)).countComments, 0);
    });
  });
});
