import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { createPostgresTransport } from '../../platform/events/pg-transport.ts';
import { testDialect } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { asMember, type TestActor } from '../../../test/actors.ts';
import { makeCategory, makeDiscussion, rich2 } from '../../../test/factories.ts';
import { openSse, type SseClient } from '../../../test/sse-client.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';

// Issue 13: a stream held by one process receives what another process wrote: two apps on one
// PostgreSQL database, each with its own LISTEN/NOTIFY connection, stand for two processes.

describe('live updates across processes (PostgreSQL)', { skip: testDialect !== 'postgres' }, () => {
  const processes: FastifyInstance[] = [];
  const clients: SseClient[] = [];
  // Registered before the fixture's: the two processes close before the database is dropped.
  after(async () => {
    for (const client of clients) client.close();
    for (const app of processes) await app.close();
  });
  const fx = useTestApp(async () => ({}));
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let readerOrigin: string;

  async function startProcess(): Promise<FastifyInstance> {
    const url = fx.t.database.databaseUrl;
    assert.ok(url);
    const app = await buildApp({
      config: fx.t.config,
      database: fx.t.database.handle,
      mailer: fx.t.mail,
      logger: false,
      eventTransport: createPostgresTransport({ connectionString: url }),
    });
    await app.ready();
    processes.push(app);
    return app;
  }

  before(async () => {
    writer = await startProcess();
    reader = await startProcess();
    await reader.listen({ port: 0, host: '127.0.0.1' });
    readerOrigin = `http://127.0.0.1:${String((reader.server.address() as AddressInfo).port)}`;
  });

  function writeAs(actor: TestActor, method: 'POST' | 'PATCH', url: string, payload: object) {
    return writer.inject({ method, url, headers: actor.headers, payload });
  }

  test('a comment and a notification written by one process reach a stream held by the other', async () => {
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID });
    // Its delivery runs before anyone follows the category.
    await fx.t.app.deps.events.settled();
    await fx.t.app.jobs.drain();
    const follower = await asMember(fx.t);
    const author = await asMember(fx.t);
    const followed = await writeAs(follower, 'PATCH', `/api/v2/categories/${String(category.categoryID)}/preferences/$me`, {
      'preferences.followed': true,
      'preferences.popup.posts': true,
    });
    assert.equal(followed.statusCode, 200, followed.body);
    const stream = await openSse(`${readerOrigin}/api/v2/events?discussionID=${String(discussion.discussionID)}`, {
      cookie: follower.headers.cookie ?? '',
    });
    clients.push(stream);
    assert.equal(stream.status, 200, stream.body);
    await stream.next('ready');

    const created = await writeAs(author, 'POST', '/api/v2/comments', {
      body: rich2('Written elsewhere.'),
      format: 'rich2',
      parentRecordType: 'discussion',
      parentRecordID: discussion.discussionID,
    });
    assert.equal(created.statusCode, 201, created.body);
    const comment = JSON.parse((await stream.next('comment')).data) as Comment;
    assert.equal(comment.commentID, (created.json() as Comment).commentID);

    const posted = await writeAs(author, 'POST', '/api/v2/discussions', {
      name: 'Across the wire',
      body: rich2('Hello from the other process.'),
      format: 'rich2',
      categoryID: category.categoryID,
    });
    assert.equal(posted.statusCode, 201, posted.body);
    // The writer's worker delivers; its announcement crosses over LISTEN/NOTIFY to the reader.
    await writer.deps.events.settled();
    await writer.jobs.drain();
    const notification = JSON.parse((await stream.next('notification')).data) as Notification;
    assert.equal(notification.activityType, 'NewDiscussion');
    assert.match(notification.body, /Across the wire/);
    assert.deepEqual(JSON.parse((await stream.next('notificationCount')).data), { countUnreadNotifications: 1 });
  });
});
