import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { makeCategory, makeDiscussion, makeHiddenCategory } from '../../../test/factories.ts';
import { scheduleRecurringJobs } from '../../platform/jobs/schedules.ts';
import { nextDigestRun, queueDigests, SEND_DIGESTS_JOB } from './notifications.digest.ts';

// The e-mail digest (issue 13): a recurring job on the jobs table, one e-mail per member and
// period over a real SMTP server on loopback, moved by the injectable clock.

describe(`e-mail digest (${testDialect})`, () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let now = Date.parse('2026-11-16T12:00:00.000Z');
  const clock = (): number => now;
  let admin: TestActor<TestUser>;

  before(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { mailer: 'configured', clock });
    admin = await asAdmin(t);
  });

  after(async () => {
    await t.close();
    await smtp.close();
  });

  async function setConfig(payload: Record<string, unknown>): Promise<void> {
    const response = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload });
    assert.equal(response.statusCode, 200, response.body);
  }

  async function drain(): Promise<void> {
    await t.app.jobs.drain();
    const stuck = await t.db.selectFrom('jobs').select(['type', 'lastError']).where('status', 'in', ['failed', 'dead']).execute();
    assert.deepEqual(stuck, [], 'no job failed');
  }

  function mailsTo(user: TestUser): string[] {
    return smtp.received.filter((mail) => mail.to.includes(user.email)).map((mail) => mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '));
  }

  async function follow(member: TestActor<TestUser>, categoryID: number, digest: boolean): Promise<void> {
    const response = await inject(t, member, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.email.digest': digest },
    });
    assert.equal(response.statusCode, 200, response.body);
  }

  /**
   * Starts a discussion at the clock's time (discussion creation reads the real time, not the
   * app's clock); each by its own author, below the flood limit.
   */
  async function startDiscussion(categoryID: number, as: TestActor<TestUser>, name: string, body?: string): Promise<void> {
    const discussion = await makeDiscussion(t, { categoryID, as, name, ...(body ? { body } : {}) });
    await t.db.updateTable('discussions').set({ dateInserted: new Date(now).toISOString() }).where('discussionID', '=', discussion.discussionID).execute();
  }

  async function queuedRuns(): Promise<string[]> {
    const rows = await t.db.selectFrom('jobs').select('runAt').where('type', '=', SEND_DIGESTS_JOB).where('status', '=', 'queued').execute();
    return rows.map((row) => new Date(row.runAt).toISOString());
  }

  test('the next run is the next 09:00 UTC', () => {
    assert.equal(new Date(nextDigestRun(Date.parse('2026-11-30T08:59:59Z'))).toISOString(), '2026-11-30T09:00:00.000Z');
    assert.equal(new Date(nextDigestRun(Date.parse('2026-11-30T09:00:00Z'))).toISOString(), '2026-12-01T09:00:00.000Z');
  });

  test('weekly on Mondays: followed categories marked for the digest, only what the member may read, once per period; unsubscribe in one click', async () => {
    await setConfig({ 'emails.digest': true });
    const reader = await asMember(t);
    const optedOut = await asMember(t);
    const inDigest = await makeCategory(t, { name: 'Digest Garden' });
    const notInDigest = await makeCategory(t, { name: 'Quiet Corner' });
    const hidden = await makeHiddenCategory(t, { name: 'Staff Room' });
    await follow(reader, inDigest.categoryID, true);
    await follow(reader, notInDigest.categoryID, false);
    await follow(optedOut, inDigest.categoryID, true);
    // Followed while it could be read; the digest checks the permission when it is written.
    await t.db.insertInto('userCategories').values({ userID: reader.user.userID, categoryID: hidden.categoryID, followed: true, preferences: JSON.stringify({ 'preferences.email.digest': true }) }).execute();
    const off = await inject(t, optedOut, { method: 'PATCH', url: '/api/v2/notification-preferences/$me', payload: { DigestEnabled: { email: false } } });
    assert.equal(off.statusCode, 200, off.body);

    // Monday 16 Nov: too old for the digest of 30 Nov; then the week before it.
    await startDiscussion(inDigest.categoryID, await asMember(t), 'Last month news');
    now = Date.parse('2026-11-27T10:00:00Z');
    await startDiscussion(inDigest.categoryID, await asMember(t), 'Spring planting plan', JSON.stringify([{ type: 'p', children: [{ text: 'Seeds arrive on Tuesday.' }] }]));
    await startDiscussion(notInDigest.categoryID, await asMember(t), 'Not for the digest');
    await startDiscussion(hidden.categoryID, admin, 'Staff only plans');

    // Two processes start: the run of the next 09:00 is queued once.
    now = Date.parse('2026-11-29T10:00:00Z');
    await scheduleRecurringJobs(t.db, clock);
    await scheduleRecurringJobs(t.db, clock);
    assert.deepEqual(await queuedRuns(), ['2026-11-30T09:00:00.000Z']);

    now = Date.parse('2026-11-30T08:59:00Z');
    await drain();
    assert.deepEqual(mailsTo(reader.user), [], 'not before its time');

    now = Date.parse('2026-11-30T09:00:05Z');
    await drain();
    const mails = mailsTo(reader.user);
    assert.equal(mails.length, 1, 'one digest');
    const mail = mails[0] ?? '';
    assert.match(mail, /Subject: Hearth: 1 new discussion in the categories you follow/);
    assert.match(mail, /Spring planting plan/);
    assert.match(mail, /Seeds arrive on Tuesday\./, 'an excerpt');
    assert.match(mail, /Digest Garden/);
    assert.doesNotMatch(mail, /Last month news|Not for the digest|Staff only plans/);
    assert.deepEqual(mailsTo(optedOut.user), [], 'DigestEnabled off: no digest');
    assert.deepEqual(await queuedRuns(), ['2026-12-01T09:00:00.000Z'], 'the run queued the next one');

    // The run again (a retry after a crash) sends nothing twice.
    await queueDigests(new Date('2026-11-30T09:00:00Z'), t.app.deps);
    await drain();
    assert.equal(mailsTo(reader.user).length, 1);

    // RFC 8058 one-click unsubscribe turns DigestEnabled off.
    const link = /List-Unsubscribe: <([^>]+)>/.exec(mail)?.[1];
    assert.ok(link, 'List-Unsubscribe header');
    assert.match(mail, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const unsubscribed = await inject(t, null, {
      method: 'POST',
      url: new URL(link).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    assert.equal(unsubscribed.statusCode, 200, unsubscribed.body);
    const preferences = await inject(t, reader, { method: 'GET', url: '/api/v2/notification-preferences/$me' });
    assert.deepEqual((preferences.json() as { DigestEnabled: unknown }).DigestEnabled, { email: false });

    // Tuesday: the weekly digest is not due.
    await inject(t, reader, { method: 'PATCH', url: '/api/v2/notification-preferences/$me', payload: { DigestEnabled: { email: true } } });
    await startDiscussion(inDigest.categoryID, await asMember(t), 'Monday afternoon');
    now = Date.parse('2026-12-01T09:00:05Z');
    await drain();
    assert.equal(mailsTo(reader.user).length, 1, 'weekly: nothing on Tuesday');

    // Daily: Wednesday's digest covers the day before it.
    await setConfig({ 'emails.digestFrequency': 'daily' });
    now = Date.parse('2026-12-01T12:00:00Z');
    await startDiscussion(inDigest.categoryID, await asMember(t), 'Tuesday harvest');
    now = Date.parse('2026-12-02T09:00:05Z');
    await drain();
    const daily = mailsTo(reader.user);
    assert.equal(daily.length, 2);
    assert.match(daily[1] ?? '', /Tuesday harvest/);
    assert.doesNotMatch(daily[1] ?? '', /Monday afternoon|Spring planting plan/);
    await setConfig({ 'emails.digestFrequency': 'weekly', 'emails.digest': false });
  });

  test('the frequency is an administrator’s setting: daily or weekly, anything else refused on its field', async () => {
    const refused = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: { 'emails.digestFrequency': 'monthly' } });
    assert.equal(refused.statusCode, 422, refused.body);
    const body = refused.json() as { errors: { field: string; message: string }[] };
    assert.deepEqual(body.errors.map((error) => [error.field, error.message]), [['emails.digestFrequency', 'emails.digestFrequency must be one of: daily, weekly.']]);
    const member = await asMember(t);
    const forbidden = await inject(t, member, { method: 'PATCH', url: '/api/v2/config', payload: { 'emails.digestFrequency': 'daily' } });
    assert.equal(forbidden.statusCode, 403, forbidden.body);
    await setConfig({ 'emails.digestFrequency': 'daily' });
    const read = await inject(t, admin, { method: 'GET', url: '/api/v2/config?select=emails.digestFrequency' });
    assert.deepEqual(read.json(), { 'emails.digestFrequency': 'daily' });
    await setConfig({ 'emails.digestFrequency': 'weekly' });
  });

  test('nothing is sent while the digest is off', async () => {
    const reader = await asMember(t);
    const category = await makeCategory(t);
    await setConfig({ 'emails.digest': true });
    await follow(reader, category.categoryID, true);
    await setConfig({ 'emails.digest': false });
    now = Date.parse('2026-12-06T10:00:00Z');
    await startDiscussion(category.categoryID, admin, 'While off');
    now = Date.parse('2026-12-07T09:00:05Z');
    assert.equal(await queueDigests(new Date('2026-12-07T09:00:00Z'), t.app.deps), 0);
    await drain();
    assert.deepEqual(mailsTo(reader.user), []);
  });
});
