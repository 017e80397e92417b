import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Conversation, Message, Participant } from '../../../../common/src/api/conversations.ts';
import { asGuest, asMember, asUser, inject } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { factoryAdmin, type ErrorBody } from '../../../test/factories.ts';
import { membersOf, sendMessage, setConfig, startConversation, unreadConversations } from './conversations.api-fixture.ts';

// api-contract §5: conversations and messages (issue 13).

describe(`conversations API (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ admin: await factoryAdmin(t) }));
  const members = (count: number) => membersOf(fx.t, count);

  test('POST /conversations starts a conversation with its first message; both sides see it', async () => {
    const [ann, bob] = await members(2);
    assert.ok(ann && bob);
    const created = await startConversation(fx.t, ann, [bob], { initialBody: 'Hi **Bob**' });
    assert.equal(created.name, bob.user.name, 'no subject: the other participants’ names');
    assert.equal(created.countMessages, 1);
    assert.equal(created.countParticipants, 2);
    assert.equal(created.url, `http://hearth.test/messages/${String(created.conversationID)}`);
    assert.match(created.body, /Hi \*\*Bob\*\*/);
    assert.equal(created.countUnread, 0, 'the author has read their own message');
    assert.equal(created.insertUser?.name, ann.user.name);
    assert.deepEqual(created.participants?.map((p) => p.userID), [bob.user.userID, ann.user.userID], 'current user last');
    assert.equal(created.participants?.[0]?.status, 'participating');
    assert.deepEqual(Object.keys(created.participants?.[0]?.user ?? {}).sort(), ['dateLastActive', 'name', 'photoUrl', 'userID']);
    assert.match(created.dateInserted, /\+00:00$/);

    const inbox = await inject(fx.t, bob, { method: 'GET', url: '/api/v2/conversations' });
    assert.equal(inbox.statusCode, 200, inbox.body);
    const [listed] = inbox.json() as Conversation[];
    assert.equal(listed?.conversationID, created.conversationID);
    assert.equal(listed?.unread, true);
    assert.equal(listed?.countUnread, 1);
    assert.equal(listed?.name, ann.user.name);
    assert.equal(listed?.lastMessage?.insertUserID, ann.user.userID);
    assert.equal(inbox.headers['x-app-page-limit'], '50', 'Conversations.Conversations.PerPage default');
    assert.equal(inbox.headers['x-app-page-result-count'], undefined, 'a more pager');
    assert.equal(await unreadConversations(fx.t, bob), 1);
    assert.equal(await unreadConversations(fx.t, ann), 0);
    const me = await inject(fx.t, bob, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal((me.json() as { countUnreadConversations: number }).countUnreadConversations, 1);
  });

  test('a subject is the name; without messages the body is "No messages."', async () => {
    const [ann, bob] = await members(2);
    assert.ok(ann && bob);
    const created = await startConversation(fx.t, ann, [bob], { name: 'Plans', initialBody: null });
    assert.equal(created.name, 'Plans');
    assert.equal(created.body, 'No messages.');
    assert.equal(created.countMessages, 0);
    assert.equal(created.lastMessage, undefined);
  });

  test('GET /messages reads a thread newest first, numbered, and marks it read', async () => {
    const [ann, bob] = await members(2);
    assert.ok(ann && bob);
    const conversation = await startConversation(fx.t, ann, [bob], { initialBody: 'one' });
    await sendMessage(fx.t, bob, conversation.conversationID, 'two');
    await sendMessage(fx.t, ann, conversation.conversationID, 'three');
    assert.equal(await unreadConversations(fx.t, bob), 1);
    const page = await inject(fx.t, bob, {
      method: 'GET',
      url: `/api/v2/messages?conversationID=${String(conversation.conversationID)}&limit=2&expand=insertUser`,
    });
    assert.equal(page.statusCode, 200, page.body);
    const messages = page.json() as Message[];
    assert.match(messages[0]?.body ?? '', /three/);
    assert.match(messages[1]?.body ?? '', /two/);
    assert.equal(messages[0]?.insertUser?.name, ann.user.name);
    assert.equal(page.headers['x-app-page-result-count'], '3');
    assert.ok(String(page.headers['x-app-page-next-url']).includes('page=2'));
    assert.equal(await unreadConversations(fx.t, bob), 0);
    const one = await inject(fx.t, ann, { method: 'GET', url: `/api/v2/messages/${String(messages[1]?.messageID)}` });
    assert.equal(one.statusCode, 200, one.body);
    assert.equal((one.json() as Message).insertUserID, bob.user.userID);
    const mine = await inject(fx.t, bob, { method: 'GET', url: `/api/v2/messages?insertUserID=${String(bob.user.userID)}` });
    assert.equal(mine.statusCode, 200, mine.body);
    assert.equal((mine.json() as Message[]).length, 1);
  });

  test('the inbox puts the newest activity first', async () => {
    const [ann, bob, cat] = await members(3);
    assert.ok(ann && bob && cat);
    const older = await startConversation(fx.t, ann, [bob], { name: 'older' });
    const newer = await startConversation(fx.t, ann, [cat], { name: 'newer' });
    let inbox = (await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations' })).json() as Conversation[];
    assert.deepEqual(inbox.map((c) => c.name), ['newer', 'older']);
    await sendMessage(fx.t, bob, older.conversationID, 'bump');
    inbox = (await inject(fx.t, ann, { method: 'GET', url: '/api/v2/conversations?limit=1' })).json() as Conversation[];
    assert.deepEqual(inbox.map((c) => c.name), ['older']);
    assert.equal(newer.countUnread, 0);
  });

  test('POST /messages: outsiders 400 verbatim, guests 403, missing conversation 404, bad input', async () => {
    const [ann, bob, eve] = await members(3);
    assert.ok(ann && bob && eve);
    const conversation = await startConversation(fx.t, ann, [bob]);
    const outsider = await inject(fx.t, eve, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'let me in', format: 'text' },
    });
    assert.equal(outsider.statusCode, 400);
    assert.equal(
      (outsider.json() as ErrorBody).message,
      'You can not add a message to a conversation that you are not a participant of.',
    );
    const guest = await inject(fx.t, await asGuest(fx.t), {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'x', format: 'text' },
    });
    assert.equal(guest.statusCode, 403);
    const missing = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: 99_999_999, body: 'x', format: 'text' },
    });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Conversation not found.');
    const noBody = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, format: 'text' },
    });
    assert.equal(noBody.statusCode, 400);
    assert.equal((noBody.json() as ErrorBody).errors?.[0]?.field, 'body');
    const badFormat = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'x', format: 'nope' },
    });
    assert.equal(badFormat.statusCode, 422);
    const hugeID = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: 1e12, body: 'x', format: 'text' },
    });
    assert.equal(hugeID.statusCode, 422);
  });

  test('a message over Conversations.Message.MaxLength (default 2000) is 400 naming body', async () => {
    const [ann, bob] = await members(2);
    assert.ok(ann && bob);
    const conversation = await startConversation(fx.t, ann, [bob]);
    const exact = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'a'.repeat(2000), format: 'text' },
    });
    assert.equal(exact.statusCode, 201, exact.body);
    const over = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'a'.repeat(2001), format: 'text' },
    });
    assert.equal(over.statusCode, 400, over.body);
    assert.deepEqual((over.json() as ErrorBody).errors, [
      { field: 'body', code: 'maxLength', message: 'body is 1 characters too long.', status: 400 },
    ]);
    await setConfig(fx.t, fx.admin, { 'conversations.message.maxLength': 10 });
    try {
      const start = await inject(fx.t, ann, {
        method: 'POST',
        url: '/api/v2/conversations',
        payload: { participantUserIDs: [bob.user.userID], initialBody: 'elevenchars', initialFormat: 'text' },
      });
      assert.equal(start.statusCode, 400, start.body);
      assert.equal((start.json() as ErrorBody).errors?.[0]?.field, 'initialBody');
    } finally {
      await setConfig(fx.t, fx.admin, { 'conversations.message.maxLength': 2000 });
    }
  });

  test('POST /conversations: conversations.add, live users, someone else named', async () => {
    const [ann] = await members(1);
    assert.ok(ann);
    const unconfirmed = await asUser(fx.t, { roleTypes: ['unconfirmed'] });
    const denied = await inject(fx.t, unconfirmed, {
      method: 'POST',
      url: '/api/v2/conversations',
      payload: { participantUserIDs: [ann.user.userID] },
    });
    assert.equal(denied.statusCode, 403);
    assert.deepEqual((denied.json() as ErrorBody).permissions, ['conversations.add']);
    const guest = await inject(fx.t, await asGuest(fx.t), {
      method: 'POST',
      url: '/api/v2/conversations',
      payload: { participantUserIDs: [ann.user.userID] },
    });
    assert.equal(guest.statusCode, 403);
    const missingUser = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/conversations',
      payload: { participantUserIDs: [99_999_998] },
    });
    assert.equal(missingUser.statusCode, 404);
    assert.equal((missingUser.json() as ErrorBody).message, 'User not found.');
    const deleted = await asUser(fx.t, { deleted: true });
    const deletedUser = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/conversations',
      payload: { participantUserIDs: [deleted.user.userID] },
    });
    assert.equal(deletedUser.statusCode, 404);
    const onlyMe = await inject(fx.t, ann, {
      method: 'POST',
      url: '/api/v2/conversations',
      payload: { participantUserIDs: [ann.user.userID] },
    });
    assert.equal(onlyMe.statusCode, 400);
    assert.equal((onlyMe.json() as ErrorBody).errors?.[0]?.field, 'participantUserIDs');
    const none = await inject(fx.t, ann, { method: 'POST', url: '/api/v2/conversations', payload: {} });
    assert.equal(none.statusCode, 400);
    assert.equal((none.json() as ErrorBody).errors?.[0]?.code, 'missingField');
  });

  test('participants: list, add (current user last, first 5), leave', async () => {
    const [ann, bob, cat, dan, eve, fay] = await members(6);
    assert.ok(ann && bob && cat && dan && eve && fay);
    const conversation = await startConversation(fx.t, ann, [bob, cat, dan, eve, fay]);
    assert.equal(conversation.countParticipants, 6);
    assert.equal(conversation.participants?.length, 5);
    assert.equal(conversation.participants?.at(-1)?.userID, ann.user.userID);
    const list = await inject(fx.t, bob, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants?expand=user`,
    });
    assert.equal(list.statusCode, 200, list.body);
    assert.equal((list.json() as Participant[]).length, 5, 'default limit 5');
    assert.equal(list.headers['x-app-page-result-count'], '6');
    assert.equal((list.json() as Participant[])[0]?.user?.name, ann.user.name);
    const tooSmall = await inject(fx.t, bob, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants?limit=2`,
    });
    assert.equal(tooSmall.statusCode, 422);

    const newcomer = await asMember(fx.t);
    const added = await inject(fx.t, bob, {
      method: 'POST',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants`,
      payload: { participantUserIDs: [newcomer.user.userID, cat.user.userID] },
    });
    assert.equal(added.statusCode, 201, added.body);
    assert.deepEqual((added.json() as Participant[]).map((p) => p.userID), [newcomer.user.userID]);
    const outsider = await asMember(fx.t);
    const refused = await inject(fx.t, outsider, {
      method: 'POST',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants`,
      payload: { participantUserIDs: [outsider.user.userID] },
    });
    assert.equal(refused.statusCode, 403);

    const left = await inject(fx.t, bob, { method: 'DELETE', url: `/api/v2/conversations/${String(conversation.conversationID)}/leave` });
    assert.equal(left.statusCode, 204);
    const again = await inject(fx.t, bob, { method: 'DELETE', url: `/api/v2/conversations/${String(conversation.conversationID)}/leave` });
    assert.equal(again.statusCode, 404);
    const gone = await inject(fx.t, bob, { method: 'GET', url: `/api/v2/conversations/${String(conversation.conversationID)}` });
    assert.equal(gone.statusCode, 403, 'no longer a participant');
    const deletedList = await inject(fx.t, ann, {
      method: 'GET',
      url: `/api/v2/conversations/${String(conversation.conversationID)}/participants?status=deleted`,
    });
    assert.deepEqual((deletedList.json() as Participant[]).map((p) => [p.userID, p.status]), [[bob.user.userID, 'deleted']]);
    const after = await inject(fx.t, ann, { method: 'GET', url: `/api/v2/conversations/${String(conversation.conversationID)}` });
    assert.equal((after.json() as Conversation).countParticipants, 6);
    const bobInbox = (await inject(fx.t, bob, { method: 'GET', url: '/api/v2/conversations' })).json() as Conversation[];
    assert.ok(!bobInbox.some((c) => c.conversationID === conversation.conversationID));
    const bobWrites = await inject(fx.t, bob, {
      method: 'POST',
      url: '/api/v2/messages',
      payload: { conversationID: conversation.conversationID, body: 'back?', format: 'text' },
    });
    assert.equal(bobWrites.statusCode, 400);
  });
});
