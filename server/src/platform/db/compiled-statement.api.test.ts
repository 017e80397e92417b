import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { createTestDatabase, testDialect, type TestDatabase } from '../../../test/harness.ts';
import { compiledStatement } from './compiled-statement.ts';

describe(`compiled statements (${testDialect})`, () => {
  let database: TestDatabase;
  const statements: string[] = [];

  before(async () => {
    database = await createTestDatabase({ onQuery: (statement) => statements.push(statement) });
    const { db } = database.handle;
    await sql`create table "tags" ("tagID" integer primary key, "name" text not null)`.execute(db);
    await sql`insert into "tags" values (1, 'one'), (2, 'two'), (3, 'three'), (4, 'four')`.execute(db);
  });
  after(async () => {
    await database.drop();
  });

  test('built once per list length and shape, each call answers with its own values', async () => {
    const { db } = database.handle;
    let builds = 0;
    const compiled = compiledStatement((qb, parameters: { ids: number[]; not: string; limit: number }, shape) => {
      builds += 1;
      return qb
        .selectFrom('tags')
        .select(['tagID', 'name'])
        .where('tagID', 'in', parameters.ids)
        .where('name', '!=', parameters.not)
        .orderBy('tagID', shape === 'desc' ? 'desc' : 'asc')
        .limit(parameters.limit);
    });
    // node:sqlite's rows have no prototype.
    const select = async (...args: Parameters<typeof compiled>) => (await compiled(...args)).map((row) => ({ ...row }));
    assert.deepEqual(await select(db, { ids: [1, 2], not: 'x', limit: 10 }), [
      { tagID: 1, name: 'one' },
      { tagID: 2, name: 'two' },
    ]);
    assert.deepEqual(await select(db, { ids: [3, 4], not: 'four', limit: 10 }), [{ tagID: 3, name: 'three' }]);
    assert.equal(builds, 1, 'the second call reuses the first call’s statement');
    assert.deepEqual(await select(db, { ids: [1, 2, 3], not: 'x', limit: 2 }), [
      { tagID: 1, name: 'one' },
      { tagID: 2, name: 'two' },
    ]);
    assert.deepEqual(await select(db, { ids: [1, 2, 3], not: 'x', limit: 2 }, 'desc'), [
      { tagID: 3, name: 'three' },
      { tagID: 2, name: 'two' },
    ]);
    assert.equal(builds, 3, 'another list length or shape is another statement');
  });

  test('its statements are what Kysely runs for the same query', async () => {
    const { db } = database.handle;
    const select = compiledStatement((qb, parameters: { tagID: number }) =>
      qb.selectFrom('tags').select('name').where('tagID', '=', parameters.tagID),
    );
    statements.length = 0;
    await select(db, { tagID: 2 });
    await db.selectFrom('tags').select('name').where('tagID', '=', 2).execute();
    assert.equal(statements.length, 2);
    assert.equal(statements[0], statements[1]);
  });
});
