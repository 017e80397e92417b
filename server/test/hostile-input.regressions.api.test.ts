import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, inject, type TestActor } from './actors.ts';
import type { ErrorBody } from './factories.ts';

// Issue 11: the hostile inputs that once answered 5xx or a non-contract body, each pinned by a
// test (the generated requests over every route are in hostile-input.api.test.ts).

describe(`hostile input: regressions of issue 11 (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor;
  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
  });
  after(async () => {
    await t.close();
  });

  test("a path ID past the integer range answers the record's 404 (item 1)", async () => {
    const cases: [string, string][] = [
      ['/api/v2/discussions/99999999999', 'Discussion not found.'],
      ['/api/v2/discussions/2147483648/edit', 'Discussion not found.'],
      ['/api/v2/comments/9223372036854775808', 'Comment not found.'],
      ['/api/v2/categories/99999999999', 'Category not found.'],
      ['/api/v2/users/99999999999', 'User not found.'],
      ['/api/v2/users/1e20/permissions', 'User not found.'],
      ['/api/v2/tags/2147483648', 'Tag not found.'],
      ['/api/v2/roles/2147483648', 'Role not found.'],
      ['/api/v2/media/2147483648', 'Media not found.'],
      ['/api/v2/discussions/2147483648/reactions', 'Discussion not found.'],
      ['/api/v2/comments/2147483648/reactions', 'Comment not found.'],
    ];
    for (const [url, message] of cases) {
      const response = await inject(t, admin, { method: 'GET', url });
      assert.equal(response.statusCode, 404, `${url}: ${response.body}`);
      assert.deepEqual(response.json(), { message, status: 404 }, url);
    }
    const lookups: [string, string][] = [
      ['layoutViewType=post&recordType=discussion&recordID=99999999999', 'Discussion not found.'],
      ['layoutViewType=post&recordType=comment&recordID=2147483648', 'Comment not found.'],
      [
        'layoutViewType=categoryList&recordType=category&recordID=99999999999',
        'Category not found.',
      ],
    ];
    for (const [query, message] of lookups) {
      const response = await inject(t, admin, {
        method: 'GET',
        url: `/api/v2/layouts/lookup-hydrate?${query}`,
      });
      assert.equal(response.statusCode, 404, `${query}: ${response.body}`);
      assert.equal((response.json() as ErrorBody).message, message, query);
    }
    // The largest ID a column holds is still looked up as usual.
    const largest = await inject(t, admin, {
      method: 'GET',
      url: '/api/v2/discussions/2147483647',
    });
    assert.equal(largest.statusCode, 404);
    assert.equal((largest.json() as ErrorBody).message, 'Discussion not found.');
  });

  test("a query or body integer past its column's range answers 422 on its field (item 1)", async () => {
    const queries: [string, string][] = [
      ['/api/v2/discussions?categoryID=99999999999', 'categoryID.0'],
      ['/api/v2/discussions?insertUserID=2147483648', 'insertUserID.0'],
      ['/api/v2/discussions?discussionID=%3E99999999999', 'discussionID'],
      ['/api/v2/discussions?discussionID=1..2147483648', 'discussionID'],
      ['/api/v2/categories?categoryID=1,99999999999', 'categoryID'],
      ['/api/v2/users?userID=[1,99999999999]', 'userID'],
      ['/api/v2/comments?discussionID=2147483648', 'discussionID'],
      ['/api/v2/tags?page=99999999999', 'page'],
    ];
    for (const [url, field] of queries) {
      const response = await inject(t, admin, { method: 'GET', url });
      assert.equal(response.statusCode, 422, `${url}: ${response.body}`);
      const body = response.json() as ErrorBody;
      assert.equal(body.status, 422);
      assert.deepEqual(
        body.errors?.map((item) => item.field),
        [field],
        url,
      );
    }
    for (const categoryID of [1e20, 2_147_483_648, -1, 1.5, '1']) {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/discussions',
        payload: { name: 'Out of range', body: 'Body', format: 'text', categoryID },
      });
      assert.equal(response.statusCode, 422, `${String(categoryID)}: ${response.body}`);
      const body = response.json() as ErrorBody;
      assert.deepEqual(
        body.errors?.map((item) => [item.field, item.status]),
        [['categoryID', 422]],
        String(categoryID),
      );
    }
    const tooBig = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: { name: 'Out of range', body: 'Body', format: 'text', categoryID: 1e20 },
    });
    assert.equal(
      (tooBig.json() as ErrorBody).errors?.[0]?.message,
      'categoryID should not be greater than 2147483647.',
    );
  });

  test('a NUL character in a body, query or path value answers 400 naming the field (item 2)', async () => {
    const requests: [Parameters<typeof inject>[2], string][] = [
      [
        {
          method: 'POST',
          url: '/api/v2/discussions',
          payload: { name: 'a\u0000b', body: 'Body', format: 'text', categoryID: 1 },
        },
        'name',
      ],
      [{ method: 'POST', url: '/api/v2/tags', payload: { name: 'tag\u0000' } }, 'name'],
      [
        { method: 'PATCH', url: '/api/v2/config', payload: { 'site.title': 'x\u0000' } },
        'site.title',
      ],
      [{ method: 'GET', url: '/api/v2/users?name=a%00' }, 'name'],
      [{ method: 'GET', url: '/api/v2/categories/search?query=%00' }, 'query'],
      [{ method: 'GET', url: '/api/v2/reactions/like%00' }, 'urlCode'],
      [{ method: 'GET', url: '/api/v2/users/%24name%3Aadmin%00' }, 'id'],
    ];
    for (const [request, field] of requests) {
      const response = await inject(t, admin, request);
      assert.equal(response.statusCode, 400, `${request.url}: ${response.body}`);
      assert.deepEqual(
        response.json(),
        {
          message: 'Validation Failed',
          status: 400,
          errors: [
            {
              field,
              code: 'invalid',
              message: `${field} must not contain a NUL character.`,
              status: 400,
            },
          ],
        },
        request.url,
      );
    }
  });

  /** Sends raw bytes to a listening copy of the app and reads the whole answer. */
  async function rawRequest(
    text: string,
  ): Promise<{ status: number; headers: string; body: string }> {
    const address = t.app.server.address() as net.AddressInfo;
    const socket = net.connect(address.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    await new Promise<void>((resolve, reject) => {
      socket.on('close', () => resolve());
      socket.on('error', reject);
      socket.write(text);
    });
    const answer = Buffer.concat(chunks).toString('utf8');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), headers: head, body };
  }

  test("headers past Node's limit answer 431 and a malformed request 400, both in the contract shape (item 4)", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const huge = await rawRequest(
      `GET /api/v2/health HTTP/1.1\r\nHost: hearth.test\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    assert.equal(huge.status, 431, huge.headers);
    assert.match(huge.headers, /content-type: application\/json/i);
    assert.deepEqual(JSON.parse(huge.body), {
      message: 'The request headers are too large.',
      status: 431,
    });

    const malformed = await rawRequest('GET /api/v2/health HTTP/1.1\r\nHost hearth.test\r\n\r\n');
    assert.equal(malformed.status, 400, malformed.headers);
    assert.deepEqual(JSON.parse(malformed.body), {
      message: 'The request is malformed.',
      status: 400,
    });
  });
});
