import { CompiledQuery, sql, type Compilable } from 'kysely';
import type { Db } from './db.ts';
import { dialectOf } from './dialect.ts';

/** PostgreSQL SQLSTATEs after which the whole transaction may simply run again. */
const RETRYABLE_CODES = new Set([
  '40P01', // deadlock_detected
  '40001', // serialization_failure
]);

/** How many times a transaction runs at most (the first run and the retries). */
const DEFAULT_ATTEMPTS = 3;

/** True for an error that rolled the transaction back only because of concurrency (a retry may pass). */
export function isRetryableTransactionError(error: unknown): boolean {
  if (error === null || typeof error !== 'object' || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' && RETRYABLE_CODES.has(code);
}

/** What a transaction's work may ask of the transaction besides running statements. */
export interface TransactionControl {
  /**
   * Runs these statements last, in order, just before COMMIT: on PostgreSQL in the same round trip
   * as the COMMIT, so the rows they lock stay locked only while the commit is written, not while
   * the answers travel back and forth. For updates of the busiest rows (counters); their values
   * must be integers, booleans, null or ISO-8601 dates (anything else runs as a separate
   * statement, as on SQLite). Their results are not returned.
   */
  atCommit(...queries: Compilable<unknown>[]): void;
}

/** ISO-8601 UTC dates as nowIso() writes them: safe to spell as a literal. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z$/;

function literalOf(value: unknown): string | undefined {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // Parenthesised: `x - -1` would start a comment.
  if (typeof value === 'number' && Number.isSafeInteger(value)) return `(${String(value)})`;
  if (typeof value === 'string' && ISO_DATE.test(value)) return `'${value}'`;
  return undefined;
}

/**
 * A PostgreSQL statement with its `$n` parameters written as literals, for the simple-query
 * protocol (the only one that takes several statements in one message). Only values that cannot
 * carry SQL are written (literalOf); otherwise undefined.
 */
export function inlinePostgresParameters(query: CompiledQuery): string | undefined {
  // Kysely writes no string literals of its own: a quote would mean text we do not control.
  if (query.sql.includes("'")) return undefined;
  const literals = query.parameters.map(literalOf);
  if (literals.some((literal) => literal === undefined)) return undefined;
  let unknownParameter = false;
  const text = query.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const literal = literals[Number(index) - 1];
    if (literal === undefined) unknownParameter = true;
    return literal ?? '';
  });
  return unknownParameter ? undefined : text;
}

async function runOnce<T>(
  db: Db,
  work: (trx: Db, control: TransactionControl) => Promise<T>,
): Promise<T> {
  const last: CompiledQuery[] = [];
  const control: TransactionControl = {
    atCommit: (...queries) => {
      last.push(...queries.map((query) => query.compile()));
    },
  };
  if (dialectOf(db) !== 'postgres') {
    return db.transaction().execute(async (trx) => {
      const value = await work(trx, control);
      for (const query of last) await trx.executeQuery(query);
      return value;
    });
  }
  return db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('begin'));
    try {
      const value = await work(connection, control);
      const inlined: string[] = [];
      for (const query of last) {
        const text = inlinePostgresParameters(query);
        if (text === undefined) await connection.executeQuery(query);
        else inlined.push(text);
      }
      // One message, one round trip: the last updates and the commit (simple-query protocol).
      await connection.executeQuery(CompiledQuery.raw([...inlined, 'commit'].join(';\n')));
      return value;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => {});
      throw error;
    }
  });
}

/**
 * Runs `work` and, when PostgreSQL aborts it for a deadlock or a serialization failure, runs it
 * again (at most `attempts` runs in all, after a short random pause). `work` must be safe to run
 * again: a whole transaction, or one statement (which PostgreSQL rolled back on its own).
 */
export async function retryOnConcurrencyFailure<T>(
  work: () => Promise<T>,
  attempts: number = DEFAULT_ATTEMPTS,
): Promise<T> {
  const runs = Math.max(1, attempts);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= runs || !isRetryableTransactionError(error)) throw error;
      // Jitter, so the transactions that collided do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Runs `work` in a transaction and, when PostgreSQL aborts it for a deadlock or a serialization
 * failure, runs it again (retryOnConcurrencyFailure). The retry is a safety net: writes that lock
 * shared rows take them in one order (comments.service.ts, discussions.counters.ts), so a deadlock
 * should not happen in the first place. `work` must only touch the database: it may run more than
 * once.
 */
export async function runTransaction<T>(
  db: Db,
  work: (trx: Db, control: TransactionControl) => Promise<T>,
  options: { attempts?: number } = {},
): Promise<T> {
  return retryOnConcurrencyFailure(() => runOnce(db, work), options.attempts);
}
