import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion, makeRole, rich2, type ErrorBody } from '../../../test/factories.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';

// api-contract §27.6 row by row (LogEntry, what is logged, GET /logs, GET /logs/{id}, restore), §27.2.

const DISCUSSION_DATA = ['body', 'categoryID', 'dateInserted', 'dateUpdated', 'discussionID', 'format', 'insertUserID', 'name'];
const COMMENT_DATA = ['body', 'commentID', 'dateInserted', 'dateUpdated', 'discussionID', 'format', 'insertUserID', 'parentCommentID'];

describe(`logs contract (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const category = await makeCategory(t);
    const discussionsRole = await makeRole(t);
    const usersRole = await makeRole(t, { globalPermissions: ['users.edit'] });
    const guarded = await makeCategory(t, {
      customPermissions: true,
      permissions: [
        {
          roleID: discussionsRole.roleID,
          permissions: { 'discussions.view': true, 'discussions.announce': true, 'discussions.close': true, 'discussions.sink': true },
        },
      ],
    });
    const discussionsModerator = await asMember(t, { roleIDs: [discussionsRole.roleID] });
    const userEditor = await asUser(t, { roleTypes: ['member'], roleIDs: [usersRole.roleID] });
    return { ...actors, category, guarded, discussionsModerator, userEditor };
  });

  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });
  const send = (actor: TestActor | null, method: 'PATCH' | 'DELETE' | 'PUT' | 'POST', url: string, payload?: object) =>
    inject(fx.t, actor, { method, url, ...(payload === undefined ? {} : { payload }) });
  async function entries(url: string, actor: TestActor = fx.moderator): Promise<LogEntry[]> {
    const response = await get(actor, url);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as LogEntry[];
  }
  const userID = (actor: TestActor) => (actor.user as TestUser).userID;
  // A fresh author per test keeps each under the posting flood control.
  const author = () => asMember(fx.t);

  test('LogEntry: every field; a discussion edit’s data has the API casing and the raw source', async () => {
    const writer = await author();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: writer, name: 'Raw one' });
    assert.equal((await send(fx.moderator, 'PATCH', `/api/v2/discussions/${String(discussion.discussionID)}`, { name: 'Raw two' })).statusCode, 200);
    const [entry] = await entries(`/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`);
    assert.ok(entry);
    for (const field of ['logID', 'operation', 'recordType', 'recordID', 'recordUserID', 'recordDate', 'parentRecordID', 'categoryID', 'insertUserID', 'insertUser', 'dateInserted', 'data'])
      assert.ok(field in entry, `missing ${field}`);
    assert.equal(entry.parentRecordID, null);
    assert.equal(entry.recordDate, discussion.dateInserted);
    assert.equal(entry.insertUserID, userID(fx.moderator));
    assert.deepEqual(Object.keys(entry.data).sort(), DISCUSSION_DATA);
    assert.equal(entry.data.name, 'Raw one');
    assert.equal(entry.data.discussionID, discussion.discussionID);
    assert.equal(entry.data.categoryID, fx.category.categoryID);
    assert.equal(entry.data.insertUserID, userID(writer));
    assert.doesNotMatch(String(entry.data.body), /<p>/, 'raw source, not HTML');
  });

  test('edits by anyone, the author included, are logged; a format-only change too; flag-only changes are not', async () => {
    const writer = await author();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: writer });
    const url = `/api/v2/discussions/${String(discussion.discussionID)}`;
    for (const flags of [{ closed: true }, { pinned: true }, { sink: true }, { categoryID: fx.guarded.categoryID }, { categoryID: fx.category.categoryID }, { closed: false }])
      assert.equal((await send(fx.admin, 'PATCH', url, flags)).statusCode, 200);
    const list = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`;
    assert.equal((await entries(list)).length, 0, 'flag-only changes are not revisions');

    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: writer, text: 'Mine.' });
    const commentUrl = `/api/v2/comments/${String(comment.commentID)}`;
    assert.equal((await send(writer, 'PATCH', commentUrl, { body: rich2('Mine, edited.'), format: 'rich2' })).statusCode, 200);
    assert.equal((await send(writer, 'PATCH', commentUrl, { body: 'Mine, as *markdown*.', format: 'markdown' })).statusCode, 200);
    const logged = await entries(`/api/v2/logs?recordType=comment&recordID=${String(comment.commentID)}`);
    assert.equal(logged.length, 2);
    assert.ok(logged.every((entry) => entry.insertUserID === userID(writer) && entry.operation === 'edit'));
    assert.equal(logged[1]?.data.format, 'rich2');
    assert.deepEqual(Object.keys(logged[0]?.data ?? {}).sort(), COMMENT_DATA);
    assert.equal(logged[0]?.parentRecordID, discussion.discussionID);
    assert.ok((logged[0]?.logID ?? 0) > (logged[1]?.logID ?? 0), 'newest first');
  });

  test('delete: a discussion carries data.comments; bulk, tombstone and reject-record deletions log one entry per comment', async () => {
    const writer = await author();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: writer });
    const kept = await makeComment(fx.t, { discussionID: discussion.discussionID, text: 'Kept parent.' });
    await makeComment(fx.t, { discussionID: discussion.discussionID, parentCommentID: kept.commentID, text: 'A reply.' });
    const full = await makeComment(fx.t, { discussionID: discussion.discussionID });
    const tomb = await send(fx.moderator, 'DELETE', '/api/v2/comments/list?longRunnerMode=sync', { commentIDs: [kept.commentID], deleteMethod: 'tombstone' });
    assert.equal(tomb.statusCode, 200, tomb.body);
    const bulk = await send(fx.moderator, 'DELETE', '/api/v2/comments/list?longRunnerMode=sync', { commentIDs: [full.commentID], deleteMethod: 'full' });
    assert.equal(bulk.statusCode, 200, bulk.body);
    const deleted = await entries(`/api/v2/logs?recordType=comment&parentRecordID=${String(discussion.discussionID)}&operation=delete`);
    assert.deepEqual(deleted.map((entry) => entry.recordID).sort((a, b) => a - b), [kept.commentID, full.commentID]);
    assert.ok(deleted.every((entry) => entry.parentRecordID === discussion.discussionID && entry.operation === 'delete'));
    assert.match(String(deleted.find((entry) => entry.recordID === kept.commentID)?.data.body), /Kept parent/);

    const reported = await makeComment(fx.t, { discussionID: discussion.discussionID, text: 'Reported.' });
    assert.equal((await send(fx.admin, 'PATCH', '/api/v2/config', { 'featureFlags.escalations.Enabled': true })).statusCode, 200);
    const report = await send(fx.admin, 'POST', '/api/v2/reports', { recordType: 'comment', recordID: reported.commentID, reportReasonIDs: ['spam'] });
    assert.equal(report.statusCode, 201, report.body);
    const rejected = await send(fx.moderator, 'PATCH', `/api/v2/reports/${String((report.json() as { reportID: number }).reportID)}/reject-record`, {});
    assert.equal(rejected.statusCode, 200, rejected.body);
    const [rejectEntry] = await entries(`/api/v2/logs?recordType=comment&recordID=${String(reported.commentID)}&operation=delete`);
    assert.equal(rejectEntry?.insertUserID, userID(fx.moderator));

    const removed = await send(fx.moderator, 'DELETE', `/api/v2/discussions/${String(discussion.discussionID)}`);
    assert.equal(removed.statusCode, 204, removed.body);
    const [entry] = await entries(`/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=delete`);
    assert.ok(entry);
    assert.deepEqual(Object.keys(entry.data).filter((key) => key !== 'comments').sort(), DISCUSSION_DATA);
    const comments = entry.data.comments as Record<string, unknown>[];
    assert.ok(comments.length >= 1);
    assert.ok(comments.every((comment) => comment.discussionID === discussion.discussionID));

    const other = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const bulkDiscussions = await send(fx.moderator, 'DELETE', '/api/v2/discussions/list?longRunnerMode=sync', { discussionIDs: [other.discussionID] });
    assert.equal(bulkDiscussions.statusCode, 200, bulkDiscussions.body);
    assert.equal((await entries(`/api/v2/logs?recordType=discussion&recordID=${String(other.discussionID)}&operation=delete`)).length, 1);
  });

  test('ban and unban are ban entries: data {userID, name, banned 0|1, reason?}, by the moderator, about the user', async () => {
    const target = await asMember(fx.t);
    const url = `/api/v2/users/${String(userID(target))}/ban`;
    assert.equal((await send(fx.moderator, 'PUT', url, { banned: true, reason: 'Rude' })).statusCode, 200);
    assert.equal((await send(fx.moderator, 'PUT', url, { banned: false })).statusCode, 200);
    const [unban, ban] = await entries(`/api/v2/logs?recordType=user&recordID=${String(userID(target))}&operation=ban`);
    assert.ok(unban && ban);
    assert.deepEqual(ban.data, { userID: userID(target), name: (target.user as TestUser).name, banned: 1, reason: 'Rude' });
    assert.equal(unban.data.banned, 0);
    assert.equal(ban.recordType, 'user');
    assert.equal(ban.recordUserID, userID(target));
    assert.equal(ban.insertUserID, userID(fx.moderator));
    assert.equal((await send(fx.moderator, 'POST', `/api/v2/logs/${String(ban.logID)}/restore`)).statusCode, 400);
  });

  test('who reads: discussions.moderate in the category reads its discussion’s history; users.edit reads user entries only; authors 403', async () => {
    const writer = await author();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.guarded.categoryID, as: writer, name: 'Guarded one' });
    assert.equal((await send(writer, 'PATCH', `/api/v2/discussions/${String(discussion.discussionID)}`, { name: 'Guarded two' })).statusCode, 200);
    const history = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`;
    const read = await entries(history, fx.discussionsModerator);
    assert.equal(read.length, 1);
    assert.equal((await get(fx.discussionsModerator, `/api/v2/logs/${String(read[0]?.logID)}`)).statusCode, 200);
    assert.equal((await get(fx.discussionsModerator, '/api/v2/logs?recordType=discussion&operation=edit')).statusCode, 403, 'the rest of the log is community.moderate');
    const byAuthor = await get(writer, history);
    assert.equal(byAuthor.statusCode, 403, 'the author is not a moderator of the post');
    assert.equal((byAuthor.json() as ErrorBody).message, 'Permission Problem');
    assert.equal((await get(writer, `/api/v2/logs/${String(read[0]?.logID)}`)).statusCode, 403);

    const target = await asMember(fx.t);
    assert.equal((await send(fx.admin, 'PUT', `/api/v2/users/${String(userID(target))}/ban`, { banned: true })).statusCode, 200);
    assert.equal((await entries('/api/v2/logs?recordType=user&operation=ban', fx.userEditor)).length >= 1, true);
    assert.equal((await get(fx.userEditor, history)).statusCode, 403, 'users.edit does not open posts');
    assert.equal((await get(fx.discussionsModerator, '/api/v2/logs?recordType=user&operation=ban')).statusCode, 403);
    assert.equal((await get(fx.guest, history)).statusCode, 403);
    assert.equal((await entries('/api/v2/logs?recordType=discussion&operation=edit')).length >= 1, true, 'community.moderate reads everything');
  });

  test('paging: limit default 30, max 100; insertUserID filter; numbered pager', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, name: 'Edit 0' });
    const url = `/api/v2/discussions/${String(discussion.discussionID)}`;
    for (let n = 1; n <= 31; n += 1)
      assert.equal((await send(fx.admin, 'PATCH', url, { name: `Edit ${String(n)}` })).statusCode, 200);
    const list = `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`;
    const first = await get(fx.moderator, list);
    const page = first.json() as LogEntry[];
    assert.equal(page.length, 30);
    assert.equal(page[0]?.data.name, 'Edit 30', 'newest first');
    assert.equal(first.headers['x-app-page-result-count'], '31');
    assert.equal(first.headers['x-app-page-limit'], '30');
    const second = (await get(fx.moderator, `${list}&page=2`)).json() as LogEntry[];
    assert.deepEqual(second.map((entry) => entry.data.name), ['Edit 0']);
    assert.equal(((await get(fx.moderator, `${list}&limit=100`)).json() as LogEntry[]).length, 31);
    assert.equal((await get(fx.moderator, `${list}&limit=101`)).statusCode, 422);
    assert.equal((await get(fx.moderator, `${list}&limit=0`)).statusCode, 422);
    assert.equal((await entries(`${list}&insertUserID=${String(userID(fx.member))}`)).length, 0);
    assert.equal((await entries(`${list}&insertUserID=${String(userID(fx.admin))}`)).length, 30);
    const missing = await get(fx.moderator, '/api/v2/logs/123456789');
    assert.deepEqual(missing.json(), { message: 'Log not found.', status: 404 });
  });

  test('restore: the record comes back with its ID; a delete entry is removed; restoring an edit is itself logged', async () => {
    const writer = await author();
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: writer, name: 'Back again' });
    await makeComment(fx.t, { discussionID: discussion.discussionID, as: writer });
    const profileBefore = (await get(fx.admin, `/api/v2/users/${String(userID(writer))}`)).json() as { countDiscussions: number };
    assert.equal((await send(fx.moderator, 'DELETE', `/api/v2/discussions/${String(discussion.discussionID)}`)).statusCode, 204);
    const [entry] = await entries(`/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=delete`);
    assert.ok(entry);
    const restored = await send(fx.moderator, 'POST', `/api/v2/logs/${String(entry.logID)}/restore`);
    assert.equal(restored.statusCode, 200, restored.body);
    const body = restored.json() as { discussionID: number; countComments: number };
    assert.equal(body.discussionID, discussion.discussionID);
    assert.equal(body.countComments, 1);
    const profileAfter = (await get(fx.admin, `/api/v2/users/${String(userID(writer))}`)).json() as { countDiscussions: number };
    assert.equal(profileAfter.countDiscussions, profileBefore.countDiscussions, 'the author’s counter is back');
    assert.equal((await get(fx.moderator, `/api/v2/logs/${String(entry.logID)}`)).statusCode, 404, 'the delete entry is removed');

    const url = `/api/v2/discussions/${String(discussion.discussionID)}`;
    assert.equal((await send(writer, 'PATCH', url, { name: 'Changed' })).statusCode, 200);
    const [edit] = await entries(`/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=edit`);
    assert.ok(edit);
    assert.equal((await send(writer, 'POST', `/api/v2/logs/${String(edit.logID)}/restore`)).statusCode, 403, 'authors do not restore');
    assert.equal((await send(fx.moderator, 'POST', `/api/v2/logs/${String(edit.logID)}/restore`)).statusCode, 200);
    const after = await entries(`/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}&operation=edit`);
    assert.equal(after.length, 2);
    assert.equal(after[0]?.data.name, 'Changed');
    assert.equal(after[0]?.insertUserID, userID(fx.moderator));
  });
});
