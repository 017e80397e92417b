import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion, makeRole, rich2, roleIDOf, type ErrorBody } from '../../../test/factories.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import type { Me, MeCounts } from '../../../../common/src/api/users.ts';

describe(`notifications API (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  /** Lets the events' subscribers enqueue, then runs every due job, as the worker would. */
  async function deliver(): Promise<void> {
    await t.app.deps.events.settled();
    await t.app.jobs.drain();
    const stuck = await t.db.selectFrom('jobs').select(['type', 'lastError']).where('status', 'in', ['failed', 'dead']).execute();
    assert.deepEqual(stuck, [], 'no job failed');
  }

  async function list(actor: TestActor, query = ''): Promise<Notification[]> {
    const response = await inject(t, actor, { method: 'GET', url: `/api/v2/notifications${query}` });
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as Notification[];
  }

  async function unread(actor: TestActor): Promise<number> {
    const me = (await inject(t, actor, { method: 'GET', url: '/api/v2/users/me' })).json() as Me;
    const counts = (await inject(t, actor, { method: 'GET', url: '/api/v2/users/me-counts' })).json() as MeCounts;
    const fromCounts = counts.counts.find((item) => item.name === 'UnreadNotifications')?.count;
    assert.equal(fromCounts, me.countUnreadNotifications, 'me and me-counts agree');
    return me.countUnreadNotifications;
  }

  /** A member who may receive e-mail (`email.view`; the default member role holds it too). */
  async function asMailableMember(): Promise<TestActor<TestUser>> {
    const role = await makeRole(t, { globalPermissions: ['email.view'] });
    return asMember(t, { roleIDs: [role.roleID] });
  }

  async function follow(actor: TestActor, categoryID: number, preferences: Record<string, boolean> = {}): Promise<void> {
    const response = await inject(t, actor, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, ...preferences },
    });
    assert.equal(response.statusCode, 200, response.body);
  }

  test('a mention notifies the mentioned member (not the author), with the me-box counts', async () => {
    const author = await asMember(t);
    const reader = await asMember(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author, name: 'Tea & <scones>' });
    await deliver();
    assert.equal(await unread(reader), 0);
    await makeComment(t, { discussionID: discussion.discussionID, body: `Hello @${reader.user.name}!`, format: 'markdown', as: author });
    await deliver();
    const [mention, ...rest] = await list(reader, '?expand=discussion');
    assert.equal(rest.length, 0);
    assert.ok(mention);
    assert.equal(mention.activityType, 'Mention');
    assert.equal(mention.read, false);
    assert.equal(mention.body, `<b>${author.user.name}</b> mentioned you in <b>Tea &amp; &lt;scones&gt;</b>.`);
    assert.equal(mention.discussion?.discussionID, discussion.discussionID);
    assert.deepEqual(mention.notifyUsers?.map((user) => user.userID), [author.user.userID]);
    assert.match(mention.url, /^http:\/\/hearth\.test\/discussion\/comment\/\d+#Comment_\d+$/);
    assert.equal(await unread(reader), 1);
    assert.deepEqual(await list(author), [], 'never yourself');
  });

  test('reasons: a reply beats taking part; bookmarks; followers of the category; a reaction', async () => {
    const starter = await asMember(t);
    const replier = await asMember(t);
    const bookmarker = await asMember(t);
    const follower = await asMember(t);
    const category = await makeCategory(t);
    await follow(follower, category.categoryID, { 'preferences.popup.comments': true, 'preferences.popup.posts': true });
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: starter });
    await deliver();
    assert.deepEqual((await list(follower)).map((item) => item.activityType), ['NewDiscussion']);
    const bookmark = await inject(t, bookmarker, {
      method: 'PUT',
      url: `/api/v2/discussions/${String(discussion.discussionID)}/bookmark`,
      payload: { bookmarked: true },
    });
    assert.equal(bookmark.statusCode, 200, bookmark.body);
    const first = await makeComment(t, { discussionID: discussion.discussionID, as: starter });
    await deliver();
    await makeComment(t, { discussionID: discussion.discussionID, as: replier, parentCommentID: first.commentID });
    await deliver();
    assert.deepEqual((await list(starter)).map((item) => item.activityType), ['CommentReply']);
    assert.deepEqual((await list(bookmarker)).map((item) => item.activityType), ['BookmarkComment']);
    // The follower's two comment notifications are one batch about the discussion.
    const batched = await list(follower);
    assert.deepEqual(batched.map((item) => [item.activityType, item.count]), [['NewComment', 2], ['NewDiscussion', 1]]);
    assert.equal((await list(follower, '?shouldBatch=false')).length, 3);
    const react = await inject(t, replier, {
      method: 'POST',
      url: `/api/v2/comments/${String(first.commentID)}/reactions`,
      payload: { reactionType: 'Like' },
    });
    assert.ok(react.statusCode < 300, react.body);
    await deliver();
    assert.deepEqual((await list(starter)).map((item) => item.activityType), ['Reaction', 'CommentReply']);
    assert.deepEqual((await list(replier)).filter((item) => item.activityType === 'Reaction'), [], 'never yourself');
  });

  test('preferences off: no notification; e-mail when the follow asks for it', async () => {
    const author = await asMember(t);
    const quiet = await asMember(t);
    const mailed = await asMailableMember();
    const category = await makeCategory(t);
    await follow(quiet, category.categoryID, { 'preferences.popup.posts': false });
    await follow(mailed, category.categoryID, { 'preferences.popup.posts': false, 'preferences.email.posts': true });
    const before = t.mail.sent.length;
    await makeDiscussion(t, { categoryID: category.categoryID, as: author, name: 'Mail me' });
    await deliver();
    assert.deepEqual(await list(quiet), []);
    assert.deepEqual(await list(mailed), [], 'e-mail only: no popup');
    const sent = t.mail.sent.slice(before);
    assert.deepEqual(sent.map((message) => message.to), [mailed.user.email]);
    assert.match(sent[0]?.text ?? '', /started a new discussion: Mail me/);
  });

  test('a category hidden from the follower between the event and the delivery: no row, no mail', async () => {
    const author = await asMember(t);
    const follower = await asMailableMember();
    const category = await makeCategory(t);
    await follow(follower, category.categoryID, { 'preferences.popup.posts': true, 'preferences.email.posts': true });
    const before = t.mail.sent.length;
    await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await t.app.deps.events.settled();
    const hide = await inject(t, await adminActor(), {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}`,
      payload: {
        customPermissions: true,
        permissions: [{ roleID: await roleIDOf(t, 'member'), permissions: { 'discussions.view': false } }],
      },
    });
    assert.equal(hide.statusCode, 200, hide.body);
    await deliver();
    assert.deepEqual(await list(follower), []);
    assert.equal(t.mail.sent.length, before);
  });

  test('a post no longer accepted when the job runs (sent to moderation) notifies no one', async () => {
    const author = await asMember(t);
    const follower = await asMember(t);
    const category = await makeCategory(t);
    await follow(follower, category.categoryID, { 'preferences.popup.posts': true });
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await t.app.deps.events.settled();
    await t.db.updateTable('discussions').set({ moderationStatus: 'pending' }).where('discussionID', '=', discussion.discussionID).execute();
    await deliver();
    assert.deepEqual(await list(follower), []);
  });

  let admin: TestActor<TestUser> | undefined;
  async function adminActor(): Promise<TestActor<TestUser>> {
    admin ??= await asMember(t, { roleTypes: ['administrator'] });
    return admin;
  }

  test('read one (the whole batch), read all; someone else’s is 403, a missing one 404; only read: true', async () => {
    const author = await asMember(t);
    const reader = await asMember(t);
    const other = await asMember(t);
    const category = await makeCategory(t);
    await follow(reader, category.categoryID, { 'preferences.popup.comments': true });
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: rich2('one') });
    await makeComment(t, { discussionID: discussion.discussionID, as: author, body: rich2('two') });
    await deliver();
    const [batch] = await list(reader);
    assert.ok(batch);
    assert.equal(batch.count, 2);
    const url = `/api/v2/notifications/${String(batch.notificationID)}`;
    const foreign = await inject(t, other, { method: 'GET', url });
    assert.equal(foreign.statusCode, 403);
    assert.equal((foreign.json() as ErrorBody).message, 'You do not have access to the notification(s).');
    const missing = await inject(t, reader, { method: 'GET', url: '/api/v2/notifications/999999' });
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'Notification not found.');
    const guest = await inject(t, null, { method: 'GET', url: '/api/v2/notifications' });
    assert.equal(guest.statusCode, 403);
    const unreadFalse = await inject(t, reader, { method: 'PATCH', url, payload: { read: false } });
    assert.equal(unreadFalse.statusCode, 422);
    assert.equal(await unread(reader), 1, 'a batch counts once');
    const read = await inject(t, reader, { method: 'PATCH', url, payload: { read: true } });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal((read.json() as Notification).read, true);
    assert.ok((await list(reader, '?shouldBatch=false')).every((item) => item.read), 'the whole batch is read');
    assert.equal(await unread(reader), 0);
    await makeComment(t, { discussionID: discussion.discussionID, as: author });
    await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    await deliver();
    assert.equal(await unread(reader), 1);
    const put = await inject(t, reader, { method: 'PUT', url: `/api/v2/notifications/${String(batch.notificationID)}/read` });
    assert.equal(put.statusCode, 200, put.body);
    const all = await inject(t, reader, { method: 'PATCH', url: '/api/v2/notifications', payload: { read: true } });
    assert.equal(all.statusCode, 204);
    assert.equal(await unread(reader), 0);
  });

  test('paging: limit and the more pager headers', async () => {
    const author = await asMember(t);
    const reader = await asMember(t);
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, as: author });
    for (let index = 0; index < 3; index += 1) {
      await makeComment(t, { discussionID: discussion.discussionID, as: author, body: `@${reader.user.name} ${String(index)}`, format: 'markdown' });
    }
    await deliver();
    const first = await inject(t, reader, { method: 'GET', url: '/api/v2/notifications?limit=2' });
    assert.equal((first.json() as Notification[]).length, 2);
    assert.equal(first.headers['x-app-page-limit'], '2');
    assert.match(String(first.headers['x-app-page-next-url']), /page=2/);
    assert.equal(first.headers['x-app-page-result-count'], undefined);
    const second = await inject(t, reader, { method: 'GET', url: '/api/v2/notifications?limit=2&page=2' });
    assert.equal((second.json() as Notification[]).length, 1);
    assert.equal(second.headers['x-app-page-next-url'], undefined);
    const tooMany = await inject(t, reader, { method: 'GET', url: '/api/v2/notifications?limit=101' });
    assert.equal(tooMany.statusCode, 422);
  });
});
