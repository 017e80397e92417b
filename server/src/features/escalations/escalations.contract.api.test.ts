import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Escalation, EscalationComment } from '../../../../common/src/api/escalations.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeActors, makeComment, makeDiscussion, makeRole, rich2, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory, report } from '../reports/reports.test-support.ts';

// api-contract §27.7 row by row, and escalation comments (§9 parentRecordType "escalation").

describe(`escalations contract (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    await configure(t, actors.admin, { 'featureFlags.escalations.Enabled': true });
    const { category, categoryModerator } = await makeModeratedCategory(t);
    const elsewhere = await makeModeratedCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Contract place' });
    return { ...actors, category, categoryModerator, otherModerator: elsewhere.categoryModerator, discussion };
  });

  const call = (actor: TestActor | null, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
    callAs(fx.t, actor, method, path, payload);
  const newComment = async (author?: TestActor) =>
    makeComment(fx.t, { discussionID: fx.discussion.discussionID, text: 'Escalate me', as: author ?? (await asMember(fx.t)) });
  async function escalate(actor: TestActor, body: Record<string, unknown>): Promise<Escalation> {
    const response = await call(actor, 'POST', '/api/v2/escalations', { name: 'Contract', reportReasonIDs: ['spam'], ...body });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Escalation;
  }
  const ids = (list: Escalation[]) => list.map((item) => item.escalationID);
  async function list(query: string, actor: TestActor = fx.moderator): Promise<Escalation[]> {
    const response = await call(actor, 'GET', `/api/v2/escalations?limit=500&${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Escalation[];
  }

  test('the Escalation object carries every field of §27.7', async () => {
    const comment = await newComment();
    const escalation = await escalate(fx.moderator, { recordType: 'comment', recordID: comment.commentID });
    for (const field of [
      'escalationID', 'name', 'url', 'status', 'assignedUserID', 'assignedUser', 'dateAssigned', 'recordType', 'recordID',
      'recordName', 'recordUrl', 'recordHtml', 'recordIsLive', 'recordWasEdited', 'recordUserID', 'recordDateInserted',
      'placeRecordType', 'placeRecordID', 'placeRecordName', 'placeRecordUrl', 'reportIDs', 'countReports', 'countReportUsers',
      'reportUserIDs', 'reportUsers', 'reportReasonIDs', 'reportReasons', 'dateLastReport', 'countComments', 'insertUserID',
      'insertUser', 'dateInserted', 'updateUserID', 'updateUser', 'dateUpdated',
    ])
      assert.ok(field in escalation, `missing ${field}`);
    assert.equal(escalation.status, 'open', 'status defaults to open');
    assert.equal(escalation.assignedUserID, null);
    assert.equal(escalation.placeRecordType, 'category');
    assert.equal(escalation.countComments, 0);
    assert.equal(escalation.recordUserID, comment.insertUserID);
    assert.ok(!('reports' in escalation), 'reports only with expand=reports');
    assert.match(escalation.url, /\/dashboard\/content\/escalations\/\d+$/);
  });

  test('POST: status given is kept; assignedUserID must moderate the record (a moderator elsewhere is refused)', async () => {
    const comment = await newComment();
    const held = await escalate(fx.moderator, { recordType: 'comment', recordID: comment.commentID, status: 'on-hold' });
    assert.equal(held.status, 'on-hold');
    const foreign = await call(fx.moderator, 'POST', '/api/v2/escalations', {
      recordType: 'comment', recordID: (await newComment()).commentID, name: 'N', reportReasonIDs: ['spam'],
      assignedUserID: fx.otherModerator.user?.userID,
    });
    assert.equal(foreign.statusCode, 422, foreign.body);
    assert.equal((foreign.json() as ErrorBody).errors?.[0]?.field, 'assignedUserID');
    const missing = await call(fx.moderator, 'POST', '/api/v2/escalations', {
      recordType: 'comment', recordID: 99_999_999, name: 'N', reportReasonIDs: ['spam'],
    });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Comment not found.');
    const badType = await call(fx.moderator, 'POST', '/api/v2/escalations', { recordType: 'user', recordID: 1, name: 'N', reportReasonIDs: ['spam'] });
    assert.equal(badType.statusCode, 422);
    const noName = await call(fx.moderator, 'POST', '/api/v2/escalations', { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] });
    assert.equal(noName.statusCode, 400);
  });

  test('a discussion escalation: the inline report carries the note; new reports join; later reports join while open, not once done', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: await asMember(fx.t) });
    const first = await report(fx.t, fx.member, { recordType: 'discussion', recordID: discussion.discussionID });
    const escalation = await escalate(fx.categoryModerator, {
      recordType: 'discussion', recordID: discussion.discussionID, reportReasonIDs: ['abuse'], noteBody: 'Seen it', noteFormat: 'text',
    });
    assert.equal(escalation.reportIDs.length, 2);
    assert.ok(escalation.reportIDs.includes(first.reportID));
    const expanded = (await call(fx.moderator, 'GET', `/api/v2/escalations/${String(escalation.escalationID)}?expand=reports`)).json() as Escalation;
    assert.ok(expanded.reports?.every((item) => item.status === 'escalated' && item.escalationID === escalation.escalationID));
    assert.ok(expanded.reports?.some((item) => item.noteHtml?.includes('Seen it')));

    const later = await report(fx.t, await asMember(fx.t), { recordType: 'discussion', recordID: discussion.discussionID });
    assert.equal(later.escalationID, escalation.escalationID);
    const again = (await call(fx.moderator, 'GET', `/api/v2/escalations/${String(escalation.escalationID)}`)).json() as Escalation;
    assert.equal(again.countReports, 3);
    assert.ok(again.dateLastReport);

    await call(fx.moderator, 'PATCH', `/api/v2/escalations/${String(escalation.escalationID)}`, { status: 'done' });
    const afterDone = await report(fx.t, await asMember(fx.t), { recordType: 'discussion', recordID: discussion.discussionID });
    assert.equal(afterDone.status, 'new', 'a done escalation takes no new reports');
    assert.equal(afterDone.escalationID, null);
  });

  test('recordIsLive: PATCH false removes the post (404 to members), true restores it from the delete log', async () => {
    const comment = await newComment();
    const escalation = await escalate(fx.categoryModerator, { recordType: 'comment', recordID: comment.commentID });
    const path = `/api/v2/escalations/${String(escalation.escalationID)}`;
    const removed = await call(fx.categoryModerator, 'PATCH', path, { recordIsLive: false });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal((removed.json() as Escalation).recordIsLive, false);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 404);
    const restored = await call(fx.categoryModerator, 'PATCH', path, { recordIsLive: true });
    assert.equal((restored.json() as Escalation).recordIsLive, true);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 200);
  });

  test('GET filters: status, recordType, recordID, placeRecordID, assignedUserID, reportReasonID, recordUserID, recordUserRoleID; sort', async () => {
    const role = await makeRole(fx.t);
    const author = await asMember(fx.t, { roleIDs: [role.roleID] });
    const mine = await newComment(author);
    const a = await escalate(fx.moderator, {
      recordType: 'comment', recordID: mine.commentID, reportReasonIDs: ['deceptive-misleading'],
      assignedUserID: fx.categoryModerator.user?.userID, status: 'in-progress',
    });
    const b = await escalate(fx.moderator, { recordType: 'comment', recordID: (await newComment()).commentID });
    const has = (items: Escalation[], item: Escalation) => ids(items).includes(item.escalationID);

    assert.ok(has(await list('status=in-progress'), a) && !has(await list('status=in-progress'), b));
    assert.ok(has(await list(`recordType=comment&recordID=${String(mine.commentID)}`), a));
    assert.ok(!has(await list(`recordType=comment&recordID=${String(mine.commentID)}`), b));
    assert.ok(has(await list(`placeRecordType=category&placeRecordID=${String(fx.category.categoryID)}`), b));
    const assigned = await list(`assignedUserID=${String(fx.categoryModerator.user?.userID)}`);
    assert.ok(has(assigned, a) && !has(assigned, b));
    const byReason = await list('reportReasonID=deceptive-misleading');
    assert.ok(has(byReason, a) && !has(byReason, b));
    const byAuthor = await list(`recordUserID=${String(author.user.userID)}`);
    assert.deepEqual(ids(byAuthor), [a.escalationID]);
    const byRole = await list(`recordUserRoleID=${String(role.roleID)}`);
    assert.deepEqual(ids(byRole), [a.escalationID]);
    assert.deepEqual(ids(await list(`escalationID=${String(b.escalationID)}`)), [b.escalationID]);

    const newest = ids(await list(''));
    assert.ok(newest.indexOf(b.escalationID) < newest.indexOf(a.escalationID), 'default -dateInserted: newest first');
    const oldest = ids(await list('sort=dateInserted'));
    assert.ok(oldest.indexOf(a.escalationID) < oldest.indexOf(b.escalationID));
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/escalations?sort=recordDateInserted')).statusCode, 200);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/escalations?sort=bogus')).statusCode, 422);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/escalations?limit=501')).statusCode, 422);
    const paged = await call(fx.moderator, 'GET', '/api/v2/escalations?limit=1');
    assert.equal((paged.json() as Escalation[]).length, 1);
    assert.equal(paged.headers['x-app-page-limit'], '1');
  });

  test('escalation comments: moderators of the record add and list them; countComments counts them; others 403/404', async () => {
    const comment = await newComment();
    const escalation = await escalate(fx.categoryModerator, {
      recordType: 'comment', recordID: comment.commentID, initialCommentBody: 'First look.', initialCommentFormat: 'text',
    });
    assert.equal(escalation.countComments, 1, 'the initial comment is counted');
    const body = { body: rich2('Second look.'), format: 'rich2', parentRecordType: 'escalation', parentRecordID: escalation.escalationID };
    const posted = await call(fx.moderator, 'POST', '/api/v2/comments', body);
    assert.equal(posted.statusCode, 201, posted.body);
    const created = posted.json() as EscalationComment;
    assert.equal(created.parentRecordType, 'escalation');
    assert.equal(created.parentRecordID, escalation.escalationID);
    assert.ok(!('discussionID' in created));
    assert.match(created.body ?? '', /Second look/);
    assert.equal(created.insertUser?.userID, (fx.moderator.user as TestUser).userID);

    const url = `/api/v2/comments?parentRecordType=escalation&parentRecordID=${String(escalation.escalationID)}`;
    const listed = await call(fx.categoryModerator, 'GET', url);
    assert.equal(listed.statusCode, 200, listed.body);
    const comments = listed.json() as EscalationComment[];
    assert.deepEqual(comments.map((item) => item.body?.includes('First look') ? 'first' : 'second'), ['first', 'second']);
    assert.equal(listed.headers['x-app-page-result-count'], '2');
    const after = (await call(fx.moderator, 'GET', `/api/v2/escalations/${String(escalation.escalationID)}`)).json() as Escalation;
    assert.equal(after.countComments, 2);

    for (const actor of [fx.member, fx.guest]) {
      assert.equal((await call(actor, 'POST', '/api/v2/comments', body)).statusCode, 403);
      assert.equal((await call(actor, 'GET', url)).statusCode, 403);
    }
    assert.equal((await call(fx.otherModerator, 'GET', url)).statusCode, 404);
    const foreign = await call(fx.otherModerator, 'POST', '/api/v2/comments', body);
    assert.deepEqual(foreign.json(), { message: 'Escalation not found.', status: 404 });
    const missing = await call(fx.moderator, 'POST', '/api/v2/comments', { ...body, parentRecordID: 99_999_999 });
    assert.equal(missing.statusCode, 404);
    const lone = await call(fx.moderator, 'POST', '/api/v2/escalations', {
      recordType: 'comment', recordID: comment.commentID, name: 'N', reportReasonIDs: ['spam'], initialCommentBody: 'x',
    });
    assert.equal(lone.statusCode, 400, 'initialCommentBody needs initialCommentFormat');
    assert.equal((lone.json() as ErrorBody).errors?.[0]?.field, 'initialCommentFormat');
    // One key space: a comment ID names one comment, whatever its parent.
    const next = await newComment();
    assert.ok(next.commentID > created.commentID, 'discussion comments take IDs after escalation comments');
    const one = await call(fx.categoryModerator, 'GET', `/api/v2/comments/${String(created.commentID)}`);
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((one.json() as EscalationComment).parentRecordType, 'escalation');
    for (const actor of [fx.member, fx.otherModerator]) {
      const hidden = await call(actor, 'GET', `/api/v2/comments/${String(created.commentID)}`);
      assert.deepEqual(hidden.json(), { message: 'Comment not found.', status: 404 });
    }
    // Discussion comments are unaffected.
    const discussionComments = await call(fx.member, 'GET', `/api/v2/comments?parentRecordType=discussion&parentRecordID=${String(fx.discussion.discussionID)}`);
    assert.equal(discussionComments.statusCode, 200);
  });

  test('404 "Escalation not found." for GET and PATCH of a missing escalation; bad IDs 4xx', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await call(fx.moderator, method, '/api/v2/escalations/99999999', method === 'PATCH' ? { status: 'done' } : undefined);
      assert.deepEqual(response.json(), { message: 'Escalation not found.', status: 404 });
    }
    const bad = await call(fx.moderator, 'GET', '/api/v2/escalations/abc');
    assert.ok(bad.statusCode >= 400 && bad.statusCode < 500);
  });
});
