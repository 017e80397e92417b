import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventBus, packMessages, type EventMeta, type EventTransport, type TransportReceiver } from './bus.ts';
import type { DomainEvents, EventEnvelope } from './events.ts';

/** Transports joined in memory, as LISTEN/NOTIFY or the cluster's relay join processes. */
function linkedTransports(count: number): { transports: EventTransport[]; sent: EventEnvelope[][] } {
  const receivers: (TransportReceiver | undefined)[] = [];
  const sent: EventEnvelope[][] = [];
  const transports = Array.from({ length: count }, (_, index): EventTransport => ({
    maxMessageBytes: 400,
    async start(receiver) {
      receivers[index] = receiver;
    },
    async send(events, confirmMs) {
      sent.push([...events]);
      const applied = receivers.map((receiver, other) =>
        other !== index ? receiver?.deliver(JSON.parse(JSON.stringify(events)) as EventEnvelope[]) : undefined,
      );
      if (confirmMs !== undefined) await Promise.all(applied);
      return true;
    },
    async close() {
      receivers[index] = undefined;
    },
  }));
  return { transports, sent };
}

const added: DomainEvents['commentAdded'] = {
  commentID: 7,
  discussionID: 3,
  categoryID: 1,
  insertUserID: 2,
  parentCommentID: null,
};

test('a subscriber receives what is published in its process, after the publisher continues', async () => {
  const bus = new EventBus();
  const seen: [DomainEvents['commentAdded'], EventMeta][] = [];
  bus.subscribe('commentAdded', (payload, meta) => {
    seen.push([payload, meta]);
  });
  bus.publish('commentAdded', added);
  assert.equal(seen.length, 0, 'subscribers never run inside publish');
  await bus.settled();
  assert.deepEqual(seen, [[added, { remote: false }]]);
});

test("a subscriber's exception is logged and neither the publisher nor other subscribers notice", async () => {
  const logged: object[] = [];
  const bus = new EventBus({ log: { error: (details) => logged.push(details), warn: () => {} } });
  let other = 0;
  bus.subscribe('discussionAdded', () => {
    throw new Error('subscriber broke');
  });
  bus.subscribe('discussionAdded', async () => {
    await Promise.resolve();
    throw new Error('async subscriber broke');
  });
  bus.subscribe('discussionAdded', () => {
    other += 1;
  });
  assert.doesNotThrow(() => bus.publish('discussionAdded', { discussionID: 1, categoryID: 1, insertUserID: 2 }));
  await bus.settled();
  assert.equal(other, 1);
  assert.equal(logged.length, 2);
  assert.match(String((logged[0] as { err: Error }).err.message), /broke/);
});

test('unsubscribing stops delivery', async () => {
  const bus = new EventBus();
  let calls = 0;
  const stop = bus.subscribe('commentDeleted', () => {
    calls += 1;
  });
  stop();
  bus.publish('commentDeleted', { commentID: 1, discussionID: 1, categoryID: 1, deleteUserID: 1 });
  await bus.settled();
  assert.equal(calls, 0);
});

test('events reach the other processes once, marked remote, and events of one turn travel in one message', async () => {
  const { transports, sent } = linkedTransports(3);
  const buses = transports.map((transport) => new EventBus({ transport }));
  await Promise.all(buses.map((bus) => bus.start()));
  const seen = buses.map(() => [] as [number, boolean][]);
  buses.forEach((bus, index) =>
    bus.subscribe('commentAdded', (payload, meta) => {
      seen[index]?.push([payload.commentID, meta.remote]);
    }),
  );
  buses[0]?.publish('commentAdded', added);
  buses[0]?.publish('commentAdded', { ...added, commentID: 8 });
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(buses.map((bus) => bus.settled()));
  assert.equal(sent.length, 1, 'one message for the two events');
  assert.deepEqual(seen[0], [[7, false], [8, false]]);
  assert.deepEqual(seen[1], [[7, true], [8, true]]);
  assert.deepEqual(seen[2], [[7, true], [8, true]]);
  await Promise.all(buses.map((bus) => bus.close()));
});

test('a transport that missed events makes every process-local cache be emptied', async () => {
  let receiver: TransportReceiver | undefined;
  const bus = new EventBus({
    transport: {
      maxMessageBytes: 1000,
      async start(given) {
        receiver = given;
      },
      send: async () => true,
      async close() {},
    },
  });
  await bus.start();
  const emptied: string[] = [];
  bus.subscribe('cacheInvalidated', (payload, meta) => {
    if (meta.remote && payload.change === undefined) emptied.push(payload.cache);
  });
  receiver?.missed();
  await bus.settled();
  assert.deepEqual(emptied.sort(), ['guest', 'settings']);
});

test('messages stay under the transport limit; an oversized cache invalidation widens to everything', () => {
  const logged: object[] = [];
  const many: EventEnvelope = {
    name: 'cacheInvalidated',
    payload: { cache: 'guest', change: { discussionIDs: Array.from({ length: 2000 }, (_, i) => i + 1) } },
  };
  const small: EventEnvelope = { name: 'commentAdded', payload: added };
  const messages = packMessages([small, small, small, many, small], 300, { error: (details) => logged.push(details), warn: () => {} });
  for (const message of messages) assert.ok(Buffer.byteLength(JSON.stringify(message)) <= 300);
  const flat = messages.flat();
  assert.equal(flat.length, 5);
  assert.deepEqual(flat[3], { name: 'cacheInvalidated', payload: { cache: 'guest' } });
  assert.ok(messages.length >= 2);
  assert.equal(logged.length, 0);
});

test('peersApplied resolves once the other processes ran their subscribers, and at most after confirmMs', async () => {
  const { transports } = linkedTransports(2);
  const [writer, reader] = transports.map((transport) => new EventBus({ transport }));
  assert.ok(writer && reader);
  await Promise.all([writer.start(), reader.start()]);
  const emptied: string[] = [];
  let release: () => void = () => {};
  reader.subscribe('cacheInvalidated', async (payload) => {
    await new Promise<void>((resolve) => (release = resolve));
    emptied.push(payload.cache);
  });
  writer.publish('cacheInvalidated', { cache: 'settings' });
  let answered = false;
  const waiting = writer.peersApplied().then(() => (answered = true));
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(answered, false, 'the write waits while the other process has not applied it');
  release();
  await waiting;
  assert.deepEqual(emptied, ['settings']);
  await writer.peersApplied();

  const warned: object[] = [];
  const silent: EventTransport = {
    maxMessageBytes: 1000,
    async start() {},
    send: (_events, confirmMs) =>
      new Promise((resolve) => {
        setTimeout(() => resolve(confirmMs === undefined), confirmMs ?? 0);
      }),
    async close() {},
  };
  const lonely = new EventBus({ transport: silent, confirmMs: 5, log: { error: () => {}, warn: (details) => warned.push(details) } });
  lonely.publish('cacheInvalidated', { cache: 'guest' });
  await lonely.peersApplied();
  assert.equal(warned.length, 1, 'an unconfirmed invalidation is logged and the write answers');
  await Promise.all([writer.close(), reader.close(), lonely.close()]);
});
