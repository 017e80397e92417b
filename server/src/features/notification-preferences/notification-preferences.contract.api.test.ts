import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { asMember, asModerator, asUser, inject, type TestActor } from '../../../test/actors.ts';
import { makeActors, makeRole, type ErrorBody } from '../../../test/factories.ts';
import type { NotificationPreferences, NotificationPreferencesSchema } from '../../../../common/src/api/notifications.ts';

// api-contract §6, sentence by sentence (the sharpened text): what a member, a moderator, an
// administrator and a user without `email.view` see and may change.

describe(`notification preferences: contract §6 (${testDialect})`, () => {
  const fx = useTestApp(makeActors);

  function call(actor: TestActor | null, method: 'GET' | 'PATCH', url: string, payload?: object) {
    return inject(fx.t, actor, { method, url, ...(payload ? { payload } : {}) });
  }

  async function schemaOf(actor: TestActor, query = ''): Promise<NotificationPreferencesSchema> {
    const response = await call(actor, 'GET', `/api/v2/notification-preferences/schema${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  async function preferencesOf(actor: TestActor, userID: string | number = '$me'): Promise<NotificationPreferences> {
    const response = await call(actor, 'GET', `/api/v2/notification-preferences/${String(userID)}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  test('the schema is a JSON-schema object: notifications → groups → activity with x-control and boolean methods', async () => {
    const schema = await schemaOf(fx.member);
    assert.equal(schema.type, 'object');
    assert.equal(schema.properties.notifications.type, 'object');
    const entry = schema.properties.notifications.properties.followedPosts?.properties.NewComment;
    assert.equal(entry?.type, 'object');
    assert.equal(typeof entry?.['x-control'].label, 'string');
    assert.ok(entry?.['x-control'].label.length);
    assert.deepEqual(entry?.properties, { email: { type: 'boolean', default: true }, popup: { type: 'boolean', default: true } });
    const keys = Object.values(schema.properties.notifications.properties).flatMap((group) => Object.keys(group.properties));
    for (const key of ['NewDiscussion', 'NewComment', 'DigestEnabled', 'Mention', 'BookmarkComment', 'Participated', 'CommentReply', 'ConversationMessage', 'Reaction']) {
      assert.ok(keys.includes(key), `the member's schema has ${key}`);
    }
    assert.ok(!keys.includes('Report'), 'Report is for moderators');
    assert.deepEqual(
      schema.properties.notifications.properties.followedPosts?.properties.DigestEnabled?.properties,
      { email: { type: 'boolean', default: true } },
      'DigestEnabled is e-mail only',
    );
  });

  test('Report appears for moderators (community.moderate or posts.moderate), in the schema and the preferences', async () => {
    const moderatorSchema = await schemaOf(fx.moderator);
    const report = Object.values(moderatorSchema.properties.notifications.properties).find((group) => group.properties.Report)?.properties.Report;
    assert.deepEqual(report?.properties, { email: { type: 'boolean', default: false }, popup: { type: 'boolean', default: true } });
    assert.deepEqual((await preferencesOf(fx.moderator)).Report, { email: false, popup: true });
    assert.equal((await preferencesOf(fx.member)).Report, undefined);
    const postsRole = await makeRole(fx.t, {
      permissions: [
        { type: 'global', permissions: { 'session.valid': true } },
        { type: 'category', id: 0, permissions: { 'posts.moderate': true } },
      ],
    });
    const categoryModerator = await asMember(fx.t, { roleIDs: [postsRole.roleID] });
    assert.deepEqual((await preferencesOf(categoryModerator)).Report, { email: false, popup: true });
    // A member's Report key is not theirs to set: dropped, like any unknown key.
    const patched = await call(fx.member, 'PATCH', '/api/v2/notification-preferences/$me', { Report: { popup: false } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.equal((patched.json() as NotificationPreferences).Report, undefined);
    const saved = await call(fx.moderator, 'PATCH', '/api/v2/notification-preferences/$me', { Report: { email: true } });
    assert.deepEqual((saved.json() as NotificationPreferences).Report, { email: true, popup: true });
  });

  test('defaults for a new member: popup on for all; e-mail on for NewDiscussion, NewComment, ConversationMessage, DigestEnabled only', async () => {
    const fresh = await asMember(fx.t);
    const preferences = await preferencesOf(fresh);
    assert.equal(preferences.NotificationLanguage, undefined, 'NotificationLanguage present only when set');
    assert.deepEqual(preferences, {
      Mention: { email: false, popup: true },
      CommentReply: { email: false, popup: true },
      BookmarkComment: { email: false, popup: true },
      Participated: { email: false, popup: true },
      NewDiscussion: { email: true, popup: true },
      NewComment: { email: true, popup: true },
      Reaction: { email: false, popup: true },
      ConversationMessage: { email: true, popup: true },
      Approval: { email: false, popup: true },
      DigestEnabled: { email: true },
    });
  });

  test('the e-mail column is shown and honoured only for holders of email.view (the member role holds it)', async () => {
    const unconfirmed = await asUser(fx.t, { roleTypes: ['unconfirmed'] });
    const schema = await schemaOf(unconfirmed);
    for (const group of Object.values(schema.properties.notifications.properties)) {
      for (const entry of Object.values(group.properties)) assert.equal(entry.properties.email, undefined);
    }
    const preferences = await preferencesOf(unconfirmed);
    assert.deepEqual(preferences.ConversationMessage, { popup: true });
    const refused = await call(unconfirmed, 'PATCH', '/api/v2/notification-preferences/$me', { NewComment: { email: true } });
    assert.equal(refused.statusCode, 403);
    // An administrator reading the schema of a user without email.view sees that user's columns.
    const forOther = await schemaOf(fx.admin, `?userID=${String(unconfirmed.user.userID)}`);
    assert.equal(forOther.properties.notifications.properties.myActivity?.properties.Mention?.properties.email, undefined);
  });

  test('NotificationLanguage must be an enabled locale, else 404 "Selected language preference not found."', async () => {
    const member = await asMember(fx.t);
    const bad = await call(member, 'PATCH', '/api/v2/notification-preferences/$me', { NotificationLanguage: 'zz' });
    assert.equal(bad.statusCode, 404);
    assert.deepEqual(bad.json(), { message: 'Selected language preference not found.', status: 404 });
    const good = await call(member, 'PATCH', '/api/v2/notification-preferences/$me', { NotificationLanguage: 'en', Mention: { popup: false } });
    assert.equal(good.statusCode, 200);
    const body = good.json() as NotificationPreferences;
    assert.equal(body.NotificationLanguage, 'en');
    assert.deepEqual(body.Mention, { email: false, popup: false }, 'answers the full saved preferences');
    assert.deepEqual(body.NewComment, { email: true, popup: true });
  });

  test('defaults GET and PATCH need site.manage; schemaType=defaults too; same shape', async () => {
    for (const actor of [fx.member, fx.moderator, fx.guest]) {
      for (const [method, url] of [
        ['GET', '/api/v2/notification-preferences/defaults'],
        ['PATCH', '/api/v2/notification-preferences/defaults'],
        ['GET', '/api/v2/notification-preferences/schema?schemaType=defaults'],
      ] as const) {
        const response = await call(actor, method, url, method === 'PATCH' ? { Mention: { popup: false } } : undefined);
        assert.equal(response.statusCode, 403, `${method} ${url}`);
        if (actor !== fx.guest) assert.deepEqual((response.json() as ErrorBody).permissions, ['site.manage']);
      }
    }
    const managerRole = await makeRole(fx.t, { globalPermissions: ['session.valid', 'site.manage'] });
    const manager = await asMember(fx.t, { roleIDs: [managerRole.roleID] });
    const defaults = await call(manager, 'GET', '/api/v2/notification-preferences/defaults');
    assert.equal(defaults.statusCode, 200, defaults.body);
    assert.deepEqual(Object.keys(defaults.json() as object).sort(), [
      'Approval', 'BookmarkComment', 'CommentReply', 'ConversationMessage', 'DigestEnabled', 'Mention', 'NewComment', 'NewDiscussion', 'Participated', 'Reaction', 'Report',
    ]);
    const patched = await call(manager, 'PATCH', '/api/v2/notification-preferences/defaults', { ConversationMessage: { email: false } });
    assert.deepEqual((patched.json() as NotificationPreferences).ConversationMessage, { email: false, popup: true });
    const bad = await call(manager, 'PATCH', '/api/v2/notification-preferences/defaults', { Mention: { popup: 'no' } });
    assert.equal(bad.statusCode, 422);
    await call(manager, 'PATCH', '/api/v2/notification-preferences/defaults', { ConversationMessage: { email: true } });
  });

  test('other users: users.edit to read and write, plus a higher rank to edit; deleted or missing user 404', async () => {
    const target = await asMember(fx.t);
    const path = `/api/v2/notification-preferences/${String(target.user.userID)}`;
    const byMember = await call(fx.member, 'GET', path);
    assert.equal(byMember.statusCode, 403);
    assert.deepEqual((byMember.json() as ErrorBody).permissions, ['users.edit']);
    assert.equal((await call(fx.member, 'PATCH', path, { Mention: { popup: false } })).statusCode, 403);
    assert.equal((await call(fx.guest, 'GET', '/api/v2/notification-preferences/$me')).statusCode, 403);
    // Ranks (api-contract §1.12): curation.manage is above a member, below a moderator.
    const editorRole = await makeRole(fx.t, { globalPermissions: ['session.valid', 'users.edit', 'curation.manage'] });
    const editor = await asMember(fx.t, { roleIDs: [editorRole.roleID] });
    const edited = await call(editor, 'PATCH', path, { Mention: { popup: false } });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual((edited.json() as NotificationPreferences).Mention, { email: false, popup: false });
    const moderator = await asModerator(fx.t);
    const higher = await call(editor, 'PATCH', `/api/v2/notification-preferences/${String(moderator.user.userID)}`, { Mention: { popup: false } });
    assert.equal(higher.statusCode, 403, 'the target outranks the editor');
    const deleted = await asMember(fx.t, { deleted: true });
    for (const method of ['GET', 'PATCH'] as const) {
      const gone = await call(fx.admin, method, `/api/v2/notification-preferences/${String(deleted.user.userID)}`, method === 'PATCH' ? { Mention: { popup: false } } : undefined);
      assert.equal(gone.statusCode, 404, method);
      assert.equal((gone.json() as ErrorBody).message, 'User not found.');
    }
    const missing = await call(fx.admin, 'GET', '/api/v2/notification-preferences/2147483647');
    assert.equal(missing.statusCode, 404);
    assert.equal((await call(fx.admin, 'GET', '/api/v2/notification-preferences/schema?userID=2147483646')).statusCode, 404);
  });
});
