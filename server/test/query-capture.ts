import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { TestApp } from './harness.ts';
import { guardClient } from '../src/platform/db/pg-errors.ts';

/** One statement the database ran: its SQL (`?` placeholders on SQLite, `$n` on PostgreSQL) and parameters. */
export interface CapturedStatement {
  sql: string;
  parameters: readonly unknown[];
}

/**
 * Collects the statements a database runs while `record()` is running. Pass `onQuery` to
 * `createTestApp(env, { onQuery })`; statements outside `record()` are ignored.
 */
export interface QueryCapture {
  onQuery(statement: string, parameters: readonly unknown[]): void;
  record<T>(work: () => Promise<T>): Promise<{ value: T; statements: CapturedStatement[] }>;
}

export function createQueryCapture(): QueryCapture {
  let current: CapturedStatement[] | null = null;
  return {
    onQuery(statement, parameters) {
      current?.push({ sql: statement, parameters: [...parameters] });
    },
    async record(work) {
      const statements: CapturedStatement[] = [];
      current = statements;
      try {
        const value = await work();
        return { value, statements };
      } finally {
        current = null;
      }
    },
  };
}

/** The tables whose full scans the plan check refuses. */
export const CONTENT_TABLES = ['discussions', 'comments'] as const;

const tableReference = /\b(?:from|join)\s+"(discussions|comments)"/i;

/** True for a statement that only reads (a SELECT, or a WITH … SELECT that writes nothing). */
export function isReadOnly(statement: string): boolean {
  const text = statement.trim().toLowerCase();
  if (text.startsWith('select')) return true;
  return text.startsWith('with') && !/\b(insert|update|delete)\b/.test(text);
}

/** True when the statement reads `discussions` or `comments` as a table (in FROM or a JOIN). */
export function readsContentTables(statement: string): boolean {
  return tableReference.test(statement);
}

/** The names a content table goes by in a statement: the table and each alias Kysely wrote (`"discussions" as "d"`). */
function contentTableNames(statement: string): Set<string> {
  const names = new Set<string>(CONTENT_TABLES);
  for (const match of statement.matchAll(/"(?:discussions|comments)"\s+as\s+"([^"]+)"/gi)) {
    if (match[1]) names.add(match[1]);
  }
  return names;
}

/** What a plan check found: the plan as text and the full scans of content tables in it (empty = fine). */
export interface PlanVerdict {
  plan: string;
  fullScans: string[];
}

/** Reads statements' plans on the test app's database and finds full scans of discussions or comments. */
export interface PlanInspector {
  inspect(statement: CapturedStatement): Promise<PlanVerdict>;
  close(): Promise<void>;
}

interface SqlitePlanRow {
  id: number;
  parent: number;
  detail: string;
}

/**
 * SQLite: `EXPLAIN QUERY PLAN` with the statement's parameters. A row `SCAN <table>` (or its
 * alias) without `USING [COVERING] INDEX` reads every row of the table.
 */
function sqliteInspector(t: TestApp): PlanInspector {
  return {
    async inspect(statement) {
      const result = await t.db.executeQuery<SqlitePlanRow>(
        CompiledQuery.raw(`EXPLAIN QUERY PLAN ${statement.sql}`, [...statement.parameters]),
      );
      const depth = new Map<number, number>();
      const lines: string[] = [];
      const names = contentTableNames(statement.sql);
      const fullScans: string[] = [];
      for (const row of result.rows) {
        const level = (depth.get(row.parent) ?? -1) + 1;
        depth.set(row.id, level);
        lines.push(`${'  '.repeat(level)}${row.detail}`);
        const scan = /^SCAN (\S+)(.*)$/.exec(row.detail);
        if (
          scan?.[1] &&
          names.has(scan[1]) &&
          !/\bUSING (?:COVERING )?INDEX\b/.test(scan[2] ?? '')
        ) {
          fullScans.push(row.detail);
        }
      }
      return { plan: lines.join('\n'), fullScans };
    },
    async close() {},
  };
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Plans?: PostgresPlanNode[];
  [key: string]: unknown;
}

function seqScans(node: PostgresPlanNode, found: string[]): void {
  const relation = node['Relation Name'];
  if (
    node['Node Type'] === 'Seq Scan' &&
    relation &&
    (CONTENT_TABLES as readonly string[]).includes(relation)
  ) {
    found.push(
      `Seq Scan on ${relation}${node.Alias && node.Alias !== relation ? ` ${node.Alias}` : ''}`,
    );
  }
  for (const child of node.Plans ?? []) seqScans(child, found);
}

function describeNode(node: PostgresPlanNode, level: number, lines: string[]): void {
  const details = [
    'Relation Name',
    'Alias',
    'Index Name',
    'Index Cond',
    'Filter',
    'Sort Key',
    'Join Type',
  ]
    .filter((key) => node[key] !== undefined)
    .map((key) => `${key}: ${JSON.stringify(node[key])}`);
  lines.push(
    `${'  '.repeat(level)}${node['Node Type']}${details.length > 0 ? ` (${details.join(', ')})` : ''}`,
  );
  for (const child of node.Plans ?? []) describeNode(child, level + 1, lines);
}

/**
 * PostgreSQL: on a client of its own (not the app's pool), after `ANALYZE`, with `enable_seqscan = off`,
 * `EXPLAIN (FORMAT JSON)` with the statement's parameters. With sequential scans disabled the
 * planner still picks one only when no index can serve the query, so any `Seq Scan` node on a
 * content table is a missing index (or a query no index can serve).
 */
async function postgresInspector(t: TestApp): Promise<PlanInspector> {
  const connectionString = t.database.databaseUrl;
  if (!connectionString) throw new Error('postgresInspector: the test database has no URL');
  const client = guardClient(new pg.Client({ connectionString }));
  await client.connect();
  // Statistics as autovacuum would have gathered them on a live forum, so the planner weighs the
  // seeded rows rather than its defaults for never-analyzed tables.
  await client.query('ANALYZE');
  await client.query('SET enable_seqscan = off');
  return {
    async inspect(statement) {
      const result = await client.query<{ 'QUERY PLAN': { Plan: PostgresPlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) ${statement.sql}`,
        [...statement.parameters],
      );
      const root = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
      if (!root) throw new Error(`No plan for ${statement.sql}`);
      const lines: string[] = [];
      describeNode(root, 0, lines);
      const fullScans: string[] = [];
      seqScans(root, fullScans);
      return { plan: lines.join('\n'), fullScans };
    },
    async close() {
      await client.end();
    },
  };
}

/** A plan inspector for the test app's database; create it once the data is in (call `close()` when done). */
export async function createPlanInspector(t: TestApp): Promise<PlanInspector> {
  return t.database.handle.dialect === 'postgres' ? postgresInspector(t) : sqliteInspector(t);
}
