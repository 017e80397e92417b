import type { Cluster, Worker } from 'node:cluster';
import type { EventTransport } from './bus.ts';
import type { EventEnvelope } from './events.ts';

// Events between the workers of one machine (node:cluster) when there is no PostgreSQL to carry
// them (SQLite): a worker sends its events to the primary over IPC, the primary relays them to
// every other worker. A message that asks to be confirmed (`ackID`: a write's answer waits for
// the other workers' caches) is applied by each ready worker, which says so (`hearthApplied`);
// once all have, or have ended, the primary tells the sender (`hearthAcked`).

interface ClusterMessage {
  hearthEvents: readonly EventEnvelope[];
  ackID?: number | undefined;
}
/** Worker → primary: this worker listens (from now on it confirms what it is sent). */
interface ReadyMessage {
  hearthReady: true;
}
/** Worker → primary: this worker applied relayed message `hearthApplied`. */
interface AppliedMessage {
  hearthApplied: number;
}
/** Primary → worker: every other worker applied the worker's message `hearthAcked`. */
interface AckedMessage {
  hearthAcked: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

function isClusterMessage(value: unknown): value is ClusterMessage {
  return isObject(value) && Array.isArray(value.hearthEvents);
}

/** A worker's side: send to the primary, receive what it relays, confirm what asks for it. */
export function createClusterTransport(channel: NodeJS.Process = process): EventTransport {
  let listener: ((message: unknown) => void) | undefined;
  let nextAckID = 0;
  const waiting = new Map<number, (applied: boolean) => void>();
  const reply = (message: ReadyMessage | AppliedMessage) => {
    if (channel.connected && channel.send) channel.send(message, undefined, {}, () => {});
  };
  return {
    // IPC has no hard limit; batches stay bounded all the same.
    maxMessageBytes: 64 * 1024,
    async start(receiver) {
      listener = (message: unknown) => {
        if (isClusterMessage(message)) {
          const { ackID } = message;
          void receiver.deliver(message.hearthEvents).then(() => {
            if (ackID !== undefined) reply({ hearthApplied: ackID });
          });
        } else if (isObject(message) && typeof message.hearthAcked === 'number') {
          waiting.get(message.hearthAcked)?.(true);
        }
      };
      channel.on('message', listener);
      // Whatever this process cached before it listened may predate another worker's write.
      receiver.missed();
      reply({ hearthReady: true });
    },
    send(events, confirmMs) {
      // The primary may be gone (shutting down): the error is the callback's, not an exception.
      if (!channel.connected || !channel.send) return Promise.resolve(confirmMs === undefined);
      if (confirmMs === undefined) {
        channel.send({ hearthEvents: events } satisfies ClusterMessage, undefined, {}, () => {});
        return Promise.resolve(true);
      }
      nextAckID += 1;
      const ackID = nextAckID;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => finish(false), confirmMs);
        const finish = (applied: boolean) => {
          clearTimeout(timer);
          waiting.delete(ackID);
          resolve(applied);
        };
        waiting.set(ackID, finish);
        channel.send?.({ hearthEvents: events, ackID } satisfies ClusterMessage, undefined, {}, (error) => {
          if (error) finish(false);
        });
      });
    },
    async close() {
      if (listener) channel.off('message', listener);
      for (const finish of waiting.values()) finish(false);
    },
  };
}

/** Relayed messages whose confirmations are still awaited are forgotten after this long. */
const FORGET_AFTER_MS = 10_000;

interface Confirming {
  sender: Worker;
  senderAckID: number;
  /** Ready workers that have not yet applied the message. */
  waiting: Set<Worker>;
  timer: NodeJS.Timeout;
}

/**
 * The primary's side: every worker's events go to all the other workers; a message asking to be
 * confirmed is confirmed to its sender once every ready worker it went to applied it or ended.
 */
export function relayClusterEvents(cluster: Cluster): void {
  const ready = new Set<Worker>();
  const confirming = new Map<number, Confirming>();
  let nextRelayID = 0;

  const settle = (relayID: number, entry: Confirming) => {
    if (entry.waiting.size > 0) return;
    clearTimeout(entry.timer);
    confirming.delete(relayID);
    if (entry.sender.isConnected()) entry.sender.send({ hearthAcked: entry.senderAckID } satisfies AckedMessage, undefined, () => {});
  };
  const gone = (worker: Worker) => {
    ready.delete(worker);
    for (const [relayID, entry] of confirming) {
      if (entry.waiting.delete(worker)) settle(relayID, entry);
    }
  };
  cluster.on('disconnect', gone);
  cluster.on('exit', gone);

  cluster.on('message', (sender, message: unknown) => {
    if (isObject(message) && message.hearthReady === true) {
      ready.add(sender);
      return;
    }
    if (isObject(message) && typeof message.hearthApplied === 'number') {
      const entry = confirming.get(message.hearthApplied);
      if (entry?.waiting.delete(sender)) settle(message.hearthApplied, entry);
      return;
    }
    if (!isClusterMessage(message)) return;
    const others = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && worker !== sender && worker.isConnected(),
    );
    if (message.ackID === undefined) {
      for (const worker of others) worker.send(message, undefined, () => {});
      return;
    }
    nextRelayID += 1;
    const relayID = nextRelayID;
    const entry: Confirming = {
      sender,
      senderAckID: message.ackID,
      waiting: new Set(others.filter((worker) => ready.has(worker))),
      timer: setTimeout(() => confirming.delete(relayID), FORGET_AFTER_MS),
    };
    entry.timer.unref();
    confirming.set(relayID, entry);
    for (const worker of others) {
      worker.send({ hearthEvents: message.hearthEvents, ackID: relayID } satisfies ClusterMessage, undefined, (error) => {
        if (error && entry.waiting.delete(worker)) settle(relayID, entry);
      });
    }
    settle(relayID, entry);
  });
}
