import type pg from 'pg';

/**
 * A PostgreSQL connection that the database ends while nobody is querying on it (a restart,
 * `pg_terminate_backend`, an idle timeout, a network cut) emits 'error' on its client and, when
 * pooled and idle, on its pool. An 'error' event without a listener is an uncaught exception that
 * ends the process (issue 11 item 5), so every pool and client this project makes gets one here.
 * The pool drops a broken client by itself; the next statement gets a new connection.
 */
function ignore(): void {}

/** Listens for the errors of `pool` and of every client it opens (idle or checked out). */
export function guardPool<T extends pg.Pool>(pool: T, onError: (error: Error) => void = ignore): T {
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
  });
  return pool;
}

/** Listens for the errors of a client made outside a pool. */
export function guardClient<T extends pg.Client>(
  client: T,
  onError: (error: Error) => void = ignore,
): T {
  client.on('error', onError);
  return client;
}

/**
 * SQLSTATEs with which the server ends a session (57P01 admin shutdown or pg_terminate_backend,
 * 57P02 crash shutdown, 57P03 cannot connect now): the statement that receives one did not run to
 * completion, so it may be sent again on another connection.
 */
const SESSION_ENDED = new Set(['57P01', '57P02', '57P03']);

/** True when `error` says the connection was ended by the server before the statement completed. */
export function isSessionEnded(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  if ('code' in error && typeof error.code === 'string' && SESSION_ENDED.has(error.code))
    return true;
  // pg refuses to send on a client whose connection it already saw end: nothing was sent.
  return (
    error instanceof Error &&
    error.message === 'Client has encountered a connection error and is not queryable'
  );
}

/** True when the connection's socket was gone (reset, closed) rather than the statement failing. */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? error.code : undefined;
  return (
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    error.message === 'Connection terminated unexpectedly'
  );
}
