import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IgnoreState } from '../../../../common/src/api/conversations.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import { asGuest, asMember, inject, type TestActor } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { makeCategory, makeComment, makeDiscussion, type ErrorBody } from '../../../test/factories.ts';
import { sendMessage, startConversation } from './conversations.api-fixture.ts';

// Issue 13: a private message notifies the other participants (activity ConversationMessage,
// api-contract §4, §6), never the author nor who ignores the author; the ignore list's calls.

describe(`conversation notifications and the ignore list (${testDialect})`, () => {
  const fx = useTestApp(async () => ({}));

  async function deliver(): Promise<void> {
    await fx.t.app.deps.events.settled();
    await fx.t.app.jobs.drain();
    const stuck = await fx.t.db.selectFrom('jobs').select(['type', 'lastError']).where('status', 'in', ['failed', 'dead']).execute();
    assert.deepEqual(stuck, [], 'no job failed');
  }

  async function notifications(actor: TestActor): Promise<Notification[]> {
    const response = await inject(fx.t, actor, { method: 'GET', url: '/api/v2/notifications' });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Notification[];
  }

  async function ignore(actor: TestActor, userID: number, method: 'PUT' | 'DELETE' | 'GET') {
    return inject(fx.t, actor, { method, url: `/api/v2/users/${String(userID)}/ignore` });
  }

  test('a message notifies the other participants once per conversation batch, and e-mails them', async () => {
    const ann = await asMember(fx.t);
    const bob = await asMember(fx.t);
    const cat = await asMember(fx.t);
    const conversation = await startConversation(fx.t, ann, [bob, cat], { name: 'Trip <plans>', initialBody: 'first' });
    await deliver();
    const [first] = await notifications(bob);
    assert.equal(first?.activityType, 'ConversationMessage');
    assert.equal(first?.url, `http://hearth.test/messages/${String(conversation.conversationID)}`);
    assert.equal(first?.body, `<b>${ann.user.name}</b> sent you a message in <b>Trip &lt;plans&gt;</b>.`);
    assert.equal(first?.read, false);
    assert.deepEqual(await notifications(ann), [], 'never the author');
    await sendMessage(fx.t, ann, conversation.conversationID, 'second');
    await deliver();
    const batched = await notifications(bob);
    assert.equal(batched.length, 1);
    assert.equal(batched[0]?.count, 2);
    assert.equal((await notifications(cat)).length, 1);
    // ConversationMessage e-mail is on by default for members (api-contract §6).
    const mails = fx.t.mail.sent.filter((mail) => mail.to === bob.user.email);
    assert.equal(mails.length, 2);
    assert.match(mails[0]?.subject ?? '', /sent you a message/);
  });

  test('ConversationMessage turned off in the preferences notifies no one; a left participant hears nothing', async () => {
    const ann = await asMember(fx.t);
    const bob = await asMember(fx.t);
    const cat = await asMember(fx.t);
    const off = await inject(fx.t, bob, {
      method: 'PATCH',
      url: '/api/v2/notification-preferences/$me',
      payload: { ConversationMessage: { popup: false, email: false } },
    });
    assert.equal(off.statusCode, 200, off.body);
    const conversation = await startConversation(fx.t, ann, [bob, cat]);
    await deliver();
    const left = await inject(fx.t, cat, { method: 'DELETE', url: `/api/v2/conversations/${String(conversation.conversationID)}/leave` });
    assert.equal(left.statusCode, 204);
    await sendMessage(fx.t, ann, conversation.conversationID, 'anyone?');
    await deliver();
    assert.deepEqual(await notifications(bob), []);
    assert.equal((await notifications(cat)).length, 1, 'only the first message, before leaving');
  });

  test('an ignored member’s messages and mentions do not notify; un-ignoring restores them', async () => {
    const ann = await asMember(fx.t);
    const bob = await asMember(fx.t);
    const put = await ignore(bob, ann.user.userID, 'PUT');
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json() as IgnoreState, { userID: ann.user.userID, ignored: true });
    const state = await ignore(bob, ann.user.userID, 'GET');
    assert.deepEqual(state.json() as IgnoreState, { userID: ann.user.userID, ignored: true });
    assert.equal((await ignore(bob, ann.user.userID, 'PUT')).statusCode, 200, 'idempotent');

    const conversation = await startConversation(fx.t, ann, [bob], { initialBody: 'psst' });
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: ann });
    await makeComment(fx.t, { discussionID: discussion.discussionID, as: ann, body: `hey @${bob.user.name}`, format: 'markdown' });
    await deliver();
    assert.deepEqual(await notifications(bob), []);
    // The conversation still counts as unread: ignoring silences notifications only.
    const counts = await inject(fx.t, bob, { method: 'GET', url: '/api/v2/users/me-counts' });
    assert.ok((counts.json() as { counts: { name: string; count: number }[] }).counts.some((c) => c.name === 'Conversations' && c.count === 1));

    assert.equal((await ignore(bob, ann.user.userID, 'DELETE')).statusCode, 204);
    assert.deepEqual((await ignore(bob, ann.user.userID, 'GET')).json() as IgnoreState, { userID: ann.user.userID, ignored: false });
    await sendMessage(fx.t, ann, conversation.conversationID, 'now?');
    await makeComment(fx.t, { discussionID: discussion.discussionID, as: ann, body: `again @${bob.user.name}`, format: 'markdown' });
    await deliver();
    const types = (await notifications(bob)).map((n) => n.activityType).sort();
    assert.deepEqual(types, ['ConversationMessage', 'Mention']);
  });

  test('ignore calls: yourself 400, guests 403, unknown users 404, $me and $name: smart IDs', async () => {
    const ann = await asMember(fx.t);
    const bob = await asMember(fx.t);
    const self = await ignore(ann, ann.user.userID, 'PUT');
    assert.equal(self.statusCode, 400);
    assert.equal((self.json() as ErrorBody).message, 'You cannot ignore yourself.');
    const guest = await asGuest(fx.t);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      assert.equal((await ignore(guest, bob.user.userID, method)).statusCode, 403, method);
      const missing = await ignore(ann, 99_999_999, method);
      assert.equal(missing.statusCode, 404, method);
      assert.equal((missing.json() as ErrorBody).message, 'User not found.');
    }
    const byName = await inject(fx.t, ann, { method: 'PUT', url: `/api/v2/users/$name:${bob.user.name}/ignore` });
    assert.equal(byName.statusCode, 200, byName.body);
    assert.deepEqual(byName.json() as IgnoreState, { userID: bob.user.userID, ignored: true });
    const me = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/users/$me/ignore' });
    assert.deepEqual(me.json() as IgnoreState, { userID: ann.user.userID, ignored: false });
  });
});
