import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';
import type { Report, ReportReason } from '../../../../common/src/api/reports.ts';
import { asMember, type TestActor } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { makeActors, makeComment, makeDiscussion, makeRole, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory, report } from './reports.test-support.ts';

// api-contract §27.2–§27.4 and §27.10 row by row, beyond reports.api.test.ts and
// report-reasons.api.test.ts: reasons' availability and conflicts, the list's filters, sorts and
// limits, the reporter's later reports, approving and rejecting live records, me-counts.

const clock = createTestClock();

describe(`reports contract (${testDialect})`, () => {
  const fx = useTestApp(
    async (t) => {
      const actors = await makeActors(t);
      await configure(t, actors.admin, { 'featureFlags.escalations.Enabled': true });
      const { category, categoryModerator } = await makeModeratedCategory(t);
      const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Contract place' });
      return { ...actors, category, categoryModerator, discussion };
    },
    {},
    { clock: clock.now },
  );

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);
  const newComment = async (text = 'Reported words', as?: TestActor) => {
    clock.advance(60_000);
    return makeComment(fx.t, { discussionID: fx.discussion.discussionID, text, as: as ?? (await asMember(fx.t)) });
  };
  const listIDs = async (actor: TestActor, query: string) => {
    const response = await call(actor, 'GET', `/api/v2/reports?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return (response.json() as Report[]).map((item) => item.reportID);
  };

  test('reasons open to no role of the reporter: 403 "No report reasons available."; a reason of another role is 422', async () => {
    const role = await makeRole(fx.t);
    const holder = await asMember(fx.t, { roleIDs: [role.roleID] });
    const reasons = (await call(fx.admin, 'GET', '/api/v2/report-reasons')).json() as ReportReason[];
    const comment = await newComment();
    const body = { recordType: 'comment', recordID: comment.commentID };
    try {
      for (const reason of reasons)
        assert.equal((await call(fx.admin, 'PATCH', `/api/v2/report-reasons/${reason.reportReasonID}`, { roleIDs: [role.roleID] })).statusCode, 200);
      const none = await call(fx.member, 'POST', '/api/v2/reports', { ...body, reportReasonIDs: ['spam'] });
      assert.equal(none.statusCode, 403, none.body);
      assert.deepEqual(none.json(), { message: 'No report reasons available.', status: 403 });
      assert.deepEqual((await call(fx.member, 'GET', '/api/v2/report-reasons')).json(), []);
      assert.equal((await call(fx.member, 'GET', '/api/v2/report-reasons/spam')).statusCode, 404);
      assert.equal((await call(holder, 'POST', '/api/v2/reports', { ...body, reportReasonIDs: ['spam'] })).statusCode, 201);
      await call(fx.admin, 'PATCH', '/api/v2/report-reasons/spam', { roleIDs: [] });
      const closed = await call(fx.member, 'POST', '/api/v2/reports', { ...body, reportReasonIDs: ['abuse'] });
      assert.equal(closed.statusCode, 422, closed.body);
      assert.deepEqual((closed.json() as ErrorBody).errors?.map((error) => error.field), ['reportReasonIDs']);
    } finally {
      for (const reason of reasons) await call(fx.admin, 'PATCH', `/api/v2/report-reasons/${reason.reportReasonID}`, { roleIDs: [] });
    }
  });

  test('a deleted reason is refused (422) and listed only with includeDeleted (moderators); its ID stays taken (409 with conflictingReason)', async () => {
    const created = await call(fx.admin, 'POST', '/api/v2/report-reasons', { reportReasonID: 'old-reason', name: 'Old', description: 'Soon gone.' });
    assert.equal(created.statusCode, 201, created.body);
    const comment = await newComment();
    await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['old-reason'] });
    assert.equal((await call(fx.admin, 'DELETE', '/api/v2/report-reasons/old-reason')).statusCode, 204);
    const refused = await call(await asMember(fx.t), 'POST', '/api/v2/reports', { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['old-reason'] });
    assert.equal(refused.statusCode, 422, refused.body);
    assert.equal((await call(fx.member, 'GET', '/api/v2/report-reasons?includeDeleted=true')).statusCode, 403);
    const withDeleted = (await call(fx.moderator, 'GET', '/api/v2/report-reasons?includeDeleted=true')).json() as ReportReason[];
    assert.equal(withDeleted.find((reason) => reason.reportReasonID === 'old-reason')?.deleted, true);
    const taken = await call(fx.admin, 'POST', '/api/v2/report-reasons', { reportReasonID: 'old-reason', name: 'Again', description: 'Again.' });
    assert.equal(taken.statusCode, 409);
    const conflict = taken.json() as { message: string; status: number; conflictingReason: ReportReason };
    assert.equal(conflict.message, 'A reason with this API name already exists.');
    assert.equal(conflict.conflictingReason.reportReasonID, 'old-reason');
    assert.equal(conflict.conflictingReason.deleted, true);
  });

  test('reporting again after the report was settled adds a new report (201); the same reporter’s open one is updated (200)', async () => {
    const comment = await newComment();
    const first = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(first.reportID)}/dismiss`, {});
    const second = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['abuse'] });
    assert.notEqual(second.reportID, first.reportID);
    assert.equal(second.status, 'new');
    assert.equal(second.dateUpdated, null);
  });

  test('GET /reports: filters by reason, reporter, reporter’s role, author, place and status list; recordID needs recordType (400)', async () => {
    const role = await makeRole(fx.t);
    const reporter = await asMember(fx.t, { roleIDs: [role.roleID] });
    const author = await asMember(fx.t);
    const comment = await newComment('By the author', author);
    const mine = await report(fx.t, reporter, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['deceptive-misleading'] });
    const other = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] });
    const scope = `recordType=comment&recordID=${String(comment.commentID)}`;
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&reportReasonID=deceptive-misleading`), [mine.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&insertUserID=${String(reporter.user.userID)}`), [mine.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&insertUserRoleID=${String(role.roleID)}`), [mine.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `recordUserID=${String(author.user.userID)}`), [other.reportID, mine.reportID]);
    assert.deepEqual(
      await listIDs(fx.moderator, `${scope}&placeRecordType=category&placeRecordID=${String(fx.category.categoryID)}`),
      [other.reportID, mine.reportID],
    );
    await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(other.reportID)}/dismiss`, {});
    assert.deepEqual(await listIDs(fx.moderator, scope), [mine.reportID], 'new by default');
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&status=new,dismissed`), [other.reportID, mine.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&status[]=dismissed`), [other.reportID]);
    for (const [query, field] of [
      [`recordID=${String(comment.commentID)}`, 'recordType'],
      [`placeRecordID=${String(fx.category.categoryID)}`, 'placeRecordType'],
    ] as const) {
      const response = await call(fx.moderator, 'GET', `/api/v2/reports?${query}`);
      assert.equal(response.statusCode, 400, response.body);
      assert.deepEqual((response.json() as ErrorBody).errors?.map((error) => [error.field, error.code]), [[field, 'missingField']]);
    }
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?recordType=user')).statusCode, 422);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?sort=name')).statusCode, 422);
  });

  test('GET /reports: newest first by default, sort=dateInserted oldest first, sort=recordDateInserted by the record; limit 100 by default, 500 at most', async () => {
    const older = await newComment('Older post');
    const newer = await newComment('Newer post');
    const second = await report(fx.t, fx.member, { recordType: 'comment', recordID: older.commentID });
    const first = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: newer.commentID });
    const scope = `recordType=comment&recordID=${String(older.commentID)},${String(newer.commentID)}`;
    assert.deepEqual(await listIDs(fx.moderator, scope), [first.reportID, second.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&sort=dateInserted`), [second.reportID, first.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&sort=-recordDateInserted`), [first.reportID, second.reportID]);
    assert.deepEqual(await listIDs(fx.moderator, `${scope}&sort=recordDateInserted`), [second.reportID, first.reportID]);
    const paged = await call(fx.moderator, 'GET', `/api/v2/reports?${scope}&limit=1&page=2`);
    assert.deepEqual((paged.json() as Report[]).map((item) => item.reportID), [second.reportID]);
    assert.equal(paged.headers['x-app-page-current'], '2');
    assert.equal(paged.headers['x-app-page-result-count'], '2');
    const byDefault = await call(fx.moderator, 'GET', '/api/v2/reports');
    assert.equal(byDefault.headers['x-app-page-limit'], '100');
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?limit=500')).statusCode, 200);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?limit=0')).statusCode, 422);
    assert.equal((await call(fx.moderator, 'GET', '/api/v2/reports?page=0')).statusCode, 422);
  });

  test('reject-record of a live post: a restorable delete entry in the change log; approve-record then restores it', async () => {
    const comment = await newComment('Removed then restored');
    const reported = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const rejected = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(reported.reportID)}/reject-record`, {});
    assert.equal(rejected.statusCode, 200, rejected.body);
    const logs = (await call(
      fx.admin,
      'GET',
      `/api/v2/logs?recordType=comment&parentRecordID=${String(fx.discussion.discussionID)}&operation=delete`,
    )).json() as LogEntry[];
    assert.ok(logs.some((entry) => entry.recordID === comment.commentID), JSON.stringify(logs).slice(0, 400));
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 404);
    const approved = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(reported.reportID)}/approve-record`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal((approved.json() as Report).recordIsLive, true);
    assert.equal((approved.json() as Report).status, 'dismissed');
    const back = (await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).json() as Comment;
    assert.match(back.body ?? '', /Removed then restored/);
  });

  test('a live post gone without a log entry: approve-record answers 400 "Could not locate the deleted record to restore."', async () => {
    const comment = await newComment('Vanished');
    const reported = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    await fx.t.db.deleteFrom('comments').where('commentID', '=', comment.commentID).execute();
    const response = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reported.reportID)}/approve-record`, {});
    assert.equal(response.statusCode, 400, response.body);
    assert.equal((response.json() as ErrorBody).message, 'Could not locate the deleted record to restore.');
    assert.equal(((await call(fx.moderator, 'GET', `/api/v2/reports/${String(reported.reportID)}`)).json() as Report).status, 'new');
  });

  test('approving a live reported post twice is a no-op (200); dismiss verifyRecordUser verifies the author', async () => {
    const author = await asMember(fx.t);
    const comment = await newComment('Twice', author);
    const reported = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const once = (await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reported.reportID)}/approve-record`, {})).json() as Report;
    const twice = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reported.reportID)}/approve-record`, {});
    assert.equal(twice.statusCode, 200);
    assert.equal((twice.json() as Report).dateUpdated, once.dateUpdated, 'nothing changed the second time');
    const again = await report(fx.t, await asMember(fx.t), { recordType: 'comment', recordID: comment.commentID });
    await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(again.reportID)}/dismiss`, { verifyRecordUser: true });
    const user = (await call(fx.admin, 'GET', `/api/v2/users/${String(author.user.userID)}`)).json() as { bypassSpam?: boolean };
    assert.equal(user.bypassSpam, true);
  });

  test('reportMeta counts user reports only, not queue entries; me-counts give reports and escalations to moderators', async () => {
    await configure(fx.t, fx.admin, { 'premoderation.keywords': 'metaword' });
    try {
      const author = await asMember(fx.t);
      const comment = await newComment('Meta words', author);
      clock.advance(60_000);
      const held = await call(author, 'PATCH', `/api/v2/comments/${String(comment.commentID)}`, {
        body: JSON.stringify([{ type: 'p', children: [{ text: 'now metaword' }] }]),
        format: 'rich2',
      });
      assert.equal(held.statusCode, 202, held.body);
      await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
      const read = (await call(fx.moderator, 'GET', `/api/v2/comments/${String(comment.commentID)}?expand=reportMeta,countReports`)).json() as Comment;
      assert.equal(read.reportMeta?.countReports, 1);
      assert.equal(read.countReports, 1);
    } finally {
      await configure(fx.t, fx.admin, { 'premoderation.keywords': '' });
    }
    const counts = (await call(fx.moderator, 'GET', '/api/v2/users/me-counts')).json() as { counts: { name: string; count: number }[] };
    const names = counts.counts.map((item) => item.name);
    assert.ok(names.includes('reports') && names.includes('escalations'), JSON.stringify(counts));
    const newReports = await call(fx.moderator, 'GET', '/api/v2/reports?limit=1');
    assert.equal(counts.counts.find((item) => item.name === 'reports')?.count, Number(newReports.headers['x-app-page-result-count']));
  });

  test('noteBody: at most 10,000 characters (422), noteFormat required with it (400 missingField); errors name noteBody', async () => {
    const comment = await newComment();
    const base = { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] };
    const long = await call(fx.member, 'POST', '/api/v2/reports', { ...base, noteBody: 'x'.repeat(10_001), noteFormat: 'text' });
    assert.equal(long.statusCode, 422, long.body);
    assert.deepEqual((long.json() as ErrorBody).errors?.map((error) => [error.field, error.code]), [['noteBody', 'maxLength']]);
    const formatless = await call(fx.member, 'POST', '/api/v2/reports', { ...base, noteBody: 'Why' });
    assert.equal(formatless.statusCode, 400, formatless.body);
    assert.deepEqual((formatless.json() as ErrorBody).errors?.map((error) => [error.field, error.code]), [['noteFormat', 'missingField']]);
    const malformed = await call(fx.member, 'POST', '/api/v2/reports', { ...base, noteBody: '[{not json', noteFormat: 'rich2' });
    assert.equal(malformed.statusCode, 422, malformed.body);
    assert.deepEqual((malformed.json() as ErrorBody).errors?.map((error) => error.field), ['noteBody']);
    assert.equal((await call(fx.member, 'POST', '/api/v2/reports', { ...base, noteBody: 'x'.repeat(10_000), noteFormat: 'text' })).statusCode, 201);
  });

  test('acting on a report: members and guests 403 naming both permissions; moderators of other categories 404', async () => {
    const comment = await newComment();
    const reported = await report(fx.t, fx.member, { recordType: 'comment', recordID: comment.commentID });
    const elsewhere = await makeModeratedCategory(fx.t);
    const base = `/api/v2/reports/${String(reported.reportID)}`;
    const calls: [string, object][] = [
      [base, { status: 'dismissed' }],
      [`${base}/dismiss`, {}],
      [`${base}/approve-record`, {}],
      [`${base}/reject-record`, {}],
    ];
    for (const [path, body] of calls) {
      for (const actor of [fx.member, fx.guest]) {
        const response = await call(actor, 'PATCH', path, body);
        assert.equal(response.statusCode, 403, path);
        assert.deepEqual((response.json() as ErrorBody).permissions, ['posts.moderate', 'community.moderate']);
      }
      const outside = await call(elsewhere.categoryModerator, 'PATCH', path, body);
      assert.deepEqual(outside.json(), { message: 'Report not found.', status: 404 }, path);
    }
    const untouched = (await call(fx.categoryModerator, 'GET', base)).json() as Report;
    assert.equal(untouched.status, 'new');
    assert.equal((await call(fx.member, 'GET', `/api/v2/comments/${String(comment.commentID)}`)).statusCode, 200);
  });

  test('a banned reporter gets 401 "You are banned."', async () => {
    const banned = await asMember(fx.t);
    const comment = await newComment();
    const ban = await call(fx.admin, 'PUT', `/api/v2/users/${String(banned.user.userID)}/ban`, { banned: true });
    assert.ok(ban.statusCode < 300, ban.body);
    const response = await call(banned, 'POST', '/api/v2/reports', { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] });
    assert.equal(response.statusCode, 401, response.body);
    assert.equal((response.json() as ErrorBody).message, 'You are banned.');
  });
});
