import { cacheNames, type DomainEvents, type EventEnvelope, type EventName } from './events.ts';

/** How an event reached this process. */
export interface EventMeta {
  /** Published by another process (over LISTEN/NOTIFY or the cluster's IPC). */
  remote: boolean;
}

export type EventHandler<K extends EventName> = (
  payload: DomainEvents[K],
  meta: EventMeta,
) => void | Promise<void>;

/** What a transport hands events from other processes to. */
export interface TransportReceiver {
  /** Runs this process's subscribers; resolves once they have all finished (the events are applied). */
  deliver(events: readonly EventEnvelope[]): Promise<void>;
  /**
   * Events from other processes may have been lost (the connection carrying them was down): every
   * cache this process holds must be emptied.
   */
  missed(): void;
}

/** Carries events between processes: PostgreSQL LISTEN/NOTIFY, or node:cluster IPC. */
export interface EventTransport {
  /** The largest message, in bytes of JSON, the transport takes. */
  readonly maxMessageBytes: number;
  /** Starts receiving; resolves once events from other processes reach `receiver`. */
  start(receiver: TransportReceiver, log: BusLog): Promise<void>;
  /**
   * Sends one message (a batch of events) to every other process; never throws. With `confirmMs`,
   * resolves `true` once every other live process has applied it (its subscribers ran there), or
   * `false` when one did not say so within `confirmMs` (or this process cannot tell); without it,
   * resolves `true` at once.
   */
  send(events: readonly EventEnvelope[], confirmMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The logger's part the bus uses (Fastify's pino logger fits). */
export interface BusLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface EventBusOptions {
  /** Absent: events stay in this process (one process, tests). */
  transport?: EventTransport | undefined;
  log?: BusLog | undefined;
  /** How long `peersApplied` waits for the other processes before it gives up and logs. */
  confirmMs?: number | undefined;
}

/** `peersApplied` waits at most this long (docs/decisions.md "Every core: a write waits"). */
export const PEER_CONFIRM_MS = 1000;

function writeLine(details: object, message: string): void {
  process.stderr.write(`${message} ${JSON.stringify(details)}\n`);
}

const consoleLog: BusLog = { error: writeLine, warn: writeLine };

/**
 * The domain event bus (ARCHITECTURE.md "Jobs, events, real time"). Services `publish` after
 * their transaction commits; subscribers in this process run after the publisher's current step
 * (never inside it), and a subscriber's failure is logged, never thrown at the publisher. With a
 * transport, events published in the same turn of the event loop travel to the other processes
 * in one message, where they reach the same subscribers with `meta.remote`.
 */
export class EventBus {
  readonly #handlers = new Map<EventName, Set<EventHandler<EventName>>>();
  readonly #transport: EventTransport | undefined;
  readonly #log: BusLog;
  readonly #running = new Set<Promise<void>>();
  readonly #confirmMs: number;
  #outbox: EventEnvelope[] = [];
  /** Set when `peersApplied` waits for the outbox: its messages ask the others to confirm. */
  #outboxApplied: PromiseWithResolvers<void> | undefined;
  /** Sent messages whose confirmation is awaited. */
  readonly #confirming = new Set<Promise<void>>();
  #flushScheduled = false;
  #closed = false;

  constructor(options: EventBusOptions = {}) {
    this.#transport = options.transport;
    this.#log = options.log ?? consoleLog;
    this.#confirmMs = options.confirmMs ?? PEER_CONFIRM_MS;
  }

