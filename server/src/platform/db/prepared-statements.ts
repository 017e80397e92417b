import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

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

function wrapClient(client: pg.PoolClient, prepared: Prepared): PostgresPoolClient {
  const query = async (text: string, parameters: readonly unknown[]) => {
    const values = [...parameters];
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
  return {
    // Kysely runs no cursors here (no `cursor` in the dialect config): only the text form is used.
    query: query as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  };
}

/** A Kysely pool over `pool` whose connections prepare their statements (see above). */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const byClient = new WeakMap<pg.PoolClient, Prepared>();
  return {
    async connect() {
      const client = await pool.connect();
      let prepared = byClient.get(client);
      if (!prepared) {
        prepared = { names: new Set(), refused: new Set() };
        byClient.set(client, prepared);
      }
      return wrapClient(client, prepared);
    },
    end: () => pool.end(),
  };
}
