import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { guardClient } from '../db/pg-errors.ts';
import type { BusLog, EventTransport, TransportReceiver } from './bus.ts';
import type { EventEnvelope } from './events.ts';

/** The NOTIFY channel (per database: several forums on one server never hear each other). */
export const EVENTS_CHANNEL = 'hearth_events';

/**
 * Every process's events connection is named this plus the process's ID (`application_name`, set
 * once it listens), so a process can list the others from pg_stat_activity, without a table of its
 * own: a process that ends, even killed, drops out with its connection.
 */
export const EVENTS_APPLICATION_PREFIX = 'hearth-events ';
/**
 * How often a process lists the others (besides their `hello` and `bye`): reading pg_stat_activity
 * took 2–11 ms on a busy machine, too much for every write; this drops a killed process.
 */
const PEERS_REFRESH_MS = 2_000;

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more; the sender's ID and wrapping fit. */
const MAX_EVENTS_BYTES = 7_900;
/** Messages kept while the connection is down, then the oldest are dropped. */
const MAX_QUEUED = 1_000;
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

interface Message {
  /** The sending process: a process hears its own NOTIFY and ignores it. */
  o: string;
  e: readonly EventEnvelope[];
  /** Present when the sender waits for every process to confirm it has applied the events. */
  a?: number | undefined;
}

/** "Process `o` applied message `k` of process `r`" (heard by all, kept by `r`). */
interface Applied {
  o: string;
  r: string;
  k: number;
}

/** Process `o` listens from now on (`hello`) or stops (`bye`). */
interface Presence {
  o: string;
  p: 'hello' | 'bye';
}

function isPresence(value: unknown): value is Presence {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Presence).o === 'string' &&
    ((value as Presence).p === 'hello' || (value as Presence).p === 'bye')
  );
}

function isMessage(value: unknown): value is Message {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Message).o === 'string' &&
    Array.isArray((value as Message).e)
  );
}

function isApplied(value: unknown): value is Applied {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Applied).o === 'string' &&
    typeof (value as Applied).r === 'string' &&
    typeof (value as Applied).k === 'number'
  );
}

export interface PostgresTransportOptions {
  connectionString: string;
  channel?: string;
}

/**
 * Events between processes over PostgreSQL LISTEN/NOTIFY: one dedicated connection per process,
 * outside the pool, that listens and sends. When it is lost the transport reconnects with a
 * growing pause (0.1 s to 5 s), keeps what is published meanwhile (bounded), and tells the bus that
 * events may have been missed, so every cache is emptied. A message sent to be confirmed waits for
 * the other processes this one knows (listed from pg_stat_activity when it connects and every 2 s,
 * joined by their `hello`, left by their `bye`), each NOTIFYing back once its subscribers ran.
 */