  /** Starts receiving other processes' events (resolves at once without a transport). */
  async start(): Promise<void> {
    await this.#transport?.start({
      deliver: async (events) => {
        await Promise.all(events.map((event) => this.#deliver(event.name, event.payload, { remote: true })));
      },
      missed: () => {
        for (const cache of cacheNames) void this.#deliver('cacheInvalidated', { cache }, { remote: true });
      },
    }, this.#log);
  }

  /** Calls `handler` for every `name` event, from this process and others; returns an unsubscribe. */
  subscribe<K extends EventName>(name: K, handler: EventHandler<K>): () => void {
    let handlers = this.#handlers.get(name);
    if (!handlers) this.#handlers.set(name, (handlers = new Set()));
    const stored = handler as unknown as EventHandler<EventName>;
    handlers.add(stored);
    return () => {
      handlers.delete(stored);
    };
  }

  /** Emits an event (after the write's commit): to this process's subscribers, then to the others. */
  publish<K extends EventName>(name: K, payload: DomainEvents[K]): void {
    if (this.#closed) return;
    void this.#deliver(name, payload, { remote: false });
    if (!this.#transport) return;
    this.#outbox.push({ name, payload } as EventEnvelope);
    if (!this.#flushScheduled) {
      this.#flushScheduled = true;
      setImmediate(() => this.#flush());
    }
  }

  /**
   * Resolves once every other live process has applied what this process published so far and
   * asked to confirm (its subscribers ran there: caches emptied), so a write's answer can wait for
   * it. Waits at most `confirmMs` (1 s), then logs and resolves all the same. At once without a
   * transport (one process).
   */
  async peersApplied(): Promise<void> {
    if (!this.#transport || this.#closed) return;
    if (this.#outbox.length > 0) {
      // The usual case: the caller published a moment ago, its events wait for this turn's end.
      this.#outboxApplied ??= Promise.withResolvers<void>();
      await this.#outboxApplied.promise;
      return;
    }
    await Promise.all([...this.#confirming]);
  }

  /** Resolves when every subscriber call begun so far has finished (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /** Sends what is still queued, waits for running subscribers and closes the transport. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#flush();
    this.#closed = true;
    await this.settled();
    await this.#transport?.close();
  }

  /** Starts `name`'s subscribers; resolves once they have finished (never rejects). */
  #deliver<K extends EventName>(name: K, payload: DomainEvents[K], meta: EventMeta): Promise<unknown> {
    const handlers = this.#handlers.get(name);
    if (!handlers) return Promise.resolve();
    const runs: Promise<void>[] = [];
    for (const handler of handlers) {
      const run = Promise.resolve()
        .then(() => handler(payload, meta))
        .catch((error: unknown) => {
          this.#log.error({ err: error, event: name, remote: meta.remote }, 'An event subscriber failed.');
        })
        .finally(() => this.#running.delete(run));
      this.#running.add(run);
      runs.push(run);
    }
    return Promise.all(runs);
  }

  #flush(): void {
    this.#flushScheduled = false;
    const transport = this.#transport;
    if (!transport || this.#outbox.length === 0) return;
    const events = this.#outbox;
    const applied = this.#outboxApplied;
    this.#outbox = [];
    this.#outboxApplied = undefined;
    const confirmMs = applied ? this.#confirmMs : undefined;
    const sent = packMessages(events, transport.maxMessageBytes, this.#log).map((message) =>
      transport.send(message, confirmMs),
    );
    if (!applied) return;
    const startedAt = Date.now();
    const confirming = Promise.all(sent).then((results) => {
      if (results.includes(false)) {
        this.#log.warn(
          { events: events.length, waitedMs: Date.now() - startedAt },
          'Another process did not confirm a cache invalidation in time; the write answers all the same.',
        );
      }
    });
    this.#confirming.add(confirming);
    void confirming.finally(() => {
      this.#confirming.delete(confirming);
      applied.resolve();
    });
  }
}

function byteLength(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value));
}

/**
 * Groups events into messages whose JSON stays under `maxBytes`. A guest-cache invalidation too
 * large to send (a bulk action naming thousands of records) becomes "everything"; any other event
 * that large is logged and stays in this process.
 */
export function packMessages(
  events: readonly EventEnvelope[],
  maxBytes: number,
  log: BusLog = consoleLog,
): EventEnvelope[][] {
  const messages: EventEnvelope[][] = [];
  let current: EventEnvelope[] = [];
  let currentBytes = 2;
  for (let event of events) {
    let bytes = byteLength(event) + 1;
    if (bytes + 2 > maxBytes && event.name === 'cacheInvalidated') {
      const { cache } = event.payload as DomainEvents['cacheInvalidated'];
      event = { name: 'cacheInvalidated', payload: { cache } };
      bytes = byteLength(event) + 1;
    }
    if (bytes + 2 > maxBytes) {
      log.error({ event: event.name, bytes }, 'An event is too large to reach other processes.');
      continue;
    }
    if (currentBytes + bytes > maxBytes) {
      messages.push(current);
      current = [];
      currentBytes = 2;
    }
    current.push(event);
    currentBytes += bytes;
  }
  if (current.length > 0) messages.push(current);
  return messages;
}
