import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, testDialect, type TestDatabase } from '../../test/harness.ts';
import { openDatabase, type DatabaseHandle } from './db/db.ts';
import { migrateToLatest } from './db/migrate.ts';
import { clearThrottle, consumeThrottle, enforceThrottle, peekThrottle } from './throttle.ts';
import { AppError } from './errors.ts';

describe(`throttle (${testDialect})`, () => {
  let database: TestDatabase;
  let second: DatabaseHandle;
  before(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    // A second connection pool on the same database stands for a second process.
    second = openDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  });
  after(async () => {
    await second.close();
    await database.drop();
  });

  test('allows `limit` hits per window, refuses the next with the seconds left, restarts after the window', async () => {
    const db = database.handle.db;
    const rule = { limit: 3, windowSeconds: 60 };
    const start = Date.now();
    for (let hit = 0; hit < 3; hit += 1) assert.deepEqual(await consumeThrottle(db, 'k:window', rule, start + hit), { allowed: true, retryAfterSeconds: 0 });
    assert.deepEqual(await consumeThrottle(db, 'k:window', rule, start + 10_000), { allowed: false, retryAfterSeconds: 50 });
    assert.deepEqual(await consumeThrottle(db, 'k:window', rule, start + 59_500), { allowed: false, retryAfterSeconds: 1 });
    assert.equal((await consumeThrottle(db, 'k:window', rule, start + 60_000)).allowed, true, 'a new window');
    assert.equal((await consumeThrottle(db, 'k:window', rule, start + 60_001)).allowed, true);
  });

  test('peek does not count; clear forgets', async () => {
    const db = database.handle.db;
    const rule = { limit: 2, windowSeconds: 60 };
    assert.equal((await peekThrottle(db, 'k:peek', rule)).allowed, true);
    await consumeThrottle(db, 'k:peek', rule);
    assert.equal((await peekThrottle(db, 'k:peek', rule)).allowed, true);
    assert.equal((await peekThrottle(db, 'k:peek', rule)).allowed, true);
    await consumeThrottle(db, 'k:peek', rule);
    const refused = await peekThrottle(db, 'k:peek', rule);
    assert.equal(refused.allowed, false);
    assert.ok(refused.retryAfterSeconds > 55 && refused.retryAfterSeconds <= 60);
    await clearThrottle(db, 'k:peek');
    assert.equal((await peekThrottle(db, 'k:peek', rule)).allowed, true);
  });

  test('enforceThrottle throws 429 with Retry-After', async () => {
    const db = database.handle.db;
    await enforceThrottle(db, 'k:enforce', { limit: 1, windowSeconds: 30 }, 'Slow down!');
    await assert.rejects(enforceThrottle(db, 'k:enforce', { limit: 1, windowSeconds: 30 }, 'Slow down!'), (error: unknown) => {
      assert.ok(error instanceof AppError);
      assert.equal(error.statusCode, 429);
      assert.equal(error.message, 'Slow down!');
      assert.equal(error.headers?.['retry-after'], '30');
      return true;
    });
  });

  test('concurrent hits from two connection pools never exceed the limit', async () => {
    const rule = { limit: 5, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => consumeThrottle(index % 2 === 0 ? database.handle.db : second.db, 'k:race', rule)),
    );
    assert.equal(results.filter((result) => result.allowed).length, 5);
    const row = await database.handle.db.selectFrom('throttles').select('count').where('throttleKey', '=', 'k:race').executeTakeFirstOrThrow();
    assert.equal(Number(row.count), 40);
  });
});
