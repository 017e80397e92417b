import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql, type Kysely } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import type { Db } from './db.ts';
import { runTransaction } from './transaction.ts';

// A scratch table of the test database: the transaction helper is independent of the schema.
type Scratch = { id: number; n: number };
const rows = (db: Db) => db as unknown as Kysely<{ retryProbe: Scratch }>;

describe(`runTransaction (${testDialect})`, () => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await sql`create table "retryProbe" ("id" integer primary key, "n" integer not null)`.execute(
      db,
    );
  });
  beforeEach(async () => {
    await rows(db).deleteFrom('retryProbe').execute();
    await rows(db)
      .insertInto('retryProbe')
      .values([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ])
      .execute();
  });
  after(async () => {
    await database.drop();
  });

  const values = async () =>
    (await rows(db).selectFrom('retryProbe').select(['id', 'n']).orderBy('id').execute()).map(
      (row) => Number(row.n),
    );
  const bump = (trx: Db, id: number) =>
    rows(trx)
      .updateTable('retryProbe')
      .set({ n: sql<number>`"n" + 1` })
      .where('id', '=', id);

  test('commits the work and the atCommit statements, in order, with the work', async () => {
    const value = await runTransaction(db, async (trx, control) => {
      await bump(trx, 1).execute();
      control.atCommit(
        bump(trx, 2),
        rows(trx)
          .updateTable('retryProbe')
          .set({ n: sql<number>`"n" * 10` })
          .where('id', '=', 2),
      );
      return 'done';
    });
    assert.equal(value, 'done');
    assert.deepEqual(await values(), [1, 10]);
  });

  test('a failing atCommit statement rolls the whole transaction back', async () => {
    await assert.rejects(
      runTransaction(db, async (trx, control) => {
        await bump(trx, 1).execute();
        control.atCommit(rows(trx).insertInto('retryProbe').values({ id: 2, n: 5 }));
      }),
    );
    assert.deepEqual(await values(), [0, 0]);
  });

  test('an error of the work rolls back and is not retried unless it is a deadlock or serialization failure', async () => {
    let runs = 0;
    await assert.rejects(
      runTransaction(db, async (trx) => {
        runs += 1;
        await bump(trx, 1).execute();
        throw new Error('refused');
      }),
      /refused/,
    );
    assert.equal(runs, 1);
    assert.deepEqual(await values(), [0, 0]);
  });

  test('a deadlocked run is rolled back and runs again; the runs are bounded', async () => {
    let runs = 0;
    await runTransaction(db, async (trx) => {
      runs += 1;
      await bump(trx, 1).execute();
      if (runs === 1) throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
    });
    assert.equal(runs, 2);
    assert.deepEqual(await values(), [1, 0], 'the first run left nothing behind');

    runs = 0;
    await assert.rejects(
      runTransaction(db, async () => {
        runs += 1;
        throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      }),
      /could not serialize/,
    );
    assert.equal(runs, 3);
  });

  // SQLite runs one writer at a time: no deadlock to meet there.
  test(
    'two transactions that lock two rows in opposite orders both commit (PostgreSQL retries the victim)',
    { skip: testDialect !== 'postgres' },
    async () => {
      let release!: () => void;
      const bothHoldOneRow = new Promise<void>((resolve) => (release = resolve));
      let holding = 0;
      let runs = 0;
      const crossing = (first: number, second: number) =>
        runTransaction(db, async (trx) => {
          runs += 1;
          await bump(trx, first).execute();
          holding += 1;
          if (holding === 2) release();
          await bothHoldOneRow;
          await bump(trx, second).execute();
        });
      await Promise.all([crossing(1, 2), crossing(2, 1)]);
      assert.equal(runs, 3, 'PostgreSQL chose one victim, which ran again');
      assert.deepEqual(await values(), [2, 2]);
    },
  );
});
