import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isConnectionLost, isSessionEnded } from './pg-errors.ts';

/**
 * PostgreSQL prepared statements for Kysely (issue 4). Kysely sends every statement unnamed, so
 * PostgreSQL parses and analyses its text on every call; a named statement is parsed once per
 * connection and then only bound and run. On the comment-creation path this saves about a
 * quarter of the server's CPU per statement (docs/performance.md).
 *
 * Each pooled connection prepares at most MAX_PREPARED_PER_CONNECTION distinct statements (the
 * first ones it runs, which are the hot ones; the rest run unnamed), so statements whose text
 * varies (`in (...)` lists of any length, bulk inserts) cannot grow the server's memory without
 * bound. Statements without parameters (BEGIN, COMMIT, the commit batch) keep the simple protocol.
 */
export const MAX_PREPARED_PER_CONNECTION = 256;

/** Statement names by text, shared by every connection (bounded like the per-connection sets). */
const names = new Map<string, string>();
const MAX_NAMES = 4096;

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) return undefined;
    name = `h_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** What one connection has prepared, and the texts it will not prepare again. */
interface Prepared {
  names: Set<string>;
  refused: Set<string>;
}

/**
 * "cached plan must not change result type": a prepared `select *` whose table changed shape
 * (a migration ran on this connection after it was prepared). Such a text runs unnamed from then on,
 * starting with a retry of the failed call.
 */
const CHANGED_RESULT_TYPE = '0A000';

function errorCode(error: unknown): unknown {
  return error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
}

/** How many dead pooled connections a statement skips before its error is reported. */
const MAX_DEAD_CONNECTIONS = 16;

/**
 * True when the first statement of a checkout met a connection that had already ended: the server
 * said so (57P01…), or the socket was gone and the statement only reads (a write whose answer was
 * lost might have committed, so it is not sent twice).
 */
function endedBeforeRunning(error: unknown, text: string): boolean {
  if (isSessionEnded(error)) return true;
  return isConnectionLost(error) && /^\s*(select|begin|start transaction|show)\b/i.test(text);
}

/**
 * One checked-out connection for Kysely. Its first statement may meet a connection the server
 * ended while it sat idle in the pool (the termination notice still in flight): that statement never
 * ran, so it is sent once more on a fresh connection instead of failing the request (issue 11 item 5).
 */
function wrapClient(
  first: pg.PoolClient,
  pool: pg.Pool,
  preparedOf: (client: pg.PoolClient) => Prepared,
): PostgresPoolClient {
  let client = first;
  let used = false;
  const run = async (text: string, values: unknown[]) => {
    const prepared = preparedOf(client);
    if (values.length === 0 || prepared.refused.has(text)) return client.query(text, values);
    const name = statementName(text);
    const known = name !== undefined && prepared.names.has(name);
    if (name === undefined || (!known && prepared.names.size >= MAX_PREPARED_PER_CONNECTION)) {
      return client.query(text, values);
    }
    try {
      const result = await client.query({ name, text, values });
      prepared.names.add(name);
      return result;
    } catch (error) {
      if (errorCode(error) !== CHANGED_RESULT_TYPE) throw error;
      prepared.refused.add(text);
      // Outside a transaction the statement simply runs again, unprepared; inside one the
      // transaction is aborted already and the original error is the one to report.
      try {
        return await client.query(text, values);
      } catch {
        throw error;
      }
    }
  };
  const query = async (text: string, parameters: readonly unknown[]) => {
    const values = [...parameters];
    if (used) return run(text, values);
    used = true;
    // Every idle connection of the pool may have been ended at once: try them until a live one
    // (or a new one) answers, at most MAX_DEAD_CONNECTIONS times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run(text, values);
      } catch (error) {
        if (attempt > MAX_DEAD_CONNECTIONS || !endedBeforeRunning(error, text)) throw error;
        // The dead connection leaves the pool (release with an error destroys it).
        client.release(error instanceof Error ? error : true);
        client = await pool.connect();
      }
    }
  };
  return {
    // Kysely runs no cursors here (no `cursor` in the dialect config): only the text form is used.
    query: query as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

/** A Kysely pool over `pool` whose connections prepare their statements (see above). */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const byClient = new WeakMap<pg.PoolClient, Prepared>();
  const preparedOf = (client: pg.PoolClient) => {
    let prepared = byClient.get(client);
    if (!prepared) {
      prepared = { names: new Set(), refused: new Set() };
      byClient.set(client, prepared);
    }
    return prepared;
  };
  return {
    async connect() {
      return wrapClient(await pool.connect(), pool, preparedOf);
    },
    end: () => pool.end(),
  };
}
