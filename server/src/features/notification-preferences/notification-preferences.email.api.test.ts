import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asMember, asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion, makeRole } from '../../../test/factories.ts';
import type { NotificationPreferences, NotificationPreferencesSchema } from '../../../../common/src/api/notifications.ts';
import { registerServerLocalePack, unregisterServerLocalePack } from '../../platform/i18n.ts';
import { upsertPreferencesRow } from './notification-preferences.repo.ts';
import { EMAILS_PER_JOB, notificationEmailBatches, sendNotificationEmails, type NotificationEmailsPayload } from '../notifications/notifications.mail.ts';

// api-contract §6 with the real mailer (`.eml` files in DATA_DIR/outbox, no SMTP_URL): the e-mail
// column honoured only for holders of email.view, the site defaults for members who never saved,
// NotificationLanguage choosing the e-mails' language (issue 13).

describe(`notification preferences and e-mail (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;

  before(async () => {
    t = await createTestApp({}, { mailer: 'configured' });
    admin = await asAdmin(t);
  });

  after(async () => {
    await t.close();
  });

  /** The outbox's messages to one address, soft line breaks and folded headers undone. */
  function outboxTo(user: TestUser): string[] {
    const outbox = path.join(t.config.dataDir, 'outbox');
    if (!fs.existsSync(outbox)) return [];
    return fs
      .readdirSync(outbox)
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '))
      .filter((raw) => new RegExp(`^To: ${user.email.replace(/[.+]/g, '\\$&')}$`, 'm').test(raw));
  }

  async function deliver(): Promise<void> {
    await t.app.deps.events.settled();
    await t.app.jobs.drain();
    const stuck = await t.db.selectFrom('jobs').select(['type', 'lastError']).where('status', 'in', ['failed', 'dead']).execute();
    assert.deepEqual(stuck, [], 'no job failed');
  }

  async function preferencesOf(actor: TestActor, userID: string | number = '$me'): Promise<NotificationPreferences> {
    const response = await inject(t, actor, { method: 'GET', url: `/api/v2/notification-preferences/${String(userID)}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  async function patch(actor: TestActor, body: object, userID: string | number = '$me') {
    return inject(t, actor, { method: 'PATCH', url: `/api/v2/notification-preferences/${String(userID)}`, payload: body });
  }

  /** Mentions `user` in a new comment by a new member; returns the discussion's name. */
  async function mention(user: TestUser, name: string): Promise<void> {
    const author = await asMember(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author, name });
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: `Look here @${user.name}, the beans sprouted overnight.`, format: 'markdown' });
    await deliver();
  }

  test('the site defaults apply to members who never saved preferences; saved choices stay', async () => {
    const saver = await asMember(t);
    assert.equal((await patch(saver, { Mention: { popup: true } })).statusCode, 200);
    const changed = await inject(t, admin, { method: 'PATCH', url: '/api/v2/notification-preferences/defaults', payload: { Mention: { email: true, popup: false } } });
    assert.equal(changed.statusCode, 200, changed.body);
    try {
      const fresh = await asMember(t);
      assert.deepEqual((await preferencesOf(fresh)).Mention, { email: true, popup: false }, 'a member who never saved');
      assert.deepEqual((await preferencesOf(saver)).Mention, { email: true, popup: true }, 'the saved key stays, the unsaved one follows the defaults');
      const schema = (await inject(t, fresh, { method: 'GET', url: '/api/v2/notification-preferences/schema' })).json() as NotificationPreferencesSchema;
      assert.deepEqual(schema.properties.notifications.properties.myActivity?.properties.Mention?.properties, {
        email: { type: 'boolean', default: true },
        popup: { type: 'boolean', default: false },
      });
    } finally {
      await inject(t, admin, { method: 'PATCH', url: '/api/v2/notification-preferences/defaults', payload: { Mention: { email: false, popup: true } } });
    }
  });

  test('activity keys are exactly the contract’s for a member; NotificationLanguage only once set', async () => {
    const member = await asMember(t);
    // `Approval` is Hearth's one addition to §6's list (docs/decisions.md "Issue 17: … the author's
    // Approval notification"); nothing else may appear.
    assert.deepEqual(Object.keys(await preferencesOf(member)).sort(), [
      'Approval', 'BookmarkComment', 'CommentReply', 'ConversationMessage', 'DigestEnabled', 'Mention', 'NewComment', 'NewDiscussion', 'Participated', 'Reaction',
    ]);
    assert.equal((await patch(member, { NotificationLanguage: 'en' })).statusCode, 200);
    assert.equal((await preferencesOf(member)).NotificationLanguage, 'en');
    const bad = await patch(member, { NotificationLanguage: 'xx' });
    assert.equal(bad.statusCode, 404);
    assert.equal((bad.json() as { message: string }).message, 'Selected language preference not found.');
    assert.equal((await preferencesOf(member)).NotificationLanguage, 'en', 'a refused language changes nothing');
  });

  test('e-mail is honoured only for holders of email.view, checked again when it is sent (real outbox)', async () => {
    // Can read and be mentioned, but lacks email.view; a stored preference says e-mail anyway.
    const readerRole = await makeRole(t, {
      permissions: [
        { type: 'global', permissions: { 'session.valid': true } },
        { type: 'category', id: 0, permissions: { 'discussions.view': true } },
      ],
    });
    const withoutEmail = await asUser(t, { roleTypes: [], roleIDs: [readerRole.roleID] });
    await upsertPreferencesRow(t.db, { userID: withoutEmail.user.userID, preferences: { Mention: { email: true, popup: true } }, language: null }, new Date().toISOString());
    const member = await asMember(t);
    assert.equal((await patch(member, { Mention: { email: true } })).statusCode, 200);

    await mention(withoutEmail.user, 'Beans without e-mail');
    await mention(member.user, 'Beans by e-mail');
    const listed = await inject(t, withoutEmail, { method: 'GET', url: '/api/v2/notifications' });
    assert.equal((listed.json() as unknown[]).length, 1, 'the popup notification arrives');
    assert.deepEqual(outboxTo(withoutEmail.user), [], 'no e-mail without email.view');
    const mails = outboxTo(member.user);
    assert.equal(mails.length, 1);
    assert.match(mails[0] ?? '', /mentioned you in Beans by e-mail\./, 'the discussion’s title');
    assert.match(mails[0] ?? '', /the beans sprouted overnight/, 'an excerpt');
    assert.match(mails[0] ?? '', /List-Unsubscribe: <http:\/\/hearth\.test\/api\/v2\/notifications\/unsubscribe\//);
    assert.match(mails[0] ?? '', /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // email.view taken away between delivery and sending: the e-mail job sends nothing.
    const mailRole = await makeRole(t, {
      permissions: [
        { type: 'global', permissions: { 'session.valid': true, 'email.view': true } },
        { type: 'category', id: 0, permissions: { 'discussions.view': true } },
      ],
    });
    const losing = await asUser(t, { roleTypes: [], roleIDs: [mailRole.roleID] });
    assert.equal((await patch(losing, { Mention: { email: true } })).statusCode, 200);
    const author = await asMember(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author, name: 'Lost in time' });
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: `@${losing.user.name} hello`, format: 'markdown' });
    await t.app.deps.events.settled();
    // Deliver (the discussion's, then the comment's notifications) until the e-mail job waits.
    const mailQueued = async (): Promise<boolean> =>
      (await t.db.selectFrom('jobs').select('jobID').where('type', '=', 'sendNotificationEmails').where('status', '=', 'queued').execute()).length > 0;
    for (let step = 0; step < 5 && !(await mailQueued()); step += 1) await t.app.jobs.runOnce();
    assert.ok(await mailQueued(), 'the e-mail was decided at delivery');
    const removed = await inject(t, admin, { method: 'PATCH', url: `/api/v2/roles/${String(mailRole.roleID)}`, payload: { permissions: [{ type: 'global', permissions: { 'session.valid': true, 'email.view': false } }, { type: 'category', id: 0, permissions: { 'discussions.view': true } }] } });
    assert.equal(removed.statusCode, 200, removed.body);
    await deliver();
    assert.deepEqual(outboxTo(losing.user), []);
  });

  test('one event’s e-mails go out in batches; a batch run again sends only what it had not sent', async () => {
    assert.deepEqual(
      notificationEmailBatches(Array.from({ length: EMAILS_PER_JOB * 2 + 1 }, (_, index) => index + 1)).map((batch) => batch.notificationIDs.length),
      [EMAILS_PER_JOB, EMAILS_PER_JOB, 1],
    );
    const readers = [await asMember(t), await asMember(t), await asMember(t)];
    for (const reader of readers) assert.equal((await patch(reader, { Mention: { email: true } })).statusCode, 200);
    const author = await asMember(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author, name: 'Three readers' });
    await t.app.deps.events.settled();
    await t.app.jobs.drain();
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: readers.map((reader) => `@${reader.user.name}`).join(' '), format: 'markdown' });
    await t.app.deps.events.settled();
    const batchJobs = async () =>
      t.db.selectFrom('jobs').select(['jobID', 'payload']).where('type', '=', 'sendNotificationEmails').where('status', '=', 'queued').execute();
    for (let step = 0; step < 5 && (await batchJobs()).length === 0; step += 1) await t.app.jobs.runOnce();
    const jobs = await batchJobs();
    assert.equal(jobs.length, 1, 'one e-mail job for the three recipients');
    const payload = JSON.parse(jobs[0]?.payload ?? '{}') as NotificationEmailsPayload;
    assert.equal(payload.notificationIDs.length, 3);
    // The first e-mail went out before the worker died: the ledger says so.
    await t.db.updateTable('notifications').set({ dateEmailed: new Date().toISOString() }).where('notificationID', '=', payload.notificationIDs[0] ?? 0).execute();
    await deliver();
    assert.equal(readers.map((reader) => outboxTo(reader.user).length).reduce((a, b) => a + b, 0), 2);
    assert.equal(await sendNotificationEmails(payload, t.app.deps), 0, 'run again: nothing twice');
    assert.equal(readers.map((reader) => outboxTo(reader.user).length).reduce((a, b) => a + b, 0), 2);
  });

  test('e-mails are written in the member’s NotificationLanguage, else the site’s locale', async () => {
    registerServerLocalePack('fr', {
      '{actor} mentioned you in {title}.': '{actor} vous a mentionné dans {title}.',
      'Change your notification preferences': 'Modifier vos préférences de notification',
    });
    const site = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'garden.locale': 'fr' } });
    assert.equal(site.statusCode, 200, site.body);
    try {
      const chooser = await asMember(t);
      assert.equal((await patch(chooser, { Mention: { email: true }, NotificationLanguage: 'en' })).statusCode, 200);
      const siteDefault = await asMember(t);
      assert.equal((await patch(siteDefault, { Mention: { email: true } })).statusCode, 200);
      const french = await asMember(t);
      assert.equal((await patch(french, { Mention: { email: true }, NotificationLanguage: 'fr' })).statusCode, 200);
      await mention(chooser.user, 'Garden A');
      await mention(siteDefault.user, 'Garden B');
      await mention(french.user, 'Garden C');
      assert.match(outboxTo(chooser.user)[0] ?? '', /mentioned you in Garden A\./);
      assert.match(outboxTo(chooser.user)[0] ?? '', /Change your notification preferences/);
      assert.match(outboxTo(siteDefault.user)[0] ?? '', /vous a mentionn=C3=A9 dans Garden B\.|vous a mentionné dans Garden B\./);
      assert.match(outboxTo(french.user)[0] ?? '', /vous a mentionn=C3=A9 dans Garden C\.|vous a mentionné dans Garden C\./);
      assert.match(outboxTo(french.user)[0] ?? '', /Modifier vos pr=C3=A9f=C3=A9rences|Modifier vos préférences/);
    } finally {
      unregisterServerLocalePack('fr');
      await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'garden.locale': 'en' } });
    }
  });
});
