import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Conversation, Message, Participant } from '../../../../common/src/api/conversations.ts';
import { asGuest, asMember, asModerator, asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { factoryAdmin, type ErrorBody } from '../../../test/factories.ts';
import { sendMessage, setConfig, startConversation, unreadConversations } from './conversations.api-fixture.ts';

// api-contract §5: conversations and messages (issue 13).

describe(`conversations API (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ admin: await factoryAdmin(t) }));

  async function members(count: number): Promise<TestActor<TestUser>[]> {
    const list: TestActor<TestUser>[] = [];
    for (let index = 0; index < count; index += 1) list.push(await asMember(fx.t));
    return list;
  }

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

