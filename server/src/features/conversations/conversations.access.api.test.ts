import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Conversation, Message, Participant } from '../../../../common/src/api/conversations.ts';
import { asGuest, asModerator, inject } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { factoryAdmin, type ErrorBody } from '../../../test/factories.ts';
import { membersOf, sendMessage, setConfig, startConversation, unreadConversations } from './conversations.api-fixture.ts';

// api-contract §5: who may read others' conversations, expansions, outsiders, flood control (issue 13).

describe(`conversations API: access, expand, flood control (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ admin: await factoryAdmin(t) }));
  const members = (count: number) => membersOf(fx.t, count);

  test('others’ conversations: 403 until the switch and conversations.moderate', async () => {
    const [ann, bob, eve] = await members(3);
    assert.ok(ann && bob && eve);
    const moderator = await asModerator(fx.t);
    const conversation = await startConversation(fx.t, ann, [bob], { initialBody: 'secret' });
    const path = `/api/v2/conversations/${String(conversation.conversationID)}`;
    for (const actor of [eve, moderator]) {
      const response = await inject(fx.t, actor, { method: 'GET', url: path });
      assert.equal(response.statusCode, 403);
      assert.equal((response.json() as ErrorBody).message, 'The site is not configured for moderating conversations.');
    }
    const messages = await inject(fx.t, moderator, { method: 'GET', url: `/api/v2/messages?conversationID=${String(conversation.conversationID)}` });
    assert.equal(messages.statusCode, 403);
    const someoneElses = await inject(fx.t, eve, { method: 'GET', url: `/api/v2/conversations?participantUserID=${String(ann.user.userID)}` });
    assert.equal(someoneElses.statusCode, 403);
    await setConfig(fx.t, fx.admin, { 'conversations.moderation.allow': true });
    try {
      const member = await inject(fx.t, eve, { method: 'GET', url: path });
      assert.equal(member.statusCode, 403);
      assert.deepEqual((member.json() as ErrorBody).permissions, ['conversations.moderate']);
      const moderated = await inject(fx.t, moderator, { method: 'GET', url: path });
      assert.equal(moderated.statusCode, 200, moderated.body);
      assert.equal((moderated.json() as Conversation).countUnread, undefined);
      const inbox = await inject(fx.t, moderator, { method: 'GET', url: `/api/v2/conversations?participantUserID=${String(ann.user.userID)}` });
      assert.equal(inbox.statusCode, 200);
      assert.deepEqual((inbox.json() as Conversation[]).map((c) => c.conversationID), [conversation.conversationID]);
      const started = await inject(fx.t, moderator, { method: 'GET', url: `/api/v2/conversations?insertUserID=${String(ann.user.userID)}` });
      assert.deepEqual((started.json() as Conversation[]).map((c) => c.conversationID), [conversation.conversationID]);
      const read = await inject(fx.t, moderator, { method: 'GET', url: `/api/v2/messages?conversationID=${String(conversation.conversationID)}` });
      assert.equal(read.statusCode, 200);
      assert.equal(await unreadConversations(fx.t, bob), 1, 'a moderator reading does not mark it read');
      const write = await inject(fx.t, moderator, {
        method: 'POST',
        url: '/api/v2/messages',
        payload: { conversationID: conversation.conversationID, body: 'hello', format: 'text' },
      });
      assert.equal(write.statusCode, 400, 'moderators read; only participants write');
    } finally {
      await setConfig(fx.t, fx.admin, { 'conversations.moderation.allow': false });
    }
  });

  test('reads: 404s, guests 403, GET /messages needs a filter', async () => {
    const [ann] = await members(1);
    assert.ok(ann);
    const guest = await asGuest(fx.t);
    assert.equal((await inject(fx.t, guest, { method: 'GET', url: '/api/v2/conversations' })).statusCode, 403);
    const missing = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations/99999999' });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Conversation not found.');
    const past = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations/99999999999' });
    assert.equal(past.statusCode, 404);
    const message = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/messages/99999999' });
    assert.equal(message.statusCode, 404);
    assert.equal((message.json() as ErrorBody).message, 'Message not found.');
    const noFilter = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/messages' });
    assert.equal(noFilter.statusCode, 400);
    assert.equal((noFilter.json() as ErrorBody).errors?.[0]?.field, 'conversationID');
    const bigLimit = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations?limit=101' });
    assert.equal(bigLimit.statusCode, 422);
    const participants = await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations/99999999/participants' });
    assert.equal(participants.statusCode, 404);
    const leave = await inject(fx.t, guest, { method: 'DELETE', url: '/api/v2/conversations/1/leave' });
    assert.equal(leave.statusCode, 403);
  });

  test('expand: insertUser and lastInsertUser (or all); participants by status; others’ messages need moderation', async () => {
    const [ann, bob, eve] = await members(3);
    assert.ok(ann && bob && eve);
    const conversation = await startConversation(fx.t, ann, [bob], { initialBody: 'hi' });
    await sendMessage(fx.t, bob, conversation.conversationID, 'hello');
    const plain = (await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations' })).json() as Conversation[];
    assert.equal(plain[0]?.insertUser, undefined);
    assert.equal(plain[0]?.lastMessage?.insertUser, undefined);
    assert.equal(plain[0]?.lastMessage?.insertUserID, bob.user.userID);
    const all = (await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations?expand=all' })).json() as Conversation[];
    assert.equal(all[0]?.insertUser?.name, ann.user.name);
    assert.equal(all[0]?.lastMessage?.insertUser?.name, bob.user.name);
    const last = (await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations?expand[]=lastInsertUser' })).json() as Conversation[];
    assert.equal(last[0]?.lastMessage?.insertUser?.name, bob.user.name);
    assert.equal(last[0]?.insertUser, undefined);
    await inject(fx.t, bob, { method: 'DELETE', url: `/api/v2/conversations/${String(conversation.conversationID)}/leave` });
    const everyone = await inject(fx.t, ann, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants?status=all`,
    });
    assert.deepEqual((everyone.json() as Participant[]).map((p) => [p.userID, p.status]), [
      [ann.user.userID, 'participating'],
      [bob.user.userID, 'deleted'],
    ]);
    assert.equal((everyone.json() as Participant[])[0]?.user, undefined, 'users only with expand=user');
    const badStatus = await inject(fx.t, ann, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants?status=left`,
    });
    assert.equal(badStatus.statusCode, 422);
    const others = await inject(fx.t, eve, { method: 'GET', url: `/api/v2/messages?insertUserID=${String(ann.user.userID)}` });
    assert.equal(others.statusCode, 403);
    assert.equal((others.json() as ErrorBody).message, 'The site is not configured for moderating conversations.');
  });

  test('outsiders see nothing: not in their inbox, counts, or a message by ID', async () => {
    const [ann, bob, eve] = await members(3);
    assert.ok(ann && bob && eve);
    const conversation = await startConversation(fx.t, ann, [bob], { initialBody: 'private' });
    const inbox = (await inject(fx.t, eve, { method: 'GET', url: '/api/v2/conversations' })).json() as Conversation[];
    assert.ok(!inbox.some((c) => c.conversationID === conversation.conversationID));
    assert.equal(await unreadConversations(fx.t, eve), 0);
    const [latest] = (
      await inject(fx.t, ann, { method: 'GET', url: `/api/v2/messages?conversationID=${String(conversation.conversationID)}` })
    ).json() as Message[];
    const byID = await inject(fx.t, eve, { method: 'GET', url: `/api/v2/messages/${String(latest?.messageID)}` });
    assert.equal(byID.statusCode, 403);
    assert.ok(!byID.body.includes('private'));
    const participants = await inject(fx.t, eve, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants`,
    });
    assert.equal(participants.statusCode, 403);
  });

  test('flood control (api-contract §1.13) applies to messages: 429 with the contract’s message; moderators exempt', async () => {
    const [ann, bob] = await members(2);
    assert.ok(ann && bob);
    const moderator = await asModerator(fx.t);
    await setConfig(fx.t, fx.admin, { 'floodControl.comments.count': 2, 'floodControl.comments.seconds': 60, 'floodControl.comments.lockSeconds': 120 });
    try {
      const conversation = await startConversation(fx.t, ann, [bob, moderator], { initialBody: 'one' });
      await sendMessage(fx.t, ann, conversation.conversationID, 'two');
      const third = await inject(fx.t, ann, {
        method: 'POST',
        url: '/api/v2/messages',
        payload: { conversationID: conversation.conversationID, body: 'three', format: 'text' },
      });
      assert.equal(third.statusCode, 429, third.body);
      const message =
        'You have posted 2 times within 60 seconds. A spam block is now in effect on your account. You must wait at least 120 seconds before attempting to post again.';
      assert.equal((third.json() as ErrorBody).message, message);
      assert.equal((third.json() as ErrorBody).errors?.[0]?.field, 'body');
      assert.equal(third.headers['retry-after'], '120');
      for (const text of ['m1', 'm2', 'm3']) await sendMessage(fx.t, moderator, conversation.conversationID, text);
    } finally {
      await setConfig(fx.t, fx.admin, { 'floodControl.comments.count': 5, 'floodControl.comments.seconds': 60, 'floodControl.comments.lockSeconds': 120 });
    }
  });
});

