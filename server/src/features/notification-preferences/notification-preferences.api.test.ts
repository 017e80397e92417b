import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asMember, asModerator, asUser, inject, type TestActor } from '../../../test/actors.ts';
import { makeRole, type ErrorBody } from '../../../test/factories.ts';
import type { NotificationPreferences, NotificationPreferencesSchema } from '../../../../common/src/api/notifications.ts';

describe(`notification preferences API (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  function call(actor: TestActor | null, method: 'GET' | 'PATCH', url: string, payload?: object) {
    return inject(t, actor, { method, url, ...(payload ? { payload } : {}) });
  }

  /** A signed-in user without email.view: the Unconfirmed role lacks it (the member role holds it). */
  function withoutEmailView(): Promise<TestActor> {
    return asUser(t, { roleTypes: ['unconfirmed'] });
  }

  test('a user reads and saves their own preferences; e-mail only with email.view', async () => {
    const member = await withoutEmailView();
    const read = await call(member, 'GET', '/api/v2/notification-preferences/$me');
    assert.equal(read.statusCode, 200, read.body);
    const preferences = read.json() as NotificationPreferences;
    assert.deepEqual(preferences.Mention, { popup: true }, 'no e-mail column without email.view');
    assert.equal(preferences.DigestEnabled, undefined);
    assert.equal(preferences.NotificationLanguage, undefined);
    const saved = await call(member, 'PATCH', `/api/v2/notification-preferences/${String(member.user?.userID)}`, {
      Mention: { popup: false },
      NotificationLanguage: 'en',
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual((saved.json() as NotificationPreferences).Mention, { popup: false });
    assert.equal((saved.json() as NotificationPreferences).NotificationLanguage, 'en');
    const again = (await call(member, 'GET', '/api/v2/notification-preferences/$me')).json() as NotificationPreferences;
    assert.deepEqual(again.Mention, { popup: false });
    assert.deepEqual(again.CommentReply, { popup: true });
    const email = await call(member, 'PATCH', '/api/v2/notification-preferences/$me', { Mention: { email: true } });
    assert.equal(email.statusCode, 403);
    const withEmail = await asMember(t);
    const mailPrefs = (await call(withEmail, 'GET', '/api/v2/notification-preferences/$me')).json() as NotificationPreferences;
    assert.deepEqual(mailPrefs.NewComment, { email: true, popup: true });
    assert.deepEqual(mailPrefs.Mention, { email: false, popup: true });
    assert.deepEqual(mailPrefs.DigestEnabled, { email: true });
  });

  test('language 404, other users: users.edit and a higher rank; deleted or missing user 404', async () => {
    const member = await asMember(t);
    const other = await asMember(t);
    const language = await call(member, 'PATCH', '/api/v2/notification-preferences/$me', { NotificationLanguage: 'xx' });
    assert.equal(language.statusCode, 404);
    assert.equal((language.json() as ErrorBody).message, 'Selected language preference not found.');
    const foreign = await call(member, 'GET', `/api/v2/notification-preferences/${String(other.user?.userID)}`);
    assert.equal(foreign.statusCode, 403);
    assert.equal(foreign.json<ErrorBody>().permissions?.[0], 'users.edit');
    const admin = await asAdmin(t);
    const byAdmin = await call(admin, 'PATCH', `/api/v2/notification-preferences/${String(other.user?.userID)}`, { Reaction: { popup: false } });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    const moderator = await asModerator(t);
    const editorRole = await makeRole(t, { globalPermissions: ['users.edit'] });
    const editor = await asMember(t, { roleIDs: [editorRole.roleID] });
    const higher = await call(editor, 'PATCH', `/api/v2/notification-preferences/${String(moderator.user?.userID)}`, { Reaction: { popup: false } });
    assert.equal(higher.statusCode, 403, 'a moderator outranks a member with users.edit');
    const deleted = await asMember(t, { deleted: true });
    const gone = await call(admin, 'GET', `/api/v2/notification-preferences/${String(deleted.user?.userID)}`);
    assert.equal(gone.statusCode, 404);
    assert.equal((gone.json() as ErrorBody).message, 'User not found.');
    const invalid = await call(member, 'PATCH', '/api/v2/notification-preferences/$me', { Mention: { popup: 'yes' } });
    assert.equal(invalid.statusCode, 422);
  });

  test('schema: the user’s columns and the defaults; defaults editable by site.manage only', async () => {
    const member = await asMember(t);
    const admin = await asAdmin(t);
    const schema = (await call(member, 'GET', '/api/v2/notification-preferences/schema')).json() as NotificationPreferencesSchema;
    const followed = schema.properties.notifications.properties.followedPosts?.properties;
    assert.deepEqual(followed?.NewComment?.properties, {
      email: { type: 'boolean', default: true },
      popup: { type: 'boolean', default: true },
    }, 'the default member role holds email.view (api-contract §6)');
    const noEmail = await withoutEmailView();
    const noEmailSchema = (await call(noEmail, 'GET', '/api/v2/notification-preferences/schema')).json() as NotificationPreferencesSchema;
    const noEmailFollowed = noEmailSchema.properties.notifications.properties.followedPosts?.properties;
    assert.deepEqual(noEmailFollowed?.NewComment?.properties, { popup: { type: 'boolean', default: true } });
    assert.equal(noEmailFollowed?.DigestEnabled, undefined, 'the digest is e-mail only');
    const forbidden = await call(member, 'GET', '/api/v2/notification-preferences/schema?schemaType=defaults');
    assert.equal(forbidden.statusCode, 403);
    assert.equal((await call(member, 'PATCH', '/api/v2/notification-preferences/defaults', { Mention: { popup: false } })).statusCode, 403);
    assert.equal((await call(member, 'GET', '/api/v2/notification-preferences/defaults')).statusCode, 403);
    const patched = await call(admin, 'PATCH', '/api/v2/notification-preferences/defaults', { Participated: { popup: false, email: true } });
    assert.equal(patched.statusCode, 200, patched.body);
    assert.deepEqual((patched.json() as NotificationPreferences).Participated, { popup: false, email: true });
    const defaults = (await call(admin, 'GET', '/api/v2/notification-preferences/defaults')).json() as NotificationPreferences;
    assert.deepEqual(defaults.Participated, { popup: false, email: true });
    const adminSchema = (await call(admin, 'GET', '/api/v2/notification-preferences/schema?schemaType=defaults')).json() as NotificationPreferencesSchema;
    assert.deepEqual(adminSchema.properties.notifications.properties.myActivity?.properties.Participated?.properties, {
      email: { type: 'boolean', default: true },
      popup: { type: 'boolean', default: false },
    });
    const fresh = await asMember(t);
    const freshPrefs = (await call(fresh, 'GET', '/api/v2/notification-preferences/$me')).json() as NotificationPreferences;
    assert.deepEqual(freshPrefs.Participated, { popup: false, email: true }, 'new members start from the defaults');
    const missing = await call(admin, 'GET', '/api/v2/notification-preferences/schema?userID=999999');
    assert.equal(missing.statusCode, 404);
    await call(admin, 'PATCH', '/api/v2/notification-preferences/defaults', { Participated: { popup: true, email: false } });
  });
});
