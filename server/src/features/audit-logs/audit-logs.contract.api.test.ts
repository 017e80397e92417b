import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, createUser, inject, uniqueIP, type TestActor, type TestUser } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion, rich2, type ErrorBody } from '../../../test/factories.ts';
import { auditEventTypes, type AuditLog } from '../../../../common/src/api/logs.ts';

// api-contract §27.9 row by row (AuditLog, each event type Hearth has a call for, filters,
// event types, 404) and §27.8 (bans: audit events, 401 on every write).

const BANNED = { message: 'You are banned.', status: 401 };

describe(`audit-logs contract (${testDialect})`, () => {
  const fx = useTestApp(async (t) => {
    const actors = await makeActors(t);
    const category = await makeCategory(t);
    const settings = await inject(t, actors.admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'featureFlags.escalations.Enabled': true } });
    assert.equal(settings.statusCode, 200, settings.body);
    return { ...actors, category };
  });

  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });
  const send = (actor: TestActor | null, method: 'PATCH' | 'POST' | 'PUT', url: string, payload: object, headers: Record<string, string> = {}) =>
    inject(fx.t, actor, { method, url, payload, headers });
  async function list(query: string): Promise<AuditLog[]> {
    const response = await get(fx.admin, `/api/v2/audit-logs?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as AuditLog[];
  }
  async function latest(eventType: string): Promise<AuditLog> {
    const [entry] = await list(`eventType=${eventType}&limit=1`);
    assert.ok(entry, `no ${eventType} entry`);
    return entry;
  }
  const userID = (actor: TestActor) => (actor.user as TestUser).userID;

  test('AuditLog: every field; the address, method, path, query and X-Parent-Audit-Log-Id of the request', async () => {
    const ip = uniqueIP();
    const response = await send(fx.admin, 'PATCH', '/api/v2/config?source=contract', { 'garden.title': 'Contract forum' }, {
      'x-forwarded-for': ip,
      'x-parent-audit-log-id': 'a1b2c3',
    });
    assert.equal(response.statusCode, 200, response.body);
    const entry = await latest('configuration_change');
    for (const field of ['auditLogID', 'eventType', 'message', 'requestMethod', 'requestPath', 'requestQuery', 'context', 'meta', 'insertUserID', 'dateInserted', 'insertIPAddress', 'spoofUserID', 'parentAuditLogID'])
      assert.ok(field in entry, `missing ${field}`);
    assert.equal(entry.insertIPAddress, ip);
    assert.equal(entry.requestMethod, 'PATCH');
    assert.equal(entry.requestPath, '/api/v2/config');
    assert.deepEqual(entry.requestQuery, { source: 'contract' });
    assert.equal(entry.parentAuditLogID, 'a1b2c3');
    assert.equal(entry.insertUserID, userID(fx.admin));
    assert.equal(typeof entry.message, 'string');
    assert.deepEqual((await list(`insertIPAddress=${ip}`)).map((item) => item.auditLogID), [entry.auditLogID]);
  });

  test('configuration_change holds every changed key with old and new values; layout_apply when a view changes layout', async () => {
    assert.equal((await send(fx.admin, 'PATCH', '/api/v2/config', { 'garden.description': 'One', 'customLayout.home': false })).statusCode, 200);
    const change = await latest('configuration_change');
    assert.deepEqual(Object.keys(change.context).sort(), ['customLayout.home', 'garden.description']);
    assert.deepEqual(change.context['customLayout.home'], { old: true, new: false });
    const layout = await latest('layout_apply');
    assert.equal(layout.context.layoutViewType, 'home');
    assert.deepEqual(layout.context.customLayout, { old: true, new: false });
    assert.equal((await send(fx.admin, 'PATCH', '/api/v2/config', { 'customLayout.home': true })).statusCode, 200);
    assert.deepEqual((await latest('layout_apply')).context.customLayout, { old: false, new: true });
  });

  test('passwordReset_emailSent, passwordReset_failed and passwordReset_completed', async () => {
    const user = await createUser(fx.t);
    const requested = await inject(fx.t, null, { method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } });
    assert.equal(requested.statusCode, 201, requested.body);
    const sent = await latest('passwordReset_emailSent');
    assert.equal(sent.context.userID, user.userID);
    const mail = [...fx.t.mail.sent].reverse().find((message) => message.text.includes('/entry/passwordreset/'));
    const code = decodeURIComponent(/\/entry\/passwordreset\/\d+\/([\w%-]+)/.exec(mail?.text ?? '')?.[1] ?? '');
    assert.ok(code);
    const url = `/api/v2/users/${String(user.userID)}/reset-password`;
    const wrong = await inject(fx.t, null, { method: 'POST', url, payload: { resetCode: 'wrong-code', password: 'a brand new password' } });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.equal((await latest('passwordReset_failed')).context.userID, user.userID);
    const right = await inject(fx.t, null, { method: 'POST', url, payload: { resetCode: code, password: 'a brand new password' } });
    assert.equal(right.statusCode, 201, right.body);
    assert.equal((await latest('passwordReset_completed')).context.userID, user.userID);
  });

  test('report_dismiss, report_rejectRecord, report_editRecord and report_approveRecord', async () => {
    const author = await asMember(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const reportOf = async (commentID: number) => {
      const response = await send(fx.member, 'POST', '/api/v2/reports', { recordType: 'comment', recordID: commentID, reportReasonIDs: ['spam'] });
      assert.equal(response.statusCode, 201, response.body);
      return (response.json() as { reportID: number }).reportID;
    };
    const first = await reportOf((await makeComment(fx.t, { discussionID: discussion.discussionID, as: author })).commentID);
    assert.equal((await send(fx.moderator, 'PATCH', `/api/v2/reports/${String(first)}/dismiss`, {})).statusCode, 200);
    assert.equal((await latest('report_dismiss')).insertUserID, userID(fx.moderator));
    const second = await reportOf((await makeComment(fx.t, { discussionID: discussion.discussionID, as: author })).commentID);
    assert.equal((await send(fx.moderator, 'PATCH', `/api/v2/reports/${String(second)}/reject-record`, {})).statusCode, 200);
    assert.equal((await latest('report_rejectRecord')).insertUserID, userID(fx.moderator));

    assert.equal((await send(fx.admin, 'PATCH', '/api/v2/config', { 'premoderation.keywords': 'auditword' })).statusCode, 200);
    try {
      const held = await send(author, 'POST', '/api/v2/comments', {
        body: rich2('This has auditword in it.'), format: 'rich2', parentRecordType: 'discussion', parentRecordID: discussion.discussionID,
      });
      assert.equal(held.statusCode, 202, held.body);
      const queued = (held.json() as { reportID: number }).reportID;
      const edited = await send(fx.moderator, 'PATCH', `/api/v2/reports/${String(queued)}`, {
        premoderatedRecord: { body: rich2('Moderator wording.'), format: 'rich2' },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const edit = await latest('report_editRecord');
      assert.equal(edit.insertUserID, userID(fx.moderator));
      assert.equal(edit.context.reportID, queued);
      assert.match(String((edit.context.before as { html: string }).html), /auditword/);
      assert.match(String((edit.context.after as { html: string }).html), /Moderator wording\./);
      assert.equal((await send(fx.moderator, 'PATCH', `/api/v2/reports/${String(queued)}/approve-record`, {})).statusCode, 200);
      assert.equal((await latest('report_approveRecord')).insertUserID, userID(fx.moderator));
    } finally {
      await send(fx.admin, 'PATCH', '/api/v2/config', { 'premoderation.keywords': '' });
    }
  });

  test('bans: user_ban/user_unban with reason and end date; the banned user gets 401 on every write', async () => {
    const target = await asMember(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID });
    const url = `/api/v2/users/${String(userID(target))}/ban`;
    const dateExpires = new Date(Date.now() + 86_400_000).toISOString();
    const banned = await send(fx.moderator, 'PUT', url, { banned: true, reason: 'Contract', dateExpires });
    assert.equal(banned.statusCode, 200, banned.body);
    const ban = await latest('user_ban');
    assert.equal(ban.message, `Banned user ${(target.user as TestUser).name}.`);
    assert.equal(ban.context.reason, 'Contract');
    assert.ok('dateExpires' in ban.context);

    const writes = [
      { method: 'POST' as const, url: '/api/v2/reports', payload: { recordType: 'comment', recordID: comment.commentID, reportReasonIDs: ['spam'] } },
      { method: 'POST' as const, url: '/api/v2/conversations', payload: { participantUserIDs: [userID(fx.member)], initialBody: 'Hi', initialFormat: 'text' } },
      { method: 'POST' as const, url: '/api/v2/drafts', payload: { recordType: 'comment', parentRecordType: 'discussion', parentRecordID: discussion.discussionID, attributes: { body: 'x', format: 'text' } } },
      { method: 'PUT' as const, url: `/api/v2/comments/${String(comment.commentID)}/reactions`, payload: { reactionType: 'Like' } },
      { method: 'POST' as const, url: `/api/v2/comments/${String(comment.commentID)}/reactions`, payload: { reactionType: 'Like' } },
    ];
    for (const write of writes) {
      const refused = await inject(fx.t, target, write);
      assert.deepEqual(refused.json(), BANNED, `${write.method} ${write.url}`);
    }
    assert.equal((await send(fx.moderator, 'PUT', url, { banned: false })).statusCode, 200);
    assert.equal((await latest('user_unban')).context.userID, userID(target));
    const refused = await send(fx.member, 'PUT', url, { banned: true });
    assert.equal(refused.statusCode, 403);
    const tooLong = await send(fx.moderator, 'PUT', url, { banned: true, reason: 'x'.repeat(501) });
    assert.equal(tooLong.statusCode, 422);
    assert.equal((tooLong.json() as ErrorBody).errors?.[0]?.field, 'reason');
  });

  test('list: newest first, limit default 30 max 500, eventType list, dateInserted, onlySpoofedActions, insertUserID', async () => {
    for (let n = 0; n < 3; n += 1)
      assert.equal((await send(fx.admin, 'PATCH', '/api/v2/config', { 'garden.description': `Pass ${String(n)}` })).statusCode, 200);
    const response = await get(fx.admin, '/api/v2/audit-logs');
    assert.equal(response.headers['x-app-page-limit'], '30');
    const entries = response.json() as AuditLog[];
    assert.ok(entries.length <= 30);
    const dates = entries.map((entry) => Date.parse(entry.dateInserted));
    assert.deepEqual(dates, [...dates].sort((a, b) => b - a), 'newest first');
    assert.equal((await latest('configuration_change')).context['garden.description'] !== undefined, true);
    const two = await list('eventType=configuration_change,layout_apply&limit=500');
    assert.ok(two.every((entry) => ['configuration_change', 'layout_apply'].includes(entry.eventType)));
    assert.ok(two.some((entry) => entry.eventType === 'layout_apply'));
    const today = new Date().toISOString().slice(0, 10);
    assert.ok((await list(`dateInserted=${encodeURIComponent(`>=${today}`)}&limit=5`)).length > 0);
    assert.deepEqual(await list(`dateInserted=${encodeURIComponent('<2001-01-01')}`), []);
    assert.ok((await list(`dateInserted=${encodeURIComponent('[2000-01-01,2999-01-01]')}&limit=5`)).length > 0);
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?dateInserted=2000-01-01..2999-01-01')).statusCode, 422);
    assert.deepEqual(await list('onlySpoofedActions=true'), []);
    assert.ok((await list('onlySpoofedActions=false&limit=1')).length === 1);
    const mine = await list(`insertUserID=${String(userID(fx.admin))}&limit=500`);
    assert.ok(mine.length >= 3 && mine.every((entry) => entry.insertUserID === userID(fx.admin)));
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?limit=500')).statusCode, 200);
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?limit=501')).statusCode, 422);
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?page=0')).statusCode, 422);
  });

  test('event types list every type of §27.9 with a name; 404 "Audit log not found."; site.manage only', async () => {
    const types = (await get(fx.admin, '/api/v2/audit-logs/event-types')).json() as { eventType: string; name: string }[];
    const listed = new Set(types.map((type) => type.eventType));
    for (const eventType of [
      'user_signin', 'user_signinFailed', 'user_roleModification', 'configuration_change', 'passwordReset_emailSent',
      'passwordReset_completed', 'passwordReset_failed', 'theme_apply', 'addon_toggled', 'layout_apply', 'premoderation_superSpam',
      'user_ban', 'user_unban', 'user_delete', 'discussion_delete', 'comment_delete', 'discussion_move', 'discussion_merge',
      'report_dismiss', 'report_approveRecord', 'report_rejectRecord', 'report_editRecord', 'log_restore',
    ])
      assert.ok(listed.has(eventType), eventType);
    assert.equal(types.length, Object.keys(auditEventTypes).length);
    assert.ok(types.every((type) => type.name.length > 0));
    const missing = await get(fx.admin, '/api/v2/audit-logs/4b0c5f44-0000-4000-8000-000000000000');
    assert.deepEqual(missing.json(), { message: 'Audit log not found.', status: 404 });
    for (const actor of [fx.moderator, fx.member, fx.guest]) {
      const refused = await get(actor, '/api/v2/audit-logs');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual((refused.json() as ErrorBody).permissions, ['site.manage']);
    }
  });
});
