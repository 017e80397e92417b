import {
  PostgresAdapter,
  sql,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
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
    id<T extends string>(table: CreateTableBuilder<T, never>, name: string): CreateTableBuilder<T, never> {
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

/** Case-insensitive equality that can use an index on `lower(column)` on both databases. */
export function lowerEquals(column: string, value: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/** Escapes `%`, `_` and `\` for a LIKE pattern (used with `ESCAPE '\'`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Case-insensitive prefix match on `lower(column)` for both databases. */
export function lowerStartsWith(column: string, prefix: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${`${escapeLike(prefix.toLowerCase())}%`} escape '\\'`;
}
