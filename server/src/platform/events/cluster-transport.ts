import type { Cluster } from 'node:cluster';
import type { EventTransport } from './bus.ts';
import type { EventEnvelope } from './events.ts';

// Events between the workers of one machine (node:cluster) when there is no PostgreSQL to carry
// them (SQLite): a worker sends its events to the primary over IPC, the primary relays them to
// every other worker.

interface ClusterMessage {
  hearthEvents: readonly EventEnvelope[];
}

function isClusterMessage(value: unknown): value is ClusterMessage {
  return value !== null && typeof value === 'object' && Array.isArray((value as ClusterMessage).hearthEvents);
}

/** A worker's side: send to the primary, receive what it relays. */
export function createClusterTransport(channel: NodeJS.Process = process): EventTransport {
  let listener: ((message: unknown) => void) | undefined;
  return {
    // IPC has no hard limit; batches stay bounded all the same.
    maxMessageBytes: 64 * 1024,
    async start(receiver) {
      listener = (message: unknown) => {
        if (isClusterMessage(message)) receiver.deliver(message.hearthEvents);
      };
      channel.on('message', listener);
    },
    send(events) {
      if (!channel.connected || !channel.send) return;
      // The primary may be gone (shutting down): the error is the callback's, not an exception.
      channel.send({ hearthEvents: events } satisfies ClusterMessage, undefined, {}, () => {});
    },
    async close() {
      if (listener) channel.off('message', listener);
    },
  };
}

/** The primary's side: every worker's events go to all the other workers. */
export function relayClusterEvents(cluster: Cluster): void {
  cluster.on('message', (sender, message: unknown) => {
    if (!isClusterMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker || worker === sender || !worker.isConnected()) continue;
      worker.send(message, undefined, () => {});
    }
  });
}
