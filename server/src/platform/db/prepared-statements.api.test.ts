import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import { MAX_PREPARED_PER_CONNECTION, preparingPool } from './prepared-statements.ts';
import { guardPool } from './pg-errors.ts';

// PostgreSQL only: SQLite keeps its statements in node-sqlite.ts.
describe('prepared statements (postgres)', { skip: testDialect !== 'postgres' }, () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  before(async () => {
    database = await createTestDatabase();
    // One connection: every statement below runs on the same server session.
    pool = guardPool(new pg.Pool({ connectionString: database.databaseUrl, max: 1 }));
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    await sql`create table things (id integer primary key, name text not null)`.execute(db);
    await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db);
  });
  after(async () => {
    await db.destroy();
    await database.drop();
  });

  const prepared = async () =>
    (
      await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)
    ).rows.map((row) => row.statement);

  test('a statement with parameters is prepared once and gives the same answers', async () => {
    const byID = (id: number) =>
      sql<{ name: string }>`select name from things where id = ${id}`.execute(db);
    assert.deepEqual((await byID(1)).rows, [{ name: 'one' }]);
    assert.deepEqual((await byID(2)).rows, [{ name: 'two' }]);
    assert.deepEqual((await byID(3)).rows, []);
    const statements = (await prepared()).filter((text) => text.includes('from things where id'));
    assert.equal(statements.length, 1, 'one prepared statement for the three calls');
  });

  test('statements without parameters (BEGIN, COMMIT, batches) are not prepared', async () => {
    await sql`select count(*) from things`.execute(db);
    assert.equal(
      (await prepared()).some((text) => text.includes('count(*)')),
      false,
    );
  });

  test('a connection prepares at most MAX_PREPARED_PER_CONNECTION statements, the rest still run', async () => {
    for (let index = 0; index < MAX_PREPARED_PER_CONNECTION + 20; index += 1) {
      const result = await sql<{
        value: number;
      }>`select cast(${index} as integer) + ${sql.raw(String(index))} as value`.execute(db);
      assert.equal(result.rows[0]?.value, index * 2);
    }
    assert.ok((await prepared()).length <= MAX_PREPARED_PER_CONNECTION);
  });

  test('a prepared select * whose table changed shape runs again unprepared', async () => {
    const fresh = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new PostgresDialect({
        pool: preparingPool(guardPool(new pg.Pool({ connectionString: database.databaseUrl, max: 1 }))),
      }),
    });
    try {
      const all = () =>
        sql<Record<string, unknown>>`select * from things where id = ${1}`.execute(fresh);
      assert.deepEqual((await all()).rows, [{ id: 1, name: 'one' }]);
      await sql`alter table things add column note text`.execute(fresh);
      assert.deepEqual((await all()).rows, [{ id: 1, name: 'one', note: null }]);
      assert.deepEqual((await all()).rows, [{ id: 1, name: 'one', note: null }]);
    } finally {
      await fresh.destroy();
    }
  });
});
