import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

function toParameters(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

type Row = Record<string, unknown>;

/**
 * A function that turns one row's values (in column order) into an object literal with the
 * statement's column names: every row of a statement then shares one hidden class. node:sqlite's
 * own row objects are null-prototype dictionaries (30 columns: every property read is a hash
 * lookup), which made reading a list's rows cost about twice as much (issue 18). Duplicate names
 * keep the last value, as node:sqlite does. Undefined for a name an object literal cannot hold as
 * a plain property (`__proto__`): such a statement keeps node:sqlite's objects.
 */
function rowFactory(names: readonly string[]): ((values: unknown[]) => Row) | undefined {
  if (names.includes('__proto__')) return undefined;
  const properties = names.map((name, index) => `${JSON.stringify(name)}: values[${String(index)}]`);
  // The names come from SQLite's column list and are quoted by JSON.stringify.
  return new Function('values', `return { ${properties.join(', ')} };`) as (values: unknown[]) => Row;
}

class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: StatementSync;
  readonly #toRow: ((values: unknown[]) => Row) | undefined;

  constructor(statement: StatementSync) {
    this.#statement = statement;
    const columns = statement.columns();
    this.reader = columns.length > 0;
    this.#toRow = this.reader ? rowFactory(columns.map((column) => column.name)) : undefined;
    if (this.#toRow) statement.setReturnArrays(true);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    const rows: unknown[] = this.#statement.all(...toParameters(parameters));
    const toRow = this.#toRow;
    if (!toRow) return rows;
    for (let index = 0; index < rows.length; index += 1) rows[index] = toRow(rows[index] as unknown[]);
    return rows;
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.#statement.run(...toParameters(parameters));
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    const toRow = this.#toRow;
    for (const row of this.#statement.iterate(...toParameters(parameters))) {
      yield toRow ? toRow(row as unknown as unknown[]) : row;
    }
  }
}

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3-shaped interface Kysely's
 * SqliteDialect expects (no native addon, ARCHITECTURE.md "Runtime"). Prepared statements are
 * cached per SQL text: Kysely compiles the same SQL again and again on hot paths.
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly raw: DatabaseSync;
  readonly #cache = new Map<string, NodeSqliteStatement>();

  constructor(filename: string) {
    this.raw = new DatabaseSync(filename, { enableForeignKeyConstraints: true });
    // busy_timeout first: with several processes (WORKERS) another one may hold the write lock
    // while this one opens the file. WAL lets readers proceed while a writer commits; NORMAL sync
    // is durable across app crashes in WAL.
    this.raw.exec('PRAGMA busy_timeout = 5000');
    this.raw.exec('PRAGMA journal_mode = WAL');
    this.raw.exec('PRAGMA synchronous = NORMAL');
    this.raw.exec('PRAGMA foreign_keys = ON');
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#cache.get(sql);
    if (!statement) {
      // Kysely opens every transaction with a plain (deferred) `begin`. Our transactions write, and
      // with several processes on one file (WORKERS) a deferred transaction that read first cannot
      // take the write lock once another process committed (SQLITE_BUSY at once, busy_timeout does
      // not apply). `begin immediate` takes the write lock up front, waiting up to busy_timeout:
      // one writer at a time, readers in every process unaffected (WAL).
      const text = /^\s*begin\s*;?\s*$/i.test(sql) ? 'begin immediate' : sql;
      statement = new NodeSqliteStatement(this.raw.prepare(text));
      if (this.#cache.size > 2000) this.#cache.clear();
      this.#cache.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.#cache.clear();
    if (this.raw.isOpen) this.raw.close();
  }
}
