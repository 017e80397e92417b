import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { asGuest, asMember, inject, type TestActor } from '../../../test/actors.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion, makeHiddenCategory, type ErrorBody } from '../../../test/factories.ts';
import { openSse, type SseClient } from '../../../test/sse-client.ts';
import { MAX_STREAMS_PER_USER } from './live.hub.ts';
import { sendMessage, startConversation } from '../conversations/conversations.api-fixture.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';

// Issue 13: GET /api/v2/events over a real socket: who may open a stream, what reaches it (and
// what does not), Last-Event-ID, heartbeats, the per-process bound and cleanup.

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
}

/** Runs what the events queued (notification delivery) and lets its announcements go out. */
async function deliver(t: TestApp): Promise<void> {
  await t.app.deps.events.settled();
  await t.app.jobs.drain();
  await t.app.deps.events.settled();
}

/** Waits (a turn of the event loop at a time, at most 2 s) until `check` holds. */
async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met within 2 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe(`live updates: GET /api/v2/events (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)), origin: await listen(t) }));
  const open: SseClient[] = [];

  async function stream(actor: TestActor | null, query = '', headers: Record<string, string> = {}): Promise<SseClient> {
    const client = await openSse(`${fx.origin}/api/v2/events${query}`, { ...(actor?.headers.cookie ? { cookie: actor.headers.cookie } : {}), ...headers });
    open.push(client);
    return client;
  }

  async function follow(actor: TestActor, categoryID: number): Promise<void> {
    const response = await inject(fx.t, actor, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.popup.posts': true, 'preferences.popup.comments': true },
    });
    assert.equal(response.statusCode, 200, response.body);
  }

  test('a guest without a discussion gets 204; refusals answer the contract’s error body: bad, missing or hidden discussion', async () => {
    // A guest without a discussion has nothing to stream: 204 stops an EventSource's reconnecting.
    const guest = await stream(null);
    assert.equal(guest.status, 204);
    assert.equal(guest.body, '');
    const json = await inject(fx.t, fx.member, { method: 'GET', url: '/api/v2/events' });
    assert.equal(json.statusCode, 406);
    assert.deepEqual(json.json(), { message: 'This call answers text/event-stream only.', status: 406 });
    const bad = await stream(fx.member, '?discussionID=abc');
    assert.equal(bad.status, 422);
    const missing = await stream(fx.member, '?discussionID=2147483647');
    assert.equal(missing.status, 404);
    assert.equal((JSON.parse(missing.body) as ErrorBody).message, 'Discussion not found.');
    const hidden = await makeHiddenCategory(fx.t);
    const secret = await makeDiscussion(fx.t, { categoryID: hidden.categoryID });
    const refused = await stream(fx.member, `?discussionID=${String(secret.discussionID)}`);
    assert.equal(refused.status, 403, refused.body);
    assert.deepEqual((JSON.parse(refused.body) as ErrorBody).permissions, ['discussions.view']);
  });

  test('a follower sees a new discussion’s notification and the unread count rise live; others see nothing', async () => {
    const category = await makeCategory(fx.t);
    const follower = await asMember(fx.t);
    const bystander = await asMember(fx.t);
    await follow(follower, category.categoryID);
    const followerStream = await stream(follower);
    assert.equal(followerStream.status, 200);
    assert.match(String(followerStream.headers['content-type']), /^text\/event-stream/);
    assert.equal(followerStream.headers['cache-control'], 'no-cache, no-transform');
    const ready = await followerStream.next('ready');
    assert.deepEqual(JSON.parse(ready.data), { userID: follower.user.userID, discussionID: null, countUnreadNotifications: 0 });
    const bystanderStream = await stream(bystander);
    await bystanderStream.next('ready');

    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: fx.member, name: 'Live and direct' });
    await deliver(fx.t);
    const event = await followerStream.next('notification');
    const notification = JSON.parse(event.data) as Notification;
    assert.equal(notification.activityType, 'NewDiscussion');
    assert.match(notification.body, /started a new discussion: <b>Live and direct<\/b>/);
    assert.equal(notification.discussionID, discussion.discussionID);
    assert.match(event.id ?? '', new RegExp(`^${String(notification.notificationID)}\\.\\d+$`));
    assert.deepEqual(JSON.parse((await followerStream.next('notificationCount')).data), { countUnreadNotifications: 1 });

    fx.t.app.live.beat();
    await bystanderStream.next(':');
    assert.deepEqual(bystanderStream.events.map((item) => item.event), ['ready', ':'], 'nothing about others’ notifications');

    const read = await inject(fx.t, follower, { method: 'PATCH', url: '/api/v2/notifications', payload: { read: true } });
    assert.equal(read.statusCode, 204);
    assert.deepEqual(JSON.parse((await followerStream.next('notificationCount')).data), { countUnreadNotifications: 0 });
  });

  test('readers of a discussion (guests too) receive its new comments; readers of another discussion do not', async () => {
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID });
    const other = await makeDiscussion(fx.t, { categoryID: category.categoryID });
    const guestReader = await stream(await asGuest(fx.t), `?discussionID=${String(discussion.discussionID)}`);
    const memberReader = await stream(fx.member, `?discussionID=${String(discussion.discussionID)}`);
    const otherReader = await stream(fx.moderator, `?discussionID=${String(other.discussionID)}`);
    assert.equal(JSON.parse((await guestReader.next('ready')).data).discussionID, discussion.discussionID);
    await memberReader.next('ready');
    await otherReader.next('ready');
    const comment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member, text: 'Hot off the press.' });
    for (const reader of [guestReader, memberReader]) {
      const event = await reader.next('comment');
      const pushed = JSON.parse(event.data) as Comment;
      assert.equal(pushed.commentID, comment.commentID);
      assert.match(pushed.body ?? '', /Hot off the press\./);
      assert.equal(pushed.insertUser?.userID, fx.member.user.userID);
    }
    fx.t.app.live.beat();
    await otherReader.next(':');
    assert.ok(!otherReader.events.some((item) => item.event === 'comment'));
  });

  test('Last-Event-ID resumes after the last event received: missed notifications and comments are sent, nothing twice', async () => {
    const category = await makeCategory(fx.t);
    const follower = await asMember(fx.t);
    await follow(follower, category.categoryID);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID });
    await deliver(fx.t);
    const first = await stream(follower, `?discussionID=${String(discussion.discussionID)}`);
    const lastID = (await first.next('ready')).id ?? '';
    first.close();
    const missedComment = await makeComment(fx.t, { discussionID: discussion.discussionID, as: fx.member });
    const missedDiscussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: fx.member, name: 'While you were away' });
    await deliver(fx.t);
    const again = await stream(follower, `?discussionID=${String(discussion.discussionID)}`, { 'last-event-id': lastID });
    await again.next('ready');
    // The follower also follows the category's comments: the missed comment notified them first.
    const missed = [await again.next('notification'), await again.next('notification')].map((item) => JSON.parse(item.data) as Notification);
    assert.deepEqual(missed.map((item) => [item.activityType, item.discussionID]), [
      ['NewComment', discussion.discussionID],
      ['NewDiscussion', missedDiscussion.discussionID],
    ]);
    const comment = JSON.parse((await again.next('comment')).data) as Comment;
    assert.equal(comment.commentID, missedComment.commentID);
    assert.equal(again.events.filter((item) => item.event === 'notification').length, 2, 'only what was missed');
    // The query parameter stands in for the header; a value this server did not write starts afresh.
    const viaQuery = await stream(follower, `?lastEventID=${encodeURIComponent(lastID)}`);
    await viaQuery.next('notification');
    const stranger = await stream(follower, '', { 'last-event-id': 'not-ours' });
    await stranger.next('ready');
    fx.t.app.live.beat();
    await stranger.next(':');
    assert.ok(!stranger.events.some((item) => item.event === 'notification'));
  });

  test('a private message reaches its other participants’ streams (and their notification), not outsiders’', async () => {
    const [sender, recipient, outsider] = [await asMember(fx.t), await asMember(fx.t), await asMember(fx.t)];
    const conversation = await startConversation(fx.t, sender, [recipient], { initialBody: null });
    await deliver(fx.t);
    const recipientStream = await stream(recipient);
    const outsiderStream = await stream(outsider);
    await recipientStream.next('ready');
    await outsiderStream.next('ready');
    const message = await sendMessage(fx.t, sender, conversation.conversationID, 'Psst.');
    assert.deepEqual(JSON.parse((await recipientStream.next('message')).data), {
      conversationID: conversation.conversationID,
      messageID: message.messageID,
      insertUserID: sender.user.userID,
    });
    await deliver(fx.t);
    const notification = JSON.parse((await recipientStream.next('notification')).data) as Notification;
    assert.equal(notification.activityType, 'ConversationMessage');
    fx.t.app.live.beat();
    await outsiderStream.next(':');
    assert.deepEqual(outsiderStream.events.map((item) => item.event), ['ready', ':']);
  });

  test('heartbeats, the per-process bound (503 with Retry-After) and cleanup when the reader leaves', async () => {
    const reader = await stream(fx.member);
    await reader.next('ready');
    fx.t.app.live.beat();
    assert.equal((await reader.next(':')).data, 'ping');
    const before = fx.t.app.live.size;
    const max = fx.t.app.live.maxStreams;
    fx.t.app.live.maxStreams = before;
    try {
      const refused = await stream(fx.member);
      assert.equal(refused.status, 503);
      assert.equal(refused.headers['retry-after'], '30');
      assert.deepEqual(JSON.parse(refused.body), { message: 'Too many live connections. Try again later.', status: 503 });
    } finally {
      fx.t.app.live.maxStreams = max;
    }
    reader.close();
    await until(() => fx.t.app.live.size === before - 1);
    // One reader holds at most MAX_STREAMS_PER_USER streams: a new one ends their oldest.
    const tabs: SseClient[] = [];
    for (let index = 0; index <= MAX_STREAMS_PER_USER; index += 1) {
      const tab = await stream(fx.moderator);
      await tab.next('ready');
      tabs.push(tab);
    }
    assert.equal(fx.t.app.live.ofUser(fx.moderator.user.userID).length, MAX_STREAMS_PER_USER);
    await tabs[0]?.ended;
    for (const client of open.splice(0)) client.close();
    await until(() => fx.t.app.live.size === 0);
  });
});
