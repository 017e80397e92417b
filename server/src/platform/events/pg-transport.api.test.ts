import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import { guardClient } from '../db/pg-errors.ts';
import { EventBus } from './bus.ts';
import type { DomainEvents, EventName } from './events.ts';
import { createPostgresTransport, EVENTS_APPLICATION_PREFIX } from './pg-transport.ts';

// Issue 13/18: events cross processes over LISTEN/NOTIFY. Two buses on one database stand for two
// processes (each has its own dedicated connection, as each process would).

const quiet = { error: () => {}, warn: () => {} };

/** Resolves with the next `name` event a bus hears from another process (or rejects after 5 s). */
function nextRemote<K extends EventName>(bus: EventBus, name: K): Promise<DomainEvents[K]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${name} within 5 s`)), 5000);
    const stop = bus.subscribe(name, (payload, meta) => {
      if (!meta.remote) return;
      clearTimeout(timer);
      stop();
      resolve(payload);
    });
  });
}

describe('events over PostgreSQL LISTEN/NOTIFY', { skip: testDialect !== 'postgres' }, () => {
  let database: TestDatabase;
  const buses: EventBus[] = [];
  const newBus = async () => {
    const url = database.databaseUrl;
    assert.ok(url);
    const bus = new EventBus({ transport: createPostgresTransport({ connectionString: url }), log: quiet });
    await bus.start();
    buses.push(bus);
    return bus;
  };
  before(async () => {
    database = await createTestDatabase();
  });
  after(async () => {
    for (const bus of buses) await bus.close();
    await database.drop();
  });

  test('an event published by one process reaches the other once, and not its own process twice', async () => {
    const [first, second] = [await newBus(), await newBus()];
    let ownCount = 0;
    first.subscribe('discussionMoved', () => {
      ownCount += 1;
    });
    const arrived = nextRemote(second, 'discussionMoved');
    const moved = { discussionID: 5, categoryID: 2, fromCategoryID: 1, updateUserID: 1 };
    first.publish('discussionMoved', moved);
    assert.deepEqual(await arrived, moved);
    // A second event proves the first one's echo (the sender also LISTENs) was not delivered again.
    const echo = nextRemote(first, 'commentAdded');
    second.publish('commentAdded', { commentID: 1, discussionID: 5, categoryID: 2, insertUserID: 1, parentCommentID: null });
    await echo;
    await first.settled();
    assert.equal(ownCount, 1);
  });

  test('a process whose events connection is ended reconnects, empties its caches and hears events again', async () => {
    const [listener, sender] = [await newBus(), await newBus()];
    const emptied = new Promise<void>((resolve) => {
      listener.subscribe('cacheInvalidated', (payload, meta) => {
        if (meta.remote && payload.cache === 'guest' && payload.change === undefined) resolve();
      });
    });
    const admin = guardClient(new pg.Client({ connectionString: database.databaseUrl }));
    await admin.connect();
    try {
      // End every LISTEN connection of this database but the sender's... and the sender's: both reconnect.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and starts_with(application_name, $1)`,
        [EVENTS_APPLICATION_PREFIX],
      );
    } finally {
      await admin.end();
    }
    await emptied;
    const arrived = nextRemote(listener, 'reactionAdded');
    const reaction = { recordType: 'comment' as const, recordID: 9, reactionType: 'Like', userID: 3 };
    sender.publish('reactionAdded', reaction);
    assert.deepEqual(await arrived, reaction);
  });

  test('peersApplied waits until every other process applied the invalidation', async () => {
    const [writer, reader, third] = [await newBus(), await newBus(), await newBus()];
    const applied: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    reader.subscribe('cacheInvalidated', async (payload, meta) => {
      if (!meta.remote || payload.cache !== 'settings') return;
      await held;
      applied.push('reader');
    });
    const thirdApplied = new Promise<void>((resolve) => {
      third.subscribe('cacheInvalidated', (payload, meta) => {
        if (!meta.remote || payload.cache !== 'settings') return;
        applied.push('third');
        resolve();
      });
    });
    writer.publish('cacheInvalidated', { cache: 'settings' });
    let answered = false;
    const waiting = writer.peersApplied().then(() => (answered = true));
    // The third process confirms; the reader holds its subscriber: the writer keeps waiting.
    await thirdApplied;
    await third.settled();
    assert.equal(answered, false);
    release();
    await waiting;
    assert.deepEqual(applied.sort(), ['reader', 'third']);
  });

  test('a batch too large for one NOTIFY is split and every event arrives', async () => {
    const [first, second] = [await newBus(), await newBus()];
    const total = 400;
    let received = 0;
    const all = new Promise<void>((resolve) => {
      second.subscribe('commentEdited', (_payload, meta) => {
        if (meta.remote && (received += 1) === total) resolve();
      });
    });
    for (let index = 1; index <= total; index += 1)
      first.publish('commentEdited', { commentID: index, discussionID: 1, categoryID: 1, updateUserID: 1 });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([all, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
    clearTimeout(timer);
    assert.equal(received, total);
  });
});
