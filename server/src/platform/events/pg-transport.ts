import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { guardClient } from '../db/pg-errors.ts';
import type { BusLog, EventTransport, TransportReceiver } from './bus.ts';
import type { EventEnvelope } from './events.ts';

/** The NOTIFY channel (per database: several forums on one server never hear each other). */
export const EVENTS_CHANNEL = 'hearth_events';

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
}

function isMessage(value: unknown): value is Message {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as Message).o === 'string' &&
    Array.isArray((value as Message).e)
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
 * events may have been missed, so every cache is emptied.
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
      if (isMessage(message) && message.o !== origin) receiver?.deliver(message.e);
    });
    try {
      await connection.connect();
      await connection.query(`listen ${pg.escapeIdentifier(channel)}`);
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
    send(events) {
      const text = JSON.stringify({ o: origin, e: events } satisfies Message);
      if (client && listening) {
        notify(client, text);
        return;
      }
      queued.push(text);
      if (queued.length > MAX_QUEUED) queued.shift();
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const connection = client;
      client = undefined;
      listening = false;
      await connection?.end().catch(() => {});
    },
  };
}
