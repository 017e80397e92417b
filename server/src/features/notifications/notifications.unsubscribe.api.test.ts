import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { asMember, inject, type TestActor } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion, type ErrorBody } from '../../../test/factories.ts';
import type { NotificationPreferences } from '../../../../common/src/api/notifications.ts';
import { unsubscribeToken } from './notifications.unsubscribe.ts';

// Issue 13: notification e-mails carry List-Unsubscribe (RFC 8058 one-click) and a link to the
// preferences; the signed link turns that e-mail off without signing in.

describe(`one-click unsubscribe from notification e-mails (${testDialect})`, () => {
  const fx = useTestApp(async () => ({}));

  async function deliver(): Promise<void> {
    await fx.t.app.deps.events.settled();
    await fx.t.app.jobs.drain();
  }

  function unsubscribeUrl(headers: Record<string, string> | undefined): string {
    const header = headers?.['List-Unsubscribe'] ?? '';
    const match = /^<http:\/\/hearth\.test(\/api\/v2\/notifications\/unsubscribe\/[^>]+)>$/.exec(header);
    assert.ok(match, `List-Unsubscribe: ${header}`);
    return match[1] ?? '';
  }

  /** What a mail client sends for one-click unsubscribe: a form POST, no cookie. */
  function oneClick(url: string) {
    return fx.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  }

  async function categoryPreferences(actor: TestActor, categoryID: number): Promise<Record<string, boolean>> {
    const response = await inject(fx.t, actor, { method: 'GET', url: `/api/v2/categories/${String(categoryID)}/preferences/$me` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  }

  test('a followed category’s e-mail carries the headers; one click turns that category’s e-mail off', async () => {
    const follower = await asMember(fx.t);
    const category = await makeCategory(fx.t);
    const followed = await inject(fx.t, follower, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.popup.posts': true, 'preferences.email.posts': true },
    });
    assert.equal(followed.statusCode, 200, followed.body);
    fx.t.mail.sent.length = 0;
    await makeDiscussion(fx.t, { categoryID: category.categoryID, name: 'Mailed to you' });
    await deliver();
    const mail = fx.t.mail.sent.find((message) => message.to === follower.user.email);
    assert.ok(mail, 'the follower is e-mailed');
    assert.equal(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
    assert.match(mail.text, /Change your notification preferences: http:\/\/hearth\.test\/profile\/preferences/);
    const clicked = await oneClick(unsubscribeUrl(mail.headers));
    assert.equal(clicked.statusCode, 200, clicked.body);
    assert.deepEqual(clicked.json(), { unsubscribed: true, activityType: 'NewDiscussion', categoryID: category.categoryID });
    const preferences = await categoryPreferences(follower, category.categoryID);
    assert.equal(preferences['preferences.email.posts'], false);
    assert.equal(preferences['preferences.followed'], true, 'still followed, still notified in the app');
    assert.equal(preferences['preferences.popup.posts'], true);
  });

  test('a mention’s e-mail link turns off e-mail for mentions; bad or altered links answer 400', async () => {
    const member = await asMember(fx.t);
    const on = await inject(fx.t, member, { method: 'PATCH', url: '/api/v2/notification-preferences/$me', payload: { Mention: { email: true } } });
    assert.equal(on.statusCode, 200, on.body);
    const discussion = await makeDiscussion(fx.t, { categoryID: (await makeCategory(fx.t)).categoryID });
    fx.t.mail.sent.length = 0;
    await makeComment(fx.t, { discussionID: discussion.discussionID, body: `Hello @${member.user.name}!`, format: 'markdown' });
    await deliver();
    const mail = fx.t.mail.sent.find((message) => message.to === member.user.email);
    assert.ok(mail, 'the mentioned member is e-mailed');
    const url = unsubscribeUrl(mail.headers);
    assert.equal((await oneClick(url)).statusCode, 200);
    const preferences = (await inject(fx.t, member, { method: 'GET', url: '/api/v2/notification-preferences/$me' })).json() as NotificationPreferences;
    assert.deepEqual(preferences.Mention, { email: false, popup: true });
    // Clicking again changes nothing and still succeeds.
    assert.equal((await oneClick(url)).statusCode, 200);

    const altered = await oneClick(`${url.slice(0, -2)}xx`);
    assert.equal(altered.statusCode, 400);
    assert.deepEqual(altered.json(), { message: 'This unsubscribe link is not valid.', status: 400 } satisfies ErrorBody);
    const foreign = unsubscribeToken('another site’s secret', { userID: member.user.userID, activityType: 'Mention', categoryID: null });
    assert.equal((await oneClick(`/api/v2/notifications/unsubscribe/${foreign}`)).statusCode, 400);
    assert.equal((await oneClick('/api/v2/notifications/unsubscribe/nonsense')).statusCode, 400);
    const gone = await asMember(fx.t, { deleted: true });
    const forDeleted = unsubscribeToken(fx.t.app.deps.secret, { userID: gone.user.userID, activityType: 'Mention', categoryID: null });
    const deleted = await oneClick(`/api/v2/notifications/unsubscribe/${forDeleted}`);
    assert.equal(deleted.statusCode, 404);
    assert.equal((deleted.json() as ErrorBody).message, 'User not found.');
  });
});