export function createPostgresTransport(options: PostgresTransportOptions): EventTransport {
  const channel = options.channel ?? EVENTS_CHANNEL;
  const origin = randomUUID();
  const queued: string[] = [];
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let receiver: TransportReceiver | undefined;
  let connectedOnce = false;
  let log: BusLog | undefined;
  let nextAckID = 0;
  /** The other processes listening on this database's channel. */
  let peers = new Set<string>();
  /** Those that said `hello` since the running listing began (it may have missed them). */
  let joinedMeanwhile: Set<string> | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  /** Per message awaiting confirmation: the processes yet to confirm, and what to call once none is left. */
  const confirming = new Map<number, { waiting: Set<string>; finish: (applied: boolean) => void }>();

  /** `peer` no longer listens: no message waits for it any longer. */
  const forget = (peer: string) => {
    peers.delete(peer);
    for (const entry of confirming.values()) {
      if (entry.waiting.delete(peer) && entry.waiting.size === 0) entry.finish(true);
    }
  };

  /** Lists the other processes' events connections (a killed process is gone from the list). */
  const refreshPeers = async (connection: pg.Client): Promise<void> => {
    joinedMeanwhile = new Set();
    try {
      const result = await connection.query<{ name: string }>(
        `select application_name as name from pg_stat_activity
          where datname = current_database() and starts_with(application_name, $1)`,
        [EVENTS_APPLICATION_PREFIX],
      );
      const listed = new Set(result.rows.map((row) => row.name.slice(EVENTS_APPLICATION_PREFIX.length)));
      for (const peer of joinedMeanwhile) listed.add(peer);
      listed.delete(origin);
      for (const peer of peers) if (!listed.has(peer)) forget(peer);
      peers = listed;
    } catch (error) {
      log?.warn({ err: error }, 'The other processes could not be listed.');
    } finally {
      joinedMeanwhile = undefined;
    }
  };

  const notify = (connection: pg.Client, text: string) => {
    connection.query('select pg_notify($1, $2)', [channel, text]).catch((error: unknown) => {
      log?.error({ err: error }, 'An event could not be sent to other processes.');
    });
  };

  const lost = (connection: pg.Client, error?: Error) => {
    if (client !== connection) return;
    client = undefined;
    listening = false;
    connection.end().catch(() => {});
    if (closed) return;
    log?.warn({ err: error, retryMs }, 'The events connection to PostgreSQL was lost; reconnecting.');
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  async function connect(): Promise<boolean> {
    if (closed) return false;
    const connection: pg.Client = guardClient(new pg.Client({ connectionString: options.connectionString }), (error) =>
      lost(connection, error),
    );
    client = connection;
    connection.on('end', () => lost(connection));
    connection.on('notification', (notification) => {
      if (notification.channel !== channel || notification.payload === undefined) return;
      let message: unknown;
      try {
        message = JSON.parse(notification.payload);
      } catch {
        return;
      }
      if (isPresence(message)) {
        if (message.o === origin) return;
        if (message.p === 'bye') forget(message.o);
        else {
          peers.add(message.o);
          joinedMeanwhile?.add(message.o);
        }
      } else if (isMessage(message)) {
        if (message.o === origin || !receiver) return;
        const { a: ackID, o: sender } = message;
        void receiver.deliver(message.e).then(() => {
          if (ackID !== undefined && client === connection) {
            notify(connection, JSON.stringify({ o: origin, r: sender, k: ackID } satisfies Applied));
          }
        });
      } else if (isApplied(message) && message.r === origin) {
        const entry = confirming.get(message.k);
        if (entry?.waiting.delete(message.o) && entry.waiting.size === 0) entry.finish(true);
      }
    });
    try {
      await connection.connect();
      await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
      // Named, and announced, only once it listens: whoever waits for it from now on is heard. A
      // NOTIFY commits a transaction (it takes a transaction ID): without synchronous_commit each
      // one waits for a WAL flush (30–70 ms on a busy disk), in a write's answer and in every
      // confirmation. Events are at most once anyway: a crash loses nothing a flush would keep.
      await connection.query(
        `select set_config('application_name', $1, false), set_config('synchronous_commit', 'off', false),
                pg_notify($2, $3)`,
        [EVENTS_APPLICATION_PREFIX + origin, channel, JSON.stringify({ o: origin, p: 'hello' } satisfies Presence)],
      );
      await refreshPeers(connection);
    } catch (error) {
      lost(connection, error instanceof Error ? error : new Error(String(error)));
      return false;
    }
    if (client !== connection) return false;
    listening = true;
    retryMs = FIRST_RETRY_MS;
    if (connectedOnce) receiver?.missed();
    connectedOnce = true;
    for (const text of queued.splice(0)) notify(connection, text);
    clearInterval(refreshTimer);
    refreshTimer = setInterval(() => {
      if (client === connection && listening) void refreshPeers(connection);
    }, PEERS_REFRESH_MS);
    refreshTimer.unref();
    return true;
  }

  return {
    maxMessageBytes: MAX_EVENTS_BYTES,
    async start(given, givenLog) {
      receiver = given;
      log = givenLog;
      // Resolves once listening; a failed first attempt keeps retrying (the reconnect loop).
      if (await connect()) return;
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (listening || closed) {
            clearInterval(check);
            resolve();
          }
        }, 50);
      });
    },
    send(events, confirmMs) {
      const connection = client;
      if (confirmMs === undefined || !connection || !listening) {
        const text = JSON.stringify({ o: origin, e: events } satisfies Message);
        if (connection && listening) notify(connection, text);
        else {
          queued.push(text);
          if (queued.length > MAX_QUEUED) queued.shift();
        }
        // Without a connection the others cannot be asked: the caller hears "not confirmed".
        return Promise.resolve(confirmMs === undefined);
      }
      nextAckID += 1;
      const ackID = nextAckID;
      notify(connection, JSON.stringify({ o: origin, e: events, a: ackID } satisfies Message));
      if (peers.size === 0) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          finish(false);
          // A process may have been killed: list them again now rather than in 2 s.
          if (client === connection) void refreshPeers(connection);
        }, confirmMs);
        const finish = (applied: boolean) => {
          clearTimeout(timer);
          confirming.delete(ackID);
          resolve(applied);
        };
        confirming.set(ackID, { waiting: new Set(peers), finish });
      });
    },
    async close() {
      closed = true;
      for (const entry of confirming.values()) entry.finish(false);
      clearTimeout(retryTimer);
      clearInterval(refreshTimer);
      const connection = client;
      client = undefined;
      listening = false;
      // The others stop waiting for this process at once (a killed one drops out of their lists).
      await connection
        ?.query('select pg_notify($1, $2)', [channel, JSON.stringify({ o: origin, p: 'bye' } satisfies Presence)])
        .catch(() => {});
      await connection?.end().catch(() => {});
    },
  };
}
