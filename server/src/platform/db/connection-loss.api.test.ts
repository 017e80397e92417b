import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { guardClient } from './pg-errors.ts';

// Issue 11 item 5: connections that PostgreSQL ends (a restart, pg_terminate_backend) never become
// an uncaught exception, and the server keeps answering.
describe('PostgreSQL ends every connection', { skip: testDialect !== 'postgres' }, () => {
  let t: TestApp;
  // One author per round: flood control allows a member few posts a minute.
  const members: TestActor<TestUser>[] = [];
  let admin: pg.Client;
  let categoryID: number;
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);

  before(async () => {
    process.on('uncaughtExceptionMonitor', onUncaught);
    process.on('unhandledRejection', onUncaught);
    t = await createTestApp({ GUEST_CACHE_SECONDS: '0' });
    for (let index = 0; index < 4; index += 1) members.push(await asMember(t));
    admin = guardClient(new pg.Client({ connectionString: process.env.TEST_DATABASE_URL }));
    await admin.connect();
    const categories = await inject(t, null, { method: 'GET', url: '/api/v2/categories' });
    categoryID = (categories.json() as { categoryID: number }[])[0]?.categoryID ?? -1;
  });
  after(async () => {
    await admin.end();
    await t.close();
    process.off('uncaughtExceptionMonitor', onUncaught);
    process.off('unhandledRejection', onUncaught);
  });

  const databaseName = () => new URL(t.database.databaseUrl ?? '').pathname.slice(1);

  /** Ends every backend of the test database; answers how many it signalled. */
  async function terminateAll(): Promise<number> {
    const result = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [databaseName()],
    );
    return result.rows.length;
  }

  /** Waits (bounded) until the test database has no backend left. */
  async function backendsGone(): Promise<boolean> {
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const result = await admin.query<{ count: string }>(
        'select count(*) as count from pg_stat_activity where datname = $1',
        [databaseName()],
      );
      if (Number(result.rows[0]?.count) === 0) return true;
    }
    return false;
  }

  /** A read and a write, as a guest and as a member: each must succeed. */
  async function serve(label: string): Promise<void> {
    const member = members.shift();
    assert.ok(member);
    const responses = await Promise.all([
      inject(t, null, { method: 'GET', url: '/api/v2/discussions' }),
      inject(t, null, { method: 'GET', url: '/api/v2/categories' }),
      inject(t, member, { method: 'GET', url: '/api/v2/users/me' }),
      inject(t, member, {
        method: 'POST',
        url: '/api/v2/discussions',
        payload: { name: `After ${label}`, body: 'Still here.', format: 'text', categoryID },
      }),
    ]);
    assert.deepEqual(
      responses.map((response) => response.statusCode),
      [200, 200, 200, 201],
      `${label}: ${responses.map((response) => response.body.slice(0, 200)).join(' | ')}`,
    );
  }

  test('idle pooled connections ended by the database: the next requests succeed', async () => {
    await serve('warm-up');
    assert.ok((await terminateAll()) > 0, 'the pool held connections to end');
    // At once, while the termination notices may still be on their way.
    await serve('termination');
    assert.ok(await terminateAll());
    assert.ok(await backendsGone());
    await serve('termination seen');
    assert.deepEqual(uncaught, []);
  });

  test('a connection ended in the middle of a transaction fails that transaction only', async () => {
    await assert.rejects(
      t.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await terminateAll();
        assert.ok(await backendsGone());
        await sql`select 1`.execute(trx);
      }),
    );
    await serve('a transaction cut short');
    assert.deepEqual(uncaught, []);
  });
});
