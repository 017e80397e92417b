import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Escalation, EscalationComment } from '../../../../common/src/api/escalations.ts';
import { asMember, type TestActor } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { makeActors, makeComment, makeDiscussion, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory } from '../reports/reports.test-support.ts';

// api-contract §9 PATCH/DELETE /comments/{id} on comments with parentRecordType "escalation", and
// §27.7 PATCH /escalations/{id} assignedUserID: only a user who moderates the record.

const HOUR = 60 * 60 * 1000;

describe(`escalation comments: edit, delete; the assignee (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-05-06T07:08:09.000Z'));
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    await configure(t, actors.admin, { 'featureFlags.escalations.Enabled': true });
    const { category, categoryModerator } = await makeModeratedCategory(t);
    const second = await makeModeratedCategory(t);
    const elsewhere = await makeModeratedCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Escalated place' });
    return { ...actors, category, categoryModerator, secondCategory: second, otherModerator: elsewhere.categoryModerator, discussion };
  }, {}, { clock: clock.now });

  const call = (actor: TestActor | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    callAs(fx.t, actor, method, path, payload);

  async function escalation(): Promise<Escalation> {
    const comment = await makeComment(fx.t, { discussionID: fx.discussion.discussionID, text: 'Escalate me', as: await asMember(fx.t) });
    const response = await call(fx.categoryModerator, 'POST', '/api/v2/escalations', {
      recordType: 'comment', recordID: comment.commentID, name: 'Edits', reportReasonIDs: ['spam'],
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Escalation;
  }
  async function addComment(actor: TestActor, escalationID: number, text: string): Promise<EscalationComment> {
    const response = await call(actor, 'POST', '/api/v2/comments', { body: text, format: 'text', parentRecordType: 'escalation', parentRecordID: escalationID });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as EscalationComment;
  }

  test('PATCH: the author edits within ui.editContentTimeout, then 400; a global moderator always; others 403/404', async () => {
    const { escalationID } = await escalation();
    const own = await addComment(fx.categoryModerator, escalationID, 'First thought');
    assert.deepEqual(own.permissions, { 'comments.add': true, 'comments.edit': true, 'comments.delete': false });
    const path = `/api/v2/comments/${String(own.commentID)}`;
    const edited = await call(fx.categoryModerator, 'PATCH', path, { body: 'Second thought', format: 'text' });
    assert.equal(edited.statusCode, 200, edited.body);
    const body = edited.json() as EscalationComment;
    assert.match(body.body ?? '', /Second thought/);
    assert.equal(body.parentRecordType, 'escalation');
    assert.equal(body.updateUserID, fx.categoryModerator.user?.userID);
    assert.ok(body.dateUpdated !== null);
    const listed = (await call(fx.moderator, 'GET', `/api/v2/comments?parentRecordType=escalation&parentRecordID=${String(escalationID)}`)).json() as EscalationComment[];
    assert.match(listed.find((item) => item.commentID === own.commentID)?.body ?? '', /Second thought/);

    clock.advance(2 * HOUR);
    const late = await call(fx.categoryModerator, 'PATCH', path, { body: 'Too late' });
    assert.deepEqual(late.json(), { message: 'Editing comments is not allowed..', status: 400 });
    const byModerator = await call(fx.moderator, 'PATCH', path, { body: 'Moderated' });
    assert.equal(byModerator.statusCode, 200, byModerator.body);

    const theirs = await addComment(fx.moderator, escalationID, 'Global look');
    const refused = await call(fx.categoryModerator, 'PATCH', `/api/v2/comments/${String(theirs.commentID)}`, { body: 'Mine now' });
    assert.equal(refused.statusCode, 403);
    for (const actor of [fx.member, fx.otherModerator]) {
      const hidden = await call(actor, 'PATCH', path, { body: 'x' });
      assert.deepEqual(hidden.json(), { message: 'Comment not found.', status: 404 });
    }
    const moved = await call(fx.moderator, 'PATCH', path, { discussionID: fx.discussion.discussionID });
    assert.equal(moved.statusCode, 400);
  });

  test('DELETE: moderators with community.moderate; the author only with comments.allowSelfDelete; countComments drops', async () => {
    const { escalationID } = await escalation();
    const own = await addComment(fx.categoryModerator, escalationID, 'Delete me');
    const other = await addComment(fx.categoryModerator, escalationID, 'Keep me');
    const path = `/api/v2/comments/${String(own.commentID)}`;
    assert.equal((await call(fx.categoryModerator, 'DELETE', path)).statusCode, 403);
    assert.deepEqual((await call(fx.otherModerator, 'DELETE', path)).json(), { message: 'Comment not found.', status: 404 });
    await configure(fx.t, fx.admin, { 'comments.allowSelfDelete': true });
    try {
      const mine = await call(fx.categoryModerator, 'DELETE', path);
      assert.equal(mine.statusCode, 204, mine.body);
    } finally {
      await configure(fx.t, fx.admin, { 'comments.allowSelfDelete': false });
    }
    assert.equal((await call(fx.moderator, 'GET', path)).statusCode, 404);
    const escalationPath = `/api/v2/escalations/${String(escalationID)}`;
    assert.equal(((await call(fx.moderator, 'GET', escalationPath)).json() as Escalation).countComments, 1);
    const byModerator = await call(fx.moderator, 'DELETE', `/api/v2/comments/${String(other.commentID)}`);
    assert.equal(byModerator.statusCode, 204, byModerator.body);
    assert.equal(((await call(fx.moderator, 'GET', escalationPath)).json() as Escalation).countComments, 0);
    // Removing another's comment is audited; removing one's own is not.
    const audited = (await call(fx.admin, 'GET', '/api/v2/audit-logs?eventType=comment_delete&limit=100')).json() as {
      context: { commentID?: number; escalationID?: number };
    }[];
    const deleted = audited.filter((entry) => entry.context.escalationID === escalationID).map((entry) => entry.context.commentID);
    assert.deepEqual(deleted, [other.commentID]);
  });

  test('PATCH /escalations assignedUserID: 422 on the field for a member, a moderator of another category, an unknown user; null unassigns', async () => {
    const { escalationID } = await escalation();
    const path = `/api/v2/escalations/${String(escalationID)}`;
    for (const userID of [fx.member.user?.userID, fx.otherModerator.user?.userID, fx.secondCategory.categoryModerator.user?.userID, 99_999_999]) {
      const refused = await call(fx.categoryModerator, 'PATCH', path, { assignedUserID: userID });
      assert.equal(refused.statusCode, 422, `user ${String(userID)}: ${refused.body}`);
      assert.equal((refused.json() as ErrorBody).errors?.[0]?.field, 'assignedUserID');
    }
    const assigned = await call(fx.categoryModerator, 'PATCH', path, { assignedUserID: fx.moderator.user?.userID });
    assert.equal((assigned.json() as Escalation).assignedUserID, fx.moderator.user?.userID);
    const unassigned = await call(fx.categoryModerator, 'PATCH', path, { assignedUserID: null });
    assert.equal((unassigned.json() as Escalation).assignedUserID, null);
    assert.equal((unassigned.json() as Escalation).dateAssigned, null);
  });
});
