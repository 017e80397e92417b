import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { createTestApp, testDialect, type TestApp } from './harness.ts';

describe(`response compression (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  const url = '/api/v2/openapi.json';

  test('large responses are sent with brotli or gzip when the client accepts it', async () => {
    const plain = await t.app.inject({ method: 'GET', url });
    assert.equal(plain.headers['content-encoding'], undefined);
    const expected = plain.json() as { openapi: string };

    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(brotli.headers['content-encoding'], 'br');
    assert.ok(
      brotli.rawPayload.length < plain.rawPayload.length / 3,
      'the compressed body is much smaller',
    );
    assert.deepEqual(
      JSON.parse(brotliDecompressSync(brotli.rawPayload).toString('utf8')),
      expected,
    );

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gzip.headers['content-encoding'], 'gzip');
    assert.deepEqual(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8')), expected);
  });

  test('small answers stay uncompressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v2/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-encoding'], undefined);
  });
});
