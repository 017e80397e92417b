import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asMember } from '../../../test/actors.ts';
import {
  makeActors,
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
  type ErrorBody,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory, report } from './reports.test-support.ts';

// api-contract §27.4 (reports), §27.10 (errors), §27.1 (me-counts).

describe(`reports (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    await configure(t, actors.admin, { 'featureFlags.escalations.Enabled': true });
    const { category, categoryModerator } = await makeModeratedCategory(t);
    const other = await makeCategory(t);
    const hidden = await makeHiddenCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Reported place' });
    const otherDiscussion = await makeDiscussion(t, { categoryID: other.categoryID });
    const hiddenDiscussion = await makeDiscussion(t, { categoryID: hidden.categoryID });
    return { ...actors, category, categoryModerator, other, discussion, otherDiscussion, hiddenDiscussion };
  });

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);
  const newComment = async (text = 'A comment to report.') =>
    makeComment(fx.t, { discussionID: fx.discussion.discussionID, text, as: await asMember(fx.t) });

  test('POST /reports: 201 with the snapshot, reasons and the sanitized note; the raw note is never output', async () => {
    const comment = await newComment('Buy cheap watches');
    const created = await report(fx.t, fx.member, {
      recordType: 'comment',
      recordID: comment.commentID,
      reportReasonIDs: ['spam', 'abuse'],
      noteBody: 'Look <script>alert(1)</script> **here**',
      noteFormat: 'markdown',
    });
    assert.equal(created.status, 'new');
    assert.equal(created.recordType, 'comment');
    assert.equal(created.recordID, comment.commentID);
    assert.equal(created.recordName, 'Re: Reported place');
    assert.match(created.recordHtml, /Buy cheap watches/);
    assert.equal(created.recordIsLive, true);
    assert.equal(created.recordWasEdited, false);
    assert.equal(created.recordUserID, comment.insertUserID);
    assert.equal(created.placeRecordType, 'category');
    assert.equal(created.placeRecordID, fx.category.categoryID);
    assert.equal(created.placeRecordName, fx.category.name);
    assert.deepEqual(created.reasons.map((reason) => reason.reportReasonID), ['abuse', 'spam']);
    assert.equal(created.insertUserID, fx.member.user.userID);
    assert.equal(created.isPending, false);
    assert.equal(created.isPendingUpdate, false);
    assert.equal(created.escalationID, null);
    assert.ok(created.noteHtml?.includes('<strong>here</strong>'), created.noteHtml);
    assert.ok(!created.noteHtml?.includes('<script'), 'the note cannot run as script');
    assert.ok(!JSON.stringify(created).includes('noteBody'));
    const read = await call(fx.moderator, 'GET', `/api/v2/comments/${String(comment.commentID)}?expand=countReports`);
    assert.equal((read.json() as Comment).countReports, 1);
  });

  test('reporting the same record again while the report is new updates it (200, same reportID)', async () => {
    const comment = await newComment();
    const first = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const second = await report(
      fx.t,
      fx.member,
      { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['inappropriate'], noteBody: 'Again', noteFormat: 'text' },
      200,
    );
    assert.equal(second.reportID, first.reportID);
    assert.deepEqual(second.reasons.map((reason) => reason.reportReasonID), ['inappropriate']);
    assert.ok(second.dateUpdated);
    assert.match(second.noteHtml ?? '', /Again/);
  });

  test('bad input: reasons missing (400), empty, unknown, system (422); bad recordType or noteFormat (422); missing or hidden record 404', async () => {
    const comment = await newComment();
    const base = { recordType: 'comment', recordID: comment.commentID };
    const missing = await call(fx.member, 'POST', '/api/v2/reports', base);
    assert.equal(missing.statusCode, 400, missing.body);
    assert.deepEqual((missing.json() as ErrorBody).errors?.map((error) => error.field), ['reportReasonIDs']);
    for (const reportReasonIDs of [[], ['nope'], ['approval-required']]) {
      const response = await call(fx.member, 'POST', '/api/v2/reports', { ...base, reportReasonIDs });
      assert.equal(response.statusCode, 422, JSON.stringify(reportReasonIDs));
      assert.deepEqual((response.json() as ErrorBody).errors?.map((error) => error.field), ['reportReasonIDs']);
    }
    const user = await call(fx.member, 'POST', '/api/v2/reports', { ...base, recordType: 'user', reportReasonIDs: ['spam'] });
    assert.equal(user.statusCode, 422);
    const format = await call(fx.member, 'POST', '/api/v2/reports', { ...base, reportReasonIDs: ['spam'], noteBody: 'x', noteFormat: 'bogus' });
    assert.equal(format.statusCode, 422);
    const gone = await call(fx.member, 'POST', '/api/v2/reports', { recordType: 'comment', recordID: 999_999, reportReasonIDs: ['spam'] });
    assert.equal(gone.statusCode, 404);
    assert.equal((gone.json() as ErrorBody).message, 'Comment not found.');
    const hidden = await call(fx.member, 'POST', '/api/v2/reports', {
      recordType: 'discussion',
      recordID: fx.hiddenDiscussion.discussionID,
      reportReasonIDs: ['spam'],
    });
    assert.equal(hidden.statusCode, 404);
    assert.equal((hidden.json() as ErrorBody).message, 'Discussion not found.');
  });

  test('guests get 403; with featureFlags.escalations.Enabled off: 403 "Reporting is not enabled."', async () => {
    const comment = await newComment();
    const body = { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] };
    const guest = await call(fx.guest, 'POST', '/api/v2/reports', body);
    assert.equal(guest.statusCode, 403);
    assert.deepEqual((guest.json() as ErrorBody).permissions, ['flag.add']);
    await configure(fx.t, fx.admin, { 'featureFlags.escalations.Enabled': false });
    try {
      const off = await call(fx.member, 'POST', '/api/v2/reports', body);
      assert.equal(off.statusCode, 403);
      assert.deepEqual(off.json(), { message: 'Reporting is not enabled.', status: 403 });
    } finally {
      await configure(fx.t, fx.admin, { 'featureFlags.escalations.Enabled': true });
    }
  });

  test('members (the reporter included) and guests cannot list or read reports: 403 naming both permissions', async () => {
    const comment = await newComment();
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    for (const actor of [fx.member, fx.guest]) {
      for (const path of ['/api/v2/reports', `/api/v2/reports/${String(created.reportID)}`]) {
        const response = await call(actor, 'GET', path);
        assert.equal(response.statusCode, 403, path);
        assert.deepEqual((response.json() as ErrorBody).permissions, ['posts.moderate', 'community.moderate']);
      }
      assert.equal((await call(actor, 'PATCH', `/api/v2/reports/${String(created.reportID)}/dismiss`, {})).statusCode, 403);
    }
  });

  test('GET /reports: moderators list new reports by default, filter by record, page with headers', async () => {
    const comment = await newComment();
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const response = await call(fx.moderator, 'GET', `/api/v2/reports?recordType=comment&recordID=${String(comment.commentID)}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual((response.json() as Report[]).map((item) => item.reportID), [created.reportID]);
    assert.equal(response.headers['x-app-page-result-count'], '1');
    const one = await call(fx.moderator, 'GET', `/api/v2/reports/${String(created.reportID)}`);
    assert.equal(one.statusCode, 200);
    assert.equal((one.json() as Report).reportID, created.reportID);
    const dismissedOnly = await call(fx.moderator, 'GET', `/api/v2/reports?status=dismissed&recordType=comment&recordID=${String(comment.commentID)}`);
    assert.deepEqual(dismissedOnly.json(), []);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?status=bogus')).statusCode, 422);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?limit=501')).statusCode, 422);
    const missing = await call(fx.moderator, 'GET', '/api/v2/reports/999999');
    assert.deepEqual(missing.json(), { message: 'Report not found.', status: 404 });
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports/99999999999')).statusCode, 404);
  });

  test('a category moderator sees the reports of their categories only, and the me-count of them', async () => {
    const inside = await newComment();
    const insideReport = await report(fx.t, fx.member, { recordType: 'comment', recordID: inside.commentID });
    const outside = await makeComment(fx.t, { discussionID: fx.otherDiscussion.discussionID });
    const outsideReport = await report(fx.t, fx.member, { recordType: 'comment', recordID: outside.commentID });
    const list = (await call(fx.categoryModerator, 'GET', '/api/v2/reports?limit=500')).json() as Report[];
    const ids = list.map((item) => item.reportID);
    assert.ok(ids.includes(insideReport.reportID));
    assert.ok(!ids.includes(outsideReport.reportID));
    assert.ok(list.every((item) => item.placeRecordID === fx.category.categoryID));
    assert.equal((await call(fx.categoryModerator, 'GET', `/api/v2/reports/${String(outsideReport.reportID)}`)).statusCode, 404);
    const dismiss = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(outsideReport.reportID)}/dismiss`, {});
    assert.equal(dismiss.statusCode, 404);

    const counts = (await call(fx.categoryModerator, 'GET', '/api/v2/users/me-counts')).json() as { counts: { name: string; count: number }[] };
    assert.equal(counts.counts.find((item) => item.name === 'reports')?.count, list.length);
    const memberCounts = (await call(fx.member, 'GET', '/api/v2/users/me-counts')).json() as { counts: { name: string }[] };
    assert.ok(!memberCounts.counts.some((item) => item.name === 'reports' || item.name === 'escalations'));
  });

  test('dismiss leaves the record; approve-record dismisses every new report of the record', async () => {
    const comment = await newComment();
    const first = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const dismissed = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(first.reportID)}/dismiss`, {});
    assert.equal(dismissed.statusCode, 200, dismissed.body);
    assert.equal((dismissed.json() as Report).status, 'dismissed');
    assert.equal((dismissed.json() as Report).updateUserID, fx.moderator.user.userID);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 200);

    const second = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: comment.commentID });
    const third = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: comment.commentID });
    const approved = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(second.reportID)}/approve-record`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal((approved.json() as Report).status, 'dismissed');
    assert.equal((approved.json() as Report).recordIsLive, true);
    const settled = (await call(fx.moderator, 'GET', `/api/v2/reports/${String(third.reportID)}`)).json() as Report;
    assert.equal(settled.status, 'dismissed');
  });

  test('reject-record deletes a reported live comment and rejects every new report of it; the report keeps the snapshot', async () => {
    const comment = await newComment('Offending words');
    const first = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const second = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: comment.commentID });
    const rejected = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(first.reportID)}/reject-record`, {});
    assert.equal(rejected.statusCode, 200, rejected.body);
    const body = rejected.json() as Report;
    assert.equal(body.status, 'rejected');
    assert.equal(body.recordIsLive, false);
    assert.match(body.recordHtml, /Offending words/);
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 404);
    assert.equal(((await call(fx.moderator, 'GET', `/api/v2/reports/${String(second.reportID)}`)).json() as Report).status, 'rejected');
  });

  test('PATCH /reports/{id} sets the status; an unknown status is 422', async () => {
    const comment = await newComment();
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const patched = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(created.reportID)}`, { status: 'dismissed' });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((patched.json() as Report).status, 'dismissed');
    assert.equal((await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(created.reportID)}`, { status: 'gone' })).statusCode, 422);
  });

  test('recordWasEdited turns true when the record is edited after the report; recordHtml keeps the reported version', async () => {
    const author = await asMember(fx.t);
    const comment = await makeComment(fx.t, { discussionID: fx.discussion.discussionID, text: 'Before edit', as: author });
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const edited = await call(author, 'PATCH', `/api/v2/comments/${String(comment.commentID)}`, {
      body: JSON.stringify([{ type: 'p', children: [{ text: 'After edit' }] }]),
      format: 'rich2',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const read = (await call(fx.moderator, 'GET', `/api/v2/reports/${String(created.reportID)}`)).json() as Report;
    assert.equal(read.recordWasEdited, true);
    assert.match(read.recordHtml, /Before edit/);
  });

  test('discussion countReports, reportMeta and moderationStatus are for its moderators only', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    await report(fx.t, fx.member, { recordType: 'discussion', recordID: discussion.discussionID });
    const path = `/api/v2/discussions/${String(discussion.discussionID)}?expand=countReports,reportMeta`;
    const asMod = (await call(fx.categoryModerator, 'GET', path)).json() as {
      countReports?: number;
      moderationStatus?: string;
      reportMeta?: { countReports: number; reportUserIDs: number[] };
    };
    assert.equal(asMod.countReports, 1);
    assert.equal(asMod.reportMeta?.countReports, 1);
    assert.deepEqual(asMod.reportMeta?.reportUserIDs, [fx.member.user.userID]);
    assert.equal(asMod.moderationStatus, 'accepted');
    const asMemberRead = (await call(fx.member, 'GET', path)).json() as Record<string, unknown>;
    assert.equal('countReports' in asMemberRead, false);
    assert.equal('reportMeta' in asMemberRead, false);
    assert.equal('moderationStatus' in asMemberRead, false);
  });
  test('the moderators of the record are notified of a new report (activity Report); others are not', async () => {
    const other = await makeModeratedCategory(fx.t);
    const comment = await newComment('Notify about me');
    const created = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    await fx.t.app.jobs.drain();
    const reportsOf = async (actor: typeof fx.member) =>
      ((await call(actor, 'GET', '/api/v2/notifications')).json() as { activityType?: string; recordID?: number; body: string; url: string }[]).filter(
        (item) => item.activityType === 'Report' && item.recordID === comment.commentID,
      );
    const [notice] = await reportsOf(fx.categoryModerator);
    assert.ok(notice, 'the category moderator is notified');
    assert.match(notice.body, new RegExp(`${fx.member.user.name}</b> reported`));
    assert.match(notice.url, /\/dashboard\/content\/reports\?statuses=none&recordType=comment&recordID=/);
    assert.equal((await reportsOf(fx.moderator)).length, 1);
    assert.deepEqual(await reportsOf(fx.member), [], 'the reporter is not told');
    assert.deepEqual(await reportsOf(other.categoryModerator), [], 'moderators of other categories are not told');
    assert.equal(created.status, 'new');
  });
  test('reportMeta on a comment: its user reports, reporters and reasons, for its moderators only', async () => {
    const comment = await newComment();
    await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] });
    const second = await asMember(fx.t);
    await report(fx.t, second, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['abuse', 'spam'] });
    const path = `/api/v2/comments/${String(comment.commentID)}?expand=reportMeta`;
    const meta = ((await call(fx.categoryModerator, 'GET', path)).json() as Comment).reportMeta;
    assert.ok(meta);
    assert.equal(meta.countReports, 2);
    assert.equal(meta.countReportUsers, 2);
    assert.deepEqual(meta.reportUserIDs, [fx.member.user.userID, second.user.userID]);
    assert.deepEqual(meta.reportReasonIDs.sort(), ['abuse', 'spam']);
    assert.equal(meta.reportUsers[0]?.name, fx.member.user.name);
    assert.ok(meta.dateLastReport);
    const asMemberRead = (await call(fx.member, 'GET', path)).json() as Record<string, unknown>;
    assert.equal('reportMeta' in asMemberRead, false);
  });
});
