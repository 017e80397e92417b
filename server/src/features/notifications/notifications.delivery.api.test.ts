import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../../test/smtp.ts';
import { makeCategory, makeComment, makeDiscussion, makeRole } from '../../../test/factories.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import { deliverNotifications, FOLLOWERS_PER_PAGE } from './notifications.deliver.ts';

// Delivery at scale and over a real SMTP server on loopback (issue 13).

describe(`notification delivery (${testDialect})`, () => {
  let smtp: TestSmtpServer;
  let received: ReceivedMail[] = [];
  let t: TestApp;

  before(async () => {
    smtp = await startTestSmtpServer();
    received = smtp.received;
    t = await createTestApp({ SMTP_URL: smtp.url }, { mailer: 'configured' });
  });

  after(async () => {
    await t.close();
    await smtp.close();
  });

  async function deliver(): Promise<number> {
    await t.app.deps.events.settled();
    const ran = await t.app.jobs.drain();
    const stuck = await t.db.selectFrom('jobs').select(['type', 'lastError']).where('status', 'in', ['failed', 'dead']).execute();
    assert.deepEqual(stuck, [], 'no job failed');
    return ran;
  }

  async function list(actor: TestActor): Promise<Notification[]> {
    const response = await inject(t, actor, { method: 'GET', url: '/api/v2/notifications' });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Notification[];
  }

  async function mailableMember(): Promise<TestActor<TestUser>> {
    const role = await makeRole(t, { globalPermissions: ['email.view'] });
    return asMember(t, { roleIDs: [role.roleID] });
  }

  test('a followed category’s new discussion is e-mailed over SMTP once, even when its job runs again', async () => {
    const author = await asMember(t);
    const follower = await mailableMember();
    const category = await makeCategory(t);
    const followed = await inject(t, follower, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.popup.posts': true, 'preferences.email.posts': true },
    });
    assert.equal(followed.statusCode, 200, followed.body);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author, name: 'Over the wire' });
    await deliver();
    const mails = received.filter((mail) => mail.to.includes(follower.user.email));
    assert.equal(mails.length, 1);
    assert.match(mails[0]?.raw ?? '', /started a new discussion: Over the wire/);
    assert.equal((await list(follower)).length, 1);
    // A step run again (its worker died after committing) delivers nothing twice.
    const payload = { event: 'discussion', recordType: 'discussion', recordID: discussion.discussionID, actorUserID: author.user.userID } as const;
    await deliverNotifications({ ...payload, phase: 'followers', afterUserID: 0 }, t.app.deps);
    await deliver();
    assert.equal(received.filter((mail) => mail.to.includes(follower.user.email)).length, 1);
    assert.equal((await list(follower)).length, 1);
  });

  test('a mention turned off in the preferences notifies no one', async () => {
    const author = await asMember(t);
    const reader = await asMember(t);
    const off = await inject(t, reader, { method: 'PATCH', url: '/api/v2/notification-preferences/$me', payload: { Mention: { popup: false } } });
    assert.equal(off.statusCode, 200, off.body);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: `hi @${reader.user.name}`, format: 'markdown' });
    await deliver();
    assert.deepEqual(await list(reader), []);
  });

  /** `count` new members following `categoryID` with popup notifications of comments. */
  async function makeFollowers(categoryID: number, count: number): Promise<number[]> {
    const memberRole = await t.db.selectFrom('roles').select('roleID').where('type', '=', 'member').orderBy('roleID').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const stamp = `${String(process.pid)}x${String(categoryID)}`;
    const users = await t.db
      .insertInto('users')
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `fan${stamp}_${String(index)}`,
          email: `fan${stamp}_${String(index)}@example.test`,
          password: 'x',
          emailConfirmed: true,
          dateInserted: now,
        })),
      )
      .returning('userID')
      .execute();
    await t.db.insertInto('userRoles').values(users.map(({ userID }) => ({ userID, roleID: memberRole.roleID }))).execute();
    await t.db
      .insertInto('userCategories')
      .values(
        users.map(({ userID }) => ({
          userID,
          categoryID,
          followed: true,
          dateFollowed: now,
          preferences: JSON.stringify({ 'preferences.popup.comments': true }),
        })),
      )
      .execute();
    return users.map((user) => user.userID);
  }

  async function notificationsOf(recordID: number, userIDs: number[]): Promise<number[]> {
    const rows = await t.db
      .selectFrom('notifications')
      .select('notifyUserID')
      .where('recordType', '=', 'comment')
      .where('recordID', '=', recordID)
      .where('notifyUserID', 'in', userIDs)
      .execute();
    return rows.map((row) => row.notifyUserID);
  }

  test('1,000 followers: the comment enqueues one job; every follower is notified once', async () => {
    const author = await asMember(t);
    const category = await makeCategory(t);
    const users = await makeFollowers(category.categoryID, 1000);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await deliver();
    const comment = await makeComment(t, { discussionID: discussion.discussionID, as: author });
    await t.app.deps.events.settled();
    const queued = await t.db.selectFrom('jobs').select('jobID').where('type', '=', 'deliverNotifications').where('status', '=', 'queued').execute();
    assert.equal(queued.length, 1, 'creating the comment queues a single job');
    await deliver();
    const delivered = await notificationsOf(comment.commentID, users);
    assert.equal(delivered.length, 1000);
    assert.equal(new Set(delivered).size, 1000);
  });

  test('a followers step out of time hands the next page to a new step, which repeats nothing', async () => {
    const author = await asMember(t);
    const category = await makeCategory(t);
    const users = await makeFollowers(category.categoryID, FOLLOWERS_PER_PAGE + 20);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await deliver();
    const comment = await makeComment(t, { discussionID: discussion.discussionID, as: author });
    await t.app.deps.events.settled();
    const payload = { event: 'comment', recordType: 'comment', recordID: comment.commentID, actorUserID: author.user.userID, phase: 'followers', afterUserID: 0 } as const;
    // No time left: one page, then the rest is a queued step.
    await deliverNotifications(payload, t.app.deps, 0);
    assert.equal((await notificationsOf(comment.commentID, users)).length, FOLLOWERS_PER_PAGE);
    const steps = await t.db.selectFrom('jobs').select('payload').where('type', '=', 'deliverNotifications').where('status', '=', 'queued').execute();
    const next = steps.map((row) => JSON.parse(row.payload) as { phase: string; afterUserID: number }).filter((step) => step.phase === 'followers');
    assert.deepEqual(next.map((step) => step.afterUserID), [users[FOLLOWERS_PER_PAGE - 1]]);
    // The queued targeted step starts the followers again from the first: nobody gets two.
    await deliver();
    const delivered = await notificationsOf(comment.commentID, users);
    assert.equal(delivered.length, FOLLOWERS_PER_PAGE + 20);
    assert.equal(new Set(delivered).size, FOLLOWERS_PER_PAGE + 20);
  });
});
