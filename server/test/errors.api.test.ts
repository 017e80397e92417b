import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from './harness.ts';

// Contract §1.10: every error answers {message, status, ...}; bad input never answers 500.

describe(`error bodies for bad requests (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  function assertErrorShape(body: Record<string, unknown>, status: number): void {
    assert.equal(body.status, status);
    assert.equal(typeof body.message, 'string');
    assert.ok((body.message as string).length > 0);
  }

  test('malformed JSON answers 400 with the contract body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "x",',
    });
    assert.equal(response.statusCode, 400);
    assertErrorShape(response.json(), 400);
    assert.equal(response.json().message, 'The request body is not valid JSON.');
  });

  test('an oversized body answers 413 with the contract body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(response.statusCode, 413);
    assertErrorShape(response.json(), 413);
  });

  test('an unsupported content type answers 415 with the contract body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/roles',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    assert.equal(response.statusCode, 415);
    assertErrorShape(response.json(), 415);
  });

  test('an unknown route answers 404 "<path> not found."', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v2/does-not-exist' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: '/api/v2/does-not-exist not found.', status: 404 });
  });

  test('hostile query strings never answer 500', async () => {
    const urls = [
      '/api/v2/roles?expand[][][][]=x',
      '/api/v2/roles?expand=%00%01',
      '/api/v2/roles?limit=-1',
      '/api/v2/roles/abc',
      '/api/v2/roles/99999999999999999999',
      '/api/v2/roles/%E0%A4%A',
    ];
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      assert.ok(response.statusCode < 500, `${url} answered ${response.statusCode}`);
      if (response.statusCode >= 400) assertErrorShape(response.json(), response.statusCode);
    }
  });
});
