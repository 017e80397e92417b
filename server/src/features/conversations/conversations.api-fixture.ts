import assert from 'node:assert/strict';
import type { Conversation, Message } from '../../../../common/src/api/conversations.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import type { TestApp } from '../../../test/harness.ts';

// Shared steps of the conversations API tests.

/** `count` new members, made one after another (their order is their IDs' order). */
export async function membersOf(t: TestApp, count: number): Promise<TestActor<TestUser>[]> {
  const list: TestActor<TestUser>[] = [];
  for (let index = 0; index < count; index += 1) list.push(await asMember(t));
  return list;
}

/** `POST /conversations` as `as` with `others` (and a first message unless `initialBody: null`); asserts 201. */
export async function startConversation(
  t: TestApp,
  as: TestActor<TestUser>,
  others: readonly TestActor<TestUser>[],
  options: { name?: string; initialBody?: string | null } = {},
): Promise<Conversation> {
  const response = await inject(t, as, {
    method: 'POST',
    url: '/api/v2/conversations',
    payload: {
      participantUserIDs: others.map((other) => other.user.userID),
      ...(options.initialBody === null ? {} : { initialBody: options.initialBody ?? 'Hello there', initialFormat: 'text' }),
      ...(options.name === undefined ? {} : { name: options.name }),
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Conversation;
}

/** `POST /messages` as `as`; asserts 201. */
export async function sendMessage(t: TestApp, as: TestActor<TestUser>, conversationID: number, body: string): Promise<Message> {
  const response = await inject(t, as, {
    method: 'POST',
    url: '/api/v2/messages',
    payload: { conversationID, body, format: 'text' },
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Message;
}

/** The `Conversations` me-count of `as`. */
export async function unreadConversations(t: TestApp, as: TestActor<TestUser>): Promise<number> {
  const response = await inject(t, as, { method: 'GET', url: '/api/v2/users/me-counts' });
  assert.equal(response.statusCode, 200, response.body);
  const { counts } = response.json() as { counts: { name: string; count: number }[] };
  return counts.find((item) => item.name === 'Conversations')?.count ?? -1;
}

/** Sets site settings as the administrator; asserts 200. */
export async function setConfig(t: TestApp, admin: TestActor<TestUser>, values: Record<string, unknown>): Promise<void> {
  const response = await inject(t, admin, { method: 'PATCH', url: '/api/v2/config', payload: values });
  assert.equal(response.statusCode, 200, response.body);
}
