import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type QueryExecutorProvider,
  type RawBuilder,
  type SqlBool,
} from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which database a Kysely instance talks to. */
export function dialectOf(db: { getExecutor(): { adapter: unknown } }): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Column helpers for migrations: one schema, two databases. */
export function columns(db: Kysely<unknown>) {
  const isPostgres = dialectOf(db) === 'postgres';
  return {
    /** An auto-incrementing integer primary key. */
    id<T extends string>(
      table: CreateTableBuilder<T, never>,
      name: string,
    ): CreateTableBuilder<T, never> {
      return isPostgres
        ? table.addColumn(name, 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
        : table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement());
    },
    bool: isPostgres ? ('boolean' as const) : ('integer' as const),
    date: isPostgres ? ('timestamptz' as const) : ('text' as const),
    text: 'text' as const,
    /** `DEFAULT false`, spelled for each database. */
    defaultFalse: (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(isPostgres ? false : 0),
    defaultTrue: (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(isPostgres ? true : 1),
  };
}

/** Reads a boolean column: PostgreSQL gives booleans, SQLite 0/1. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/**
 * Case-insensitive equality served by a `lower(column)` index. Both sides are lowered in SQL so
 * the comparison agrees with the unique indexes on each database (SQLite's lower() folds ASCII
 * only, PostgreSQL's folds Unicode).
 */
export function lowerEquals(column: string, value: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) = lower(${value})`;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern (used with `ESCAPE '\'`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Case-insensitive prefix match served by an index on both databases: PostgreSQL through a
 * `text_pattern_ops` index on `lower(column)` (e.g. users_name_lower_pattern, migration 0003),
 * SQLite through a range on the `lower(column)` index (SQLite never uses an expression index for
 * LIKE; it compares bytewise).
 */
export function lowerStartsWith(
  db: { getExecutor(): { adapter: unknown } },
  column: string,
  prefix: string,
): RawBuilder<SqlBool> {
  const like = sql<SqlBool>`lower(${sql.ref(column)}) like lower(${`${escapeLike(prefix)}%`}) escape '\\'`;
  if (prefix === '' || dialectOf(db) === 'postgres') return like;
  return sql<SqlBool>`(${like} and lower(${sql.ref(column)}) >= lower(${prefix}) and lower(${sql.ref(column)}) < lower(${`${prefix}\u{10FFFF}`}))`;
}

/**
 * Whether an error is a unique-index violation: PostgreSQL SQLSTATE 23505, SQLite
 * SQLITE_CONSTRAINT_UNIQUE (2067, or its message from drivers that give no code).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode, message } = error as {
    code?: unknown;
    errcode?: unknown;
    message?: unknown;
  };
  return (
    code === '23505' ||
    errcode === 2067 ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}

/**
 * Takes the next value of a table's auto-incrementing key without inserting a row there, so a
 * record kept in another table can share the key space (escalation comments are addressed as
 * comments, api-contract §9). PostgreSQL: the identity's sequence; SQLite: the AUTOINCREMENT
 * counter in `sqlite_sequence`. Call it inside the transaction that inserts the record.
 */
export async function takeNextIdentity(db: QueryExecutorProvider, table: string, column: string): Promise<number> {
  if (dialectOf(db) === 'postgres') {
    const { rows } = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence(${`"${table}"`}, ${column})) as id`.execute(db);
    return Number(rows[0]?.id);
  }
  await sql`insert into sqlite_sequence (name, seq) select ${table}, 0 where not exists (select 1 from sqlite_sequence where name = ${table})`.execute(db);
  const { rows } = await sql<{ seq: number }>`update sqlite_sequence set seq = max(seq, coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 0)) + 1 where name = ${table} returning seq`.execute(db);
  return Number(rows[0]?.seq);
}
