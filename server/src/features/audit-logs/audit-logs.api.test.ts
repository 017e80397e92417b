import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, signInThroughApi, TEST_PASSWORD, type TestActor, type TestUser } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion, roleIDOf, type ErrorBody } from '../../../test/factories.ts';
import type { AuditLog } from '../../../../common/src/api/logs.ts';

// Issue 17, api-contract §27.9: the audit log of moderators' and administrators' actions.

describe(`audit-logs API (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)), category: await makeCategory(t) }));

  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });

  async function latest(eventType: string): Promise<AuditLog> {
    const response = await get(fx.admin, `/api/v2/audit-logs?eventType=${eventType}&limit=1`);
    assert.equal(response.statusCode, 200, response.body);
    const [entry] = response.json() as AuditLog[];
    assert.ok(entry, `no ${eventType} entry`);
    return entry;
  }

  test('a ban is recorded with who, what, the request and the parent audit-log ID', async () => {
    const target = await asMember(fx.t);
    const user = target.user as TestUser;
    const response = await inject(fx.t, fx.moderator, {
      method: 'PUT',
      url: `/api/v2/users/${String(user.userID)}/ban?from=dashboard`,
      payload: { banned: true, reason: 'Spam' },
      headers: { 'x-parent-audit-log-id': 'parent-123' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const entry = await latest('user_ban');
    assert.equal(entry.message, `Banned user ${user.name}.`);
    assert.equal(entry.requestMethod, 'PUT');
    assert.equal(entry.requestPath, `/api/v2/users/${String(user.userID)}/ban`);
    assert.deepEqual(entry.requestQuery, { from: 'dashboard' });
    assert.equal(entry.insertUserID, (fx.moderator.user as TestUser).userID);
    assert.equal(entry.insertUser?.name, (fx.moderator.user as TestUser).name);
    assert.equal(entry.parentAuditLogID, 'parent-123');
    assert.equal(entry.spoofUserID, null);
    assert.equal(typeof entry.insertIPAddress, 'string');
    assert.match(entry.auditLogID, /^[0-9a-f-]{36}$/);
    assert.equal(entry.context.reason, 'Spam');
    assert.deepEqual(entry.context.banned, { old: false, new: true });

    const one = await get(fx.admin, `/api/v2/audit-logs/${entry.auditLogID}`);
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((one.json() as AuditLog).eventType, 'user_ban');

    const unban = await inject(fx.t, fx.moderator, { method: 'PUT', url: `/api/v2/users/${String(user.userID)}/ban`, payload: { banned: false } });
    assert.equal(unban.statusCode, 200);
    assert.equal((await latest('user_unban')).message, `Unbanned user ${user.name}.`);
  });

  test('configuration changes keep the old and new values', async () => {
    const before = (await get(fx.admin, '/api/v2/config?select=garden.title')).json() as Record<string, unknown>;
    const response = await inject(fx.t, fx.admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'garden.title': 'Audited forum' } });
    assert.equal(response.statusCode, 200, response.body);
    const entry = await latest('configuration_change');
    assert.deepEqual(entry.context, { 'garden.title': { old: before['garden.title'], new: 'Audited forum' } });
    assert.equal(entry.requestMethod, 'PATCH');
  });

  test('deletions, moves, merges, restores, role changes and sign-ins are recorded', async () => {
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: fx.member });
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member });
    assert.equal((await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/comments/${String(comment.commentID)}` })).statusCode, 204);
    assert.deepEqual((await latest('comment_delete')).context.commentID, comment.commentID);

    const target = await makeCategory(fx.t);
    const moved = await inject(fx.t, fx.moderator, {
      method: 'PATCH',
      url: '/api/v2/discussions/move',
      payload: { discussionIDs: [discussion.discussionID], categoryID: target.categoryID },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual((await latest('discussion_move')).context, {
      discussionID: discussion.discussionID,
      categoryID: { old: fx.category.categoryID, new: target.categoryID },
    });

    const destination = await makeDiscussion(fx.t, { categoryID: target.categoryID });
    const merged = await inject(fx.t, fx.moderator, {
      method: 'PATCH',
      url: '/api/v2/discussions/merge',
      payload: { discussionIDs: [discussion.discussionID], destinationDiscussionID: destination.discussionID },
    });
    assert.equal(merged.statusCode, 200, merged.body);
    assert.equal((await latest('discussion_merge')).context.destinationDiscussionID, destination.discussionID);

    const other = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: fx.member });
    assert.equal((await inject(fx.t, fx.moderator, { method: 'DELETE', url: `/api/v2/discussions/${String(other.discussionID)}` })).statusCode, 204);
    assert.equal((await latest('discussion_delete')).context.discussionID, other.discussionID);
    const logs = (await get(fx.moderator, `/api/v2/logs?recordType=discussion&recordID=${String(other.discussionID)}`)).json() as { logID: number }[];
    const restored = await inject(fx.t, fx.moderator, { method: 'POST', url: `/api/v2/logs/${String(logs[0]?.logID)}/restore` });
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal((await latest('log_restore')).context.recordID, other.discussionID);

    const person = await asMember(fx.t);
    const userID = (person.user as TestUser).userID;
    const memberRole = await roleIDOf(fx.t, 'member');
    const moderatorRole = await roleIDOf(fx.t, 'moderator');
    const roles = await inject(fx.t, fx.admin, { method: 'PATCH', url: `/api/v2/users/${String(userID)}`, payload: { roleID: [memberRole, moderatorRole] } });
    assert.equal(roles.statusCode, 200, roles.body);
    assert.deepEqual((await latest('user_roleModification')).context, {
      userID,
      roleIDs: { old: [memberRole], new: [memberRole, moderatorRole] },
    });

    const wrong = await signInThroughApi(fx.t, { username: (person.user as TestUser).name, password: 'not-the-password' });
    assert.equal(wrong.response.statusCode, 401);
    assert.equal((await latest('user_signinFailed')).context.userID, userID);
    const right = await signInThroughApi(fx.t, { username: (person.user as TestUser).name, password: TEST_PASSWORD });
    assert.equal(right.response.statusCode, 201, right.response.body);
    const signin = await latest('user_signin');
    assert.equal(signin.insertUserID, userID);
    assert.equal(signin.requestPath, '/api/v2/authenticate/password');

    const deleted = await inject(fx.t, fx.admin, { method: 'DELETE', url: `/api/v2/users/${String(userID)}` });
    assert.equal(deleted.statusCode, 204, deleted.body);
    assert.equal((await latest('user_delete')).context.userID, userID);
  });

  test('filters, paging, event types; site.manage only; 404 and bad input', async () => {
    const byModerator = await get(fx.admin, `/api/v2/audit-logs?insertUserID=${String((fx.moderator.user as TestUser).userID)}&limit=2`);
    assert.equal(byModerator.statusCode, 200, byModerator.body);
    const entries = byModerator.json() as AuditLog[];
    assert.ok(entries.length > 0);
    assert.ok(entries.every((entry) => entry.insertUserID === (fx.moderator.user as TestUser).userID));
    assert.equal(byModerator.headers['x-app-page-limit'], '2');
    assert.ok(Number(byModerator.headers['x-app-page-result-count']) >= entries.length);
    const today = new Date().toISOString().slice(0, 10);
    const dated = await get(fx.admin, `/api/v2/audit-logs?dateInserted=${today}&eventType=user_ban,user_unban`);
    assert.equal(dated.statusCode, 200, dated.body);
    assert.ok((dated.json() as AuditLog[]).every((entry) => ['user_ban', 'user_unban'].includes(entry.eventType)));
    assert.deepEqual((await get(fx.admin, '/api/v2/audit-logs?dateInserted=2000-01-01')).json(), []);
    assert.deepEqual((await get(fx.admin, '/api/v2/audit-logs?onlySpoofedActions=true')).json(), []);

    const types = await get(fx.admin, '/api/v2/audit-logs/event-types');
    assert.equal(types.statusCode, 200);
    assert.ok((types.json() as { eventType: string; name: string }[]).some((type) => type.eventType === 'configuration_change'));

    for (const actor of [fx.member, fx.moderator, fx.guest]) {
      for (const url of ['/api/v2/audit-logs', '/api/v2/audit-logs/event-types', '/api/v2/audit-logs/x']) {
        const refused = await get(actor, url);
        assert.equal(refused.statusCode, 403, `${url}: ${refused.body}`);
        assert.deepEqual((refused.json() as ErrorBody).permissions, ['site.manage']);
      }
    }
    const missing = await get(fx.admin, '/api/v2/audit-logs/00000000-0000-0000-0000-000000000000');
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Audit log not found.');
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?limit=501')).statusCode, 422);
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?dateInserted=yesterday')).statusCode, 422);
    assert.equal((await get(fx.admin, '/api/v2/audit-logs?insertUserID=abc')).statusCode, 422);
  });
});
