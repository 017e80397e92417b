import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { guardClient } from '../db/pg-errors.ts';
import type { BusLog, EventTransport, TransportReceiver } from './bus.ts';
import type { EventEnvelope } from './events.ts';

/** The NOTIFY channel (per database: several forums on one server never hear each other). */
export const EVENTS_CHANNEL = 'hearth_events';

/**
 * Every process's events connection is named this plus the process's ID (`application_name`, set
 * once it listens), so a sender can list the processes that must confirm a message from
 * pg_stat_activity, without a table of its own: a process that ends, even killed, drops out with
 * its connection.
 */
export const EVENTS_APPLICATION_PREFIX = 'hearth-events ';

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
 * events may have been missed, so every cache is emptied. A message sent to be confirmed lists, in
 * the same statement as its NOTIFY, the events connections of this database; each of those
 * processes NOTIFYs back once its subscribers ran.
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
  /**
   * Per message awaiting confirmation: the processes yet to confirm (undefined until listed), those
   * that confirmed before the listing arrived, and what to call once none is left.
   */
  const confirming = new Map<
    number,
    { waiting: Set<string> | undefined; early: Set<string>; finish: (applied: boolean) => void }
  >();

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
      if (isMessage(message)) {
        if (message.o === origin || !receiver) return;
        const { a: ackID, o: sender } = message;
        void receiver.deliver(message.e).then(() => {
          if (ackID !== undefined && client === connection) {
            notify(connection, JSON.stringify({ o: origin, r: sender, k: ackID } satisfies Applied));
          }
        });
      } else if (isApplied(message) && message.r === origin) {
        const entry = confirming.get(message.k);
        if (!entry) return;
        if (!entry.waiting) entry.early.add(message.o);
        else if (entry.waiting.delete(message.o) && entry.waiting.size === 0) entry.finish(true);
      }
    });
    try {
      await connection.connect();
      await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
      // Named only once it listens: whoever lists it from now on is heard (see `send`).
      await connection.query(`select set_config('application_name', $1, false)`, [EVENTS_APPLICATION_PREFIX + origin]);
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
      if (confirmMs === undefined || !client || !listening) {
        const text = JSON.stringify({ o: origin, e: events } satisfies Message);
        if (client && listening) notify(client, text);
        else {
          queued.push(text);
          if (queued.length > MAX_QUEUED) queued.shift();
        }
        // Without a connection the others cannot be asked: the caller hears "not confirmed".
        return Promise.resolve(confirmMs === undefined);
      }
      nextAckID += 1;
      const ackID = nextAckID;
      const connection = client;
      return new Promise<boolean>((resolve) => {
        const entry: { waiting: Set<string> | undefined; early: Set<string>; finish: (applied: boolean) => void } = {
          waiting: undefined,
          early: new Set(),
          finish: (applied) => {
            clearTimeout(timer);
            confirming.delete(ackID);
            resolve(applied);
          },
        };
        const finish = entry.finish;
        const timer = setTimeout(() => finish(false), confirmMs);
        confirming.set(ackID, entry);
        // pg_stat_activity is read before the NOTIFY is delivered (at the statement's commit): a
        // process listed hears it, one that starts listening later reads data already written.
        connection
          .query<{ names: string[] }>(
            `select pg_notify($1, $2),
                    (select coalesce(array_agg(application_name), '{}') from pg_stat_activity
                      where datname = current_database() and starts_with(application_name, $3)) as names`,
            [channel, JSON.stringify({ o: origin, e: events, a: ackID } satisfies Message), EVENTS_APPLICATION_PREFIX],
          )
          .then((result) => {
            const waiting = new Set<string>();
            for (const name of result.rows[0]?.names ?? []) {
              const peer = name.slice(EVENTS_APPLICATION_PREFIX.length);
              if (peer !== origin && !entry.early.has(peer)) waiting.add(peer);
            }
            entry.waiting = waiting;
            if (waiting.size === 0) finish(true);
          })
          .catch((error: unknown) => {
            log?.error({ err: error }, 'An event could not be sent to other processes.');
            finish(false);
          });
      });
    },
    async close() {
      closed = true;
      for (const entry of confirming.values()) entry.finish(false);
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => {});
    },
  };
}
