import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
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

  test('over a real connection, health answers 503 in the contract shape when the database is gone', async () => {
    const other = await createTestApp();
    await other.database.handle.close();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as net.AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/health`);
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), {
      message: 'The service is unavailable.',
      status: 503,
      description: 'The database is not reachable or not migrated.',
    });
    await other.app.close();
    await other.database.drop().catch(() => {});
  });

  test('a request arriving while the server shuts down answers 503 in the contract shape (issue 11)', async () => {
    const other = await createTestApp();
    await other.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = other.app.server.address() as net.AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // A first request is under way (its body not sent yet) when the shutdown starts, so the
    // connection stays open; a second one, pipelined behind it, arrives during the shutdown.
    const started = new Promise<void>((resolve) => other.app.server.once('request', () => resolve()));
    socket.write('PUT /api/v2/nothing-here HTTP/1.1\r\nHost: hearth.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n');
    await started;
    const closing = other.app.close();
    while (other.app.server.listening) await new Promise<void>((resolve) => setImmediate(resolve));
    socket.write('{}GET /api/v2/health HTTP/1.1\r\nHost: hearth.test\r\n\r\n');
    await ended;
    await closing;
    const answers = Buffer.concat(chunks).toString('utf8').split(/(?=HTTP\/1\.1 )/);
    const last = answers.at(-1) ?? '';
    const [head = '', body = ''] = last.split('\r\n\r\n');
    assert.match(head, /^HTTP\/1\.1 503 /, answers.join('\n---\n'));
    assert.deepEqual(JSON.parse(body), { message: 'The server is shutting down.', status: 503 });
    await other.database.drop().catch(() => {});
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
