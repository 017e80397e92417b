import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';

describe(`health (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('GET /api/v2/health answers ok once migrated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: 'ok' });
  });

  test('an unknown API route answers the contract 404 body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/nope?x=1' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: '/api/v2/nope not found.', status: 404 });
  });

  test('a wrong method on a known path answers 405 with allow', async () => {
    const response = await t.app.inject({ method: 'PATCH', url: '/api/v2/health' });
    assert.equal(response.statusCode, 405);
    const body = response.json();
    assert.equal(body.message, 'PATCH not allowed.');
    assert.equal(body.status, 405);
    assert.deepEqual(body.allow, ['GET']);
  });

  test('a trailing slash is tolerated', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/health/' });
    assert.equal(response.statusCode, 200);
  });

  test('health answers 503 when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.handle.close();
    const response = await other.app.inject({ method: 'GET', url: '/api/v2/health' });
    assert.equal(response.statusCode, 503);
    assert.equal(response.json().status, 503);
    await other.app.close();
    await other.database.drop().catch(() => {});
  });
});
