import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { NodeSqliteDatabase } from './node-sqlite.ts';
import { dialectOf, type DialectName } from './dialect.ts';
import { preparingPool } from './prepared-statements.ts';
import { guardPool } from './pg-errors.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const TIMESTAMPTZ_OID = 1184;
const TIMESTAMP_OID = 1114;
const INT8_OID = 20;
const NUMERIC_OID = 1700;

function pgTypes(): pg.CustomTypesConfig {
  const builtins = pg.types;
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // Dates leave the data layer as ISO-8601 UTC strings on both databases (CONVENTIONS §4).
      if (oid === TIMESTAMPTZ_OID) return (value: string) => new Date(value).toISOString();
      if (oid === TIMESTAMP_OID) return (value: string) => new Date(`${value}Z`).toISOString();
      // count(*) and sums are int8: numbers here are far below 2^53.
      if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
      return builtins.getTypeParser(oid, format ?? 'text');
    },
  } as pg.CustomTypesConfig;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else the SQLite file
 * `DATA_DIR/hearth.db` (or `sqliteFile` when given).
 */
export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  sqliteFile?: string;
  /** Called with each executed statement (the query-plan test reads them). */
  onQuery?: (statement: string, parameters: readonly unknown[]) => void;
}): DatabaseHandle {
  const onQuery = options.onQuery;
  const log = onQuery
    ? (event: { level: string; query: { sql: string; parameters: readonly unknown[] } }) => {
        if (event.level === 'query') onQuery(event.query.sql, event.query.parameters);
      }
    : undefined;
  if (options.databaseUrl) {
    // A connection the database ends (restart, pg_terminate_backend) must not crash the process.
    const pool = guardPool(new pg.Pool({ connectionString: options.databaseUrl, max: 10, types: pgTypes() }));
    // Statements are prepared once per connection (prepared-statements.ts).
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      ...(log ? { log } : {}),
    });
    return handle(db);
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'hearth.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new NodeSqliteDatabase(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), ...(log ? { log } : {}) });
  return handle(db);
}

function handle(db: Db): DatabaseHandle {
  let closed = false;
  return {
    db,
    dialect: dialectOf(db),
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
