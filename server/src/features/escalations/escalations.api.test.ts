import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Escalation } from '../../../../common/src/api/escalations.ts';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asMember } from '../../../test/actors.ts';
import { makeActors, makeComment, makeDiscussion, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory, report } from '../reports/reports.test-support.ts';

// api-contract §27.7 (escalations), §27.10, §27.1 (me-counts).

describe(`escalations (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    await configure(t, actors.admin, { 'featureFlags.escalations.Enabled': true });
    const { category, categoryModerator } = await makeModeratedCategory(t);
    const elsewhere = await makeModeratedCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Escalated place' });
    return { ...actors, category, categoryModerator, otherModerator: elsewhere.categoryModerator, discussion };
  });

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);
  const newComment = async (text = 'Escalate me') =>
    makeComment(fx.t, { discussionID: fx.discussion.discussionID, text, as: await asMember(fx.t) });

  test('POST /escalations: 201; the record’s new reports join it and become escalated; a report is made inline', async () => {
    const comment = await newComment();
    const earlier = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const response = await call(fx.categoryModerator, 'POST', '/api/v2/escalations', {
      recordType: 'comment',
      recordID: comment.commentID,
      name: 'Look at this',
      reportReasonIDs: ['abuse'],
      assignedUserID: fx.categoryModerator.user.userID,
    });
    assert.equal(response.statusCode, 201, response.body);
    const escalation = response.json() as Escalation;
    assert.equal(escalation.name, 'Look at this');
    assert.equal(escalation.status, 'open');
    assert.equal(escalation.recordName, 'Re: Escalated place');
    assert.equal(escalation.recordIsLive, true);
    assert.equal(escalation.placeRecordID, fx.category.categoryID);
    assert.equal(escalation.assignedUserID, fx.categoryModerator.user.userID);
    assert.ok(escalation.dateAssigned);
    assert.equal(escalation.reportIDs.length, 2);
    assert.equal(escalation.countReports, 2);
    assert.equal(escalation.countReportUsers, 2);
    assert.deepEqual(escalation.reportReasonIDs.sort(), ['abuse', 'spam']);
    assert.equal(escalation.insertUserID, fx.categoryModerator.user.userID);
    const joined = (await call(fx.moderator, 'GET', `/api/v2/reports/${String(earlier.reportID)}`)).json() as Report;
    assert.equal(joined.status, 'escalated');
    assert.equal(joined.escalationID, escalation.escalationID);

    const later = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: comment.commentID });
    assert.equal(later.status, 'escalated', 'a later report joins the open escalation');
    assert.equal(later.escalationID, escalation.escalationID);

    const expanded = (await call(fx.moderator, 'GET', `/api/v2/escalations/${String(escalation.escalationID)}?expand=reports`)).json() as Escalation;
    assert.equal(expanded.reports?.length, 3);
  });

  test('POST with reportID escalates that report; recordIsLive false removes the post at once', async () => {
    const comment = await newComment('Remove me now');
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const response = await call(fx.moderator, 'POST', '/api/v2/escalations', {
      recordType: 'comment',
      recordID: comment.commentID,
      name: 'Remove',
      reportID: created.reportID,
      recordIsLive: false,
    });
    assert.equal(response.statusCode, 201, response.body);
    const escalation = response.json() as Escalation;
    assert.deepEqual(escalation.reportIDs, [created.reportID]);
    assert.equal(escalation.recordIsLive, false);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 404);

    const restored = await call(fx.moderator, 'PATCH', `/api/v2/escalations/${String(escalation.escalationID)}`, { recordIsLive: true });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((restored.json() as Escalation).recordIsLive, true);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 200);
  });

  test('members and guests get 403; reporting off 403; bad input 400/422; a report of another record 422', async () => {
    const comment = await newComment();
    const body = { recordType: 'comment', recordID: comment.commentID, name: 'N', reportReasonIDs: ['spam'] };
    for (const actor of [fx.member, fx.guest]) {
      const response = await call(actor, 'POST', '/api/v2/escalations', body);
      assert.equal(response.statusCode, 403);
      assert.deepEqual((response.json() as ErrorBody).permissions, ['posts.moderate', 'community.moderate']);
      assert.equal((await call(actor, 'GET', '/api/v2/escalations')).statusCode, 403);
    }
    const noReasons = await call(fx.moderator, 'POST', '/api/v2/escalations', { recordType: 'comment', recordID: comment.commentID, name: 'N' });
    assert.equal(noReasons.statusCode, 400, noReasons.body);
    assert.equal((await call(fx.moderator, 'POST', '/api/v2/escalations', { ...body, status: 'bogus' })).statusCode, 422);
    const other = await report(fx.t, fx.member, { recordType: 'comment', recordID: (await newComment()).commentID });
    const mismatch = await call(fx.moderator, 'POST', '/api/v2/escalations', { ...body, reportID: other.reportID });
    assert.equal(mismatch.statusCode, 422);
    const memberAssignee = await call(fx.moderator, 'POST', '/api/v2/escalations', { ...body, assignedUserID: fx.member.user.userID });
    assert.equal(memberAssignee.statusCode, 422);
    await configure(fx.t, fx.admin, { 'featureFlags.escalations.Enabled': false });
    try {
      const off = await call(fx.moderator, 'POST', '/api/v2/escalations', body);
      assert.deepEqual(off.json(), { message: 'Reporting is not enabled.', status: 403 });
    } finally {
      await configure(fx.t, fx.admin, { 'featureFlags.escalations.Enabled': true });
    }
  });

  test('GET and PATCH: scoped to the categories moderated; status, name and assignee change; 404 "Escalation not found."', async () => {
    const comment = await newComment();
    const created = (
      await call(fx.categoryModerator, 'POST', '/api/v2/escalations', {
        recordType: 'comment',
        recordID: comment.commentID,
        name: 'Scoped',
        reportReasonIDs: ['spam'],
      })
    ).json() as Escalation;
    const path = `/api/v2/escalations/${String(created.escalationID)}`;
    const list = await call(fx.categoryModerator, 'GET', '/api/v2/escalations?status=open&limit=500');
    assert.equal(list.statusCode, 200, list.body);
    assert.ok((list.json() as Escalation[]).some((item) => item.escalationID === created.escalationID));
    assert.ok(Number(list.headers['x-app-page-result-count']) >= 1);
    const foreign = (await call(fx.otherModerator, 'GET', '/api/v2/escalations?limit=500')).json() as Escalation[];
    assert.ok(!foreign.some((item) => item.escalationID === created.escalationID));
    assert.equal((await call(fx.otherModerator, 'GET', path)).statusCode, 404);
    assert.equal((await call(fx.otherModerator, 'PATCH', path, { status: 'done' })).statusCode, 404);

    const counts = (await call(fx.categoryModerator, 'GET', '/api/v2/users/me-counts')).json() as { counts: { name: string; count: number }[] };
    const open = (await call(fx.categoryModerator, 'GET', '/api/v2/escalations?status=open,in-progress&limit=500')).json() as Escalation[];
    assert.equal(counts.counts.find((item) => item.name === 'escalations')?.count, open.length);

    const patched = await call(fx.categoryModerator, 'PATCH', path, { status: 'in-progress', name: 'Renamed', assignedUserID: fx.moderator.user.userID });
    assert.equal(patched.statusCode, 200, patched.body);
    const body = patched.json() as Escalation;
    assert.equal(body.status, 'in-progress');
    assert.equal(body.name, 'Renamed');
    assert.equal(body.assignedUser?.userID, fx.moderator.user.userID);
    assert.equal(body.updateUserID, fx.categoryModerator.user.userID);
    const unassigned = (await call(fx.categoryModerator, 'PATCH', path, { assignedUserID: null })).json() as Escalation;
    assert.equal(unassigned.assignedUserID, null);
    assert.equal((await call(fx.categoryModerator, 'PATCH', path, { assignedUserID: fx.member.user.userID })).statusCode, 422);
    assert.equal((await call(fx.member, 'PATCH', path, { status: 'done' })).statusCode, 403);
    const missing = await call(fx.moderator, 'GET', '/api/v2/escalations/999999');
    assert.deepEqual(missing.json(), { message: 'Escalation not found.', status: 404 });
  });
});
