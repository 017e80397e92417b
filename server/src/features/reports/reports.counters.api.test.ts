import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asMember, type TestActor } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion, rich2 } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { reasonKeyOf } from './reports.counters.repo.ts';
import { callAs, configure, makeModeratedCategory, report } from './reports.test-support.ts';

// Issue 17: the report counters (migration 0033) behind the numbered pager's total of
// `GET /reports` and `reports` of `GET /users/me-counts` equal a real count after every write.

describe(`report counters (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const { category, categoryModerator } = await makeModeratedCategory(t);
    const other = await makeCategory(t);
    await configure(t, actors.admin, {
      'featureFlags.escalations.Enabled': true,
      'premoderation.discussions': true,
      'premoderation.comments': true,
      'premoderation.categoryIDs': [category.categoryID],
    });
    return { ...actors, category, categoryModerator, other };
  });

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);

  /** The reports counted for real, keyed as the counters are; and the counters' non-zero rows. */
  async function realAndCounted(): Promise<{ real: Map<string, number>; counted: Map<string, number> }> {
    const reports = await fx.t.db.selectFrom('reports').select(['reportID', 'status', 'placeRecordID', 'recordType']).execute();
    const links = await fx.t.db.selectFrom('reportReasonLinks').select(['reportID', 'reportReasonID']).execute();
    const real = new Map<string, number>();
    for (const row of reports) {
      const key = [row.status, row.placeRecordID, row.recordType, reasonKeyOf(links.filter((link) => link.reportID === row.reportID).map((link) => link.reportReasonID))].join('|');
      real.set(key, (real.get(key) ?? 0) + 1);
    }
    const counted = new Map<string, number>();
    for (const row of await fx.t.db.selectFrom('reportCounts').selectAll().execute())
      if (Number(row.countReports) !== 0) counted.set([row.status, row.placeRecordID, row.recordType, row.reasonKey].join('|'), Number(row.countReports));
    return { real, counted };
  }

  async function resultCount(actor: TestActor, query: string): Promise<number> {
    const response = await call(actor, 'GET', `/api/v2/reports?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return Number(response.headers['x-app-page-result-count']);
  }

  async function meCount(actor: TestActor): Promise<number | undefined> {
    const body = (await call(actor, 'GET', '/api/v2/users/me-counts')).json() as { counts: { name: string; count: number }[] };
    return body.counts.find((item) => item.name === 'reports')?.count;
  }

  /** The counters equal a real count, and the totals users see agree with the rows. */
  async function assertCounted(step: string): Promise<void> {
    const { real, counted } = await realAndCounted();
    assert.deepEqual(Object.fromEntries([...counted].sort()), Object.fromEntries([...real].sort()), `counters after: ${step}`);
    const rows = await fx.t.db.selectFrom('reports').select(['status', 'placeRecordID', 'reportID', 'insertUserID']).execute();
    const isNew = rows.filter((row) => row.status === 'new');
    const inCategory = isNew.filter((row) => row.placeRecordID === fx.category.categoryID);
    assert.equal(await meCount(fx.moderator), isNew.length, `me-counts (community.moderate) after: ${step}`);
    assert.equal(await meCount(fx.categoryModerator), inCategory.length, `me-counts (category moderator) after: ${step}`);
    assert.equal(await resultCount(fx.moderator, 'limit=1'), isNew.length, `GET /reports total after: ${step}`);
    assert.equal(await resultCount(fx.categoryModerator, 'status=new,dismissed,rejected,escalated&limit=1'), rows.filter((row) => row.placeRecordID === fx.category.categoryID).length, step);
    const withQueue = (await fx.t.db.selectFrom('reportReasonLinks').innerJoin('reports', 'reports.reportID', 'reportReasonLinks.reportID').select('reports.reportID').where('reportReasonID', '=', 'approval-required').where('status', '=', 'new').execute()).length;
    assert.equal(await resultCount(fx.moderator, 'reportReasonID=approval-required&status=new&limit=1'), withQueue, `queue total after: ${step}`);
    const byMember = rows.filter((row) => row.insertUserID === fx.member.user.userID && row.status === 'new').length;
    assert.equal(await resultCount(fx.moderator, `insertUserID=${String(fx.member.user.userID)}&limit=1`), byMember, `capped total after: ${step}`);
  }

  test('counters equal a real count after reporting, re-reporting, dismissing, resolving, moving, deleting, approving and rejecting', async () => {
    await assertCounted('start');
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, name: 'Counted place' });
    const elsewhere = await makeDiscussion(fx.t, { categoryID: fx.other.categoryID, name: 'Elsewhere' });
    const comment = await makeComment(fx.t, { discussionID: elsewhere.discussionID, text: 'A comment to report.', as: await asMember(fx.t) });
    const second = await asMember(fx.t);

    const onDiscussion = await report(fx.t, fx.member, { recordType: 'discussion', recordID: discussion.discussionID });
    await report(fx.t, second, { recordType: 'discussion', recordID: discussion.discussionID, reportReasonIDs: ['abuse', 'spam'] });
    const onComment = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['abuse'] });
    await report(fx.t, second, { recordType: 'comment', recordID: comment.commentID });
    await assertCounted('creating');

    await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['inappropriate', 'spam'] }, 200);
    await assertCounted('re-reporting with other reasons');

    assert.equal((await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(onDiscussion.reportID)}/dismiss`, {})).statusCode, 200);
    await assertCounted('dismissing');
    assert.equal((await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(onDiscussion.reportID)}`, { status: 'new' })).statusCode, 200);
    await assertCounted('setting the status back to new');

    // Resolving from the report: keeping the post dismisses every new report of it.
    assert.equal((await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(onDiscussion.reportID)}/approve-record`, {})).statusCode, 200);
    await assertCounted('approving a reported post (the other report settled too)');

    await report(fx.t, fx.member, { recordType: 'discussion', recordID: discussion.discussionID, reportReasonIDs: ['rule-breaking'] });
    const moved = await call(fx.moderator, 'PATCH', '/api/v2/discussions/move', { discussionIDs: [discussion.discussionID], categoryID: fx.other.categoryID });
    assert.equal(moved.statusCode, 200, moved.body);
    await assertCounted('moving the reported discussion (a report keeps the place it was made in)');

    assert.equal((await call(fx.admin, 'DELETE', `/api/v2/discussions/${String(elsewhere.discussionID)}`)).statusCode, 204);
    await assertCounted('deleting a discussion with reported comments');

    const escalated = await call(fx.moderator, 'POST', '/api/v2/escalations', {
      recordType: 'discussion',
      recordID: discussion.discussionID,
      name: 'Look at this',
      reportReasonIDs: ['abuse'],
    });
    assert.equal(escalated.statusCode, 201, escalated.body);
    await assertCounted('escalating');
    await report(fx.t, await asMember(fx.t), { recordType: 'discussion', recordID: discussion.discussionID });
    await assertCounted('a later report joining the escalation');

    // The approval queue.
    const author = await asMember(fx.t);
    const post = () =>
      call(author, 'POST', '/api/v2/discussions', { name: 'Waiting', body: rich2('Body text'), format: 'rich2', categoryID: fx.category.categoryID });
    const waiting = (await post()).json() as { reportID: number };
    await assertCounted('a discussion waiting for approval');
    const approved = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(waiting.reportID)}/approve-record`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    await assertCounted('approving a queue entry');
    const live = await call(fx.categoryModerator, 'GET', `/api/v2/reports/${String(waiting.reportID)}`);
    const liveID = (live.json() as Report).recordID;
    const editWait = await call(author, 'PATCH', `/api/v2/discussions/${String(liveID)}`, { body: rich2('Edited body'), format: 'rich2' });
    assert.equal(editWait.statusCode, 202, editWait.body);
    await assertCounted('an edit waiting for approval');
    const rejectedEdit = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String((editWait.json() as { reportID: number }).reportID)}/reject-record`, {});
    assert.equal(rejectedEdit.statusCode, 200, rejectedEdit.body);
    const another = (await post()).json() as { reportID: number };
    const rejected = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(another.reportID)}/reject-record`, {});
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal((rejected.json() as Report).status, 'rejected');
    await assertCounted('rejecting queue entries');

    // Rejecting a reported live post deletes it and settles the other reports of it.
    const target = await makeComment(fx.t, { discussionID: discussion.discussionID, text: 'Remove me.', as: await asMember(fx.t) });
    const first = await report(fx.t, fx.member, { recordType: 'comment', recordID: target.commentID });
    await report(fx.t, second, { recordType: 'comment', recordID: target.commentID, reportReasonIDs: ['abuse'] });
    assert.equal((await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(first.reportID)}/reject-record`, {})).statusCode, 200);
    await assertCounted('rejecting a reported comment');
    assert.equal(onComment.status, 'new');
  });

  test('the total of a filter the counters do not keep is a real count (capped at 10,000): no next page past it', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.other.categoryID });
    const first = await report(fx.t, fx.member, { recordType: 'discussion', recordID: discussion.discussionID });
    const query = `recordType=discussion&recordID=${String(discussion.discussionID)}&status=new,dismissed`;
    assert.equal(await resultCount(fx.moderator, query), 1);
    const response = await call(fx.moderator, 'GET', `/api/v2/reports?${query}&page=3&limit=1`);
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), []);
    assert.equal(response.headers['x-app-page-result-count'], '1');
    assert.equal(response.headers['x-app-page-next-url'], undefined);
    assert.equal(first.status, 'new');
  });
});
