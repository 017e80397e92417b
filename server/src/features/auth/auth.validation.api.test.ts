import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asMember, countRows, createUser, uniqueIP, type TestActor, type TestUser } from '../../../test/actors.ts';

// Every field of every account call, given wrong types, nothing, too much, markup and odd Unicode,
// answers the contract's error body (api-contract §1.10) and writes nothing.

const MARKUP = '<script>alert(1)</script>';
/** Right-to-left override, zero-width space, an emoji and a lone combining mark. */
const ODD_UNICODE = '\u202E\u200B😀\u0301';
const WRONG_TYPES: unknown[] = [42, true, [], {}, ['a', 'b'], { $ne: '' }];

type Outcome = { status: number; message?: string } | 'accepted';

interface FieldSpec {
  field: string;
  required: boolean;
  type: 'string' | 'boolean';
  /** A value one past the longest accepted (strings only). */
  overLong?: string;
  /** The code expected for the over-long value. */
  overLongCode?: string;
  markup: Outcome;
  unicode: Outcome;
}

interface CallSpec {
  name: string;
  method: 'POST';
  url: () => string;
  actor: () => TestActor<TestUser> | null;
  /** A body that passes validation; each case changes one field. */
  base: () => Record<string, unknown>;
  fields: FieldSpec[];
}

import type { ErrorBody } from '../../../test/factories.ts';

function assertContractError(body: ErrorBody, status: number, label: string): void {
  assert.equal(typeof body.message, 'string', label);
  assert.notEqual(body.message, '', label);
  assert.equal(body.status, status, label);
  for (const item of body.errors ?? []) {
    assert.deepEqual(Object.keys(item).sort(), ['code', 'field', 'message', 'status'], label);
    assert.equal(typeof item.field, 'string', label);
    assert.equal(typeof item.code, 'string', label);
    assert.equal(typeof item.message, 'string', label);
    assert.equal(typeof item.status, 'number', label);
  }
  assert.ok(!JSON.stringify(body).includes(MARKUP), `${label}: the input is not echoed`);
}

describe(`account calls: hostile input (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let unconfirmed: TestUser;
  let sequence = 0;
  const unique = () => {
    sequence += 1;
    return `v${sequence}x${process.pid % 1000}`;
  };

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    unconfirmed = await createUser(t, { roleTypes: ['unconfirmed'] });
  });
  after(async () => {
    await t.close();
  });

  const calls = (): CallSpec[] => [
    {
      name: 'POST /authenticate/password',
      method: 'POST',
      url: () => '/api/v2/authenticate/password',
      actor: () => null,
      base: () => ({ username: 'no_such_user', password: 'whatever1', persist: false }),
      fields: [
        { field: 'username', required: true, type: 'string', overLong: 'u'.repeat(255), overLongCode: 'maxLength', markup: { status: 404 }, unicode: { status: 404 } },
        { field: 'password', required: true, type: 'string', overLong: 'p'.repeat(201), overLongCode: 'maxLength', markup: { status: 404 }, unicode: { status: 404 } },
        { field: 'persist', required: false, type: 'boolean', markup: { status: 422 }, unicode: { status: 422 } },
      ],
    },
    {
      name: 'POST /authenticate/signout',
      method: 'POST',
      url: () => '/api/v2/authenticate/signout',
      actor: () => member,
      base: () => ({ transientKey: 'not-the-key' }),
      fields: [
        { field: 'transientKey', required: false, type: 'string', overLong: 'k'.repeat(201), overLongCode: 'maxLength', markup: { status: 401 }, unicode: { status: 401 } },
      ],
    },
    {
      name: 'POST /users/register',
      method: 'POST',
      url: () => '/api/v2/users/register',
      actor: () => null,
      base: () => {
        const name = unique();
        return { name, email: `${name}@example.com`, password: 'long enough' };
      },
      fields: [
        { field: 'email', required: true, type: 'string', overLong: `${'e'.repeat(243)}@example.com`, overLongCode: 'maxLength', markup: { status: 422 }, unicode: { status: 422 } },
        {
          field: 'name',
          required: true,
          type: 'string',
          overLong: 'n'.repeat(21),
          overLongCode: 'invalid',
          markup: { status: 422, message: 'Username can only contain letters, numbers, underscores, and must be between 3 and 20 characters long.' },
          unicode: { status: 422 },
        },
        { field: 'password', required: true, type: 'string', overLong: 'p'.repeat(201), overLongCode: 'maxLength', markup: 'accepted', unicode: { status: 422 } },
        { field: 'discoveryText', required: false, type: 'string', overLong: 'd'.repeat(1001), overLongCode: 'maxLength', markup: 'accepted', unicode: 'accepted' },
        { field: 'invitationCode', required: false, type: 'string', overLong: 'i'.repeat(101), overLongCode: 'maxLength', markup: 'accepted', unicode: 'accepted' },
      ],
    },
    {
      name: 'POST /users/{id}/confirm-email',
      method: 'POST',
      url: () => `/api/v2/users/${unconfirmed.userID}/confirm-email`,
      actor: () => null,
      base: () => ({ confirmationCode: 'wrong-code' }),
      fields: [
        { field: 'confirmationCode', required: true, type: 'string', overLong: 'c'.repeat(201), overLongCode: 'maxLength', markup: { status: 400 }, unicode: { status: 400 } },
      ],
    },
    {
      name: 'POST /users/request-password',
      method: 'POST',
      url: () => '/api/v2/users/request-password',
      actor: () => null,
      base: () => ({ email: 'nobody@example.com' }),
      fields: [
        { field: 'email', required: true, type: 'string', overLong: 'e'.repeat(255), overLongCode: 'maxLength', markup: { status: 404 }, unicode: { status: 404 } },
      ],
    },
    {
      name: 'POST /users/{id}/reset-password',
      method: 'POST',
      url: () => `/api/v2/users/${unconfirmed.userID}/reset-password`,
      actor: () => null,
      base: () => ({ resetCode: 'wrong-code', password: 'long enough' }),
      fields: [
        { field: 'resetCode', required: true, type: 'string', overLong: 'r'.repeat(201), overLongCode: 'maxLength', markup: { status: 400 }, unicode: { status: 400 } },
        { field: 'password', required: true, type: 'string', overLong: 'p'.repeat(201), overLongCode: 'maxLength', markup: { status: 400 }, unicode: { status: 422 } },
      ],
    },
    {
      name: 'POST /tokens',
      method: 'POST',
      url: () => '/api/v2/tokens',
      actor: () => admin,
      base: () => ({ name: 'a token', transientKey: 'not-the-key' }),
      fields: [
        { field: 'name', required: true, type: 'string', overLong: 'n'.repeat(101), overLongCode: 'maxLength', markup: { status: 401 }, unicode: { status: 401 } },
        { field: 'transientKey', required: false, type: 'string', overLong: 'k'.repeat(201), overLongCode: 'maxLength', markup: { status: 401 }, unicode: { status: 401 } },
      ],
    },
  ];

  async function counts(): Promise<number[]> {
    return Promise.all((['users', 'userRoles', 'sessions', 'userTokens', 'accessTokens'] as const).map((table) => countRows(t, table)));
  }

  async function send(call: CallSpec, payload: unknown) {
    const actor = call.actor();
    return t.app.inject({
      method: call.method,
      url: call.url(),
      headers: { ...(actor?.headers ?? {}), 'x-forwarded-for': uniqueIP() },
      payload: payload as Record<string, unknown>,
    });
  }

  test('every field: wrong types, null, missing, over-long, markup and odd Unicode', async () => {
    let checked = 0;
    for (const call of calls()) {
      for (const spec of call.fields) {
        const variants: { label: string; value: unknown; expect: Outcome; field?: string; code?: string }[] = [];
        for (const value of WRONG_TYPES) {
          if (spec.type === 'boolean' && typeof value === 'boolean') continue;
          variants.push({ label: `type ${JSON.stringify(value)}`, value, expect: { status: 422 }, field: spec.field, code: 'invalid' });
        }
        if (spec.type === 'boolean') variants.push({ label: 'string boolean', value: 'yes', expect: { status: 422 }, field: spec.field, code: 'invalid' });
        variants.push({ label: 'null', value: null, expect: { status: 400 }, field: spec.field, code: 'missingField' });
        if (spec.required) variants.push({ label: 'missing', value: undefined, expect: { status: 400 }, field: spec.field, code: 'missingField' });
        if (spec.required && spec.type === 'string') {
          variants.push({ label: 'empty', value: '', expect: { status: 400 }, field: spec.field, code: 'missingField' });
        }
        if (spec.overLong !== undefined) {
          variants.push({ label: 'over-long', value: spec.overLong, expect: { status: 422 }, field: spec.field, ...(spec.overLongCode ? { code: spec.overLongCode } : {}) });
          variants.push({ label: 'huge', value: 'x'.repeat(100_000), expect: { status: 422 }, field: spec.field });
        }
        variants.push({ label: 'markup', value: MARKUP, expect: spec.markup });
        variants.push({ label: 'unicode', value: ODD_UNICODE, expect: spec.unicode });

        for (const variant of variants) {
          const label = `${call.name} ${spec.field}: ${variant.label}`;
          const payload = call.base();
          if (variant.value === undefined) delete payload[spec.field];
          else payload[spec.field] = variant.value;
          const before = await counts();
          const response = await send(call, payload);
          checked += 1;
          if (variant.expect === 'accepted') {
            assert.ok(response.statusCode >= 200 && response.statusCode < 300, `${label}: ${response.statusCode} ${response.body}`);
            continue;
          }
          assert.equal(response.statusCode, variant.expect.status, `${label}: ${response.body}`);
          const body = response.json() as ErrorBody;
          assertContractError(body, variant.expect.status, label);
          const expectedMessage = variant.expect.message;
          if (expectedMessage !== undefined) {
            assert.ok(body.errors?.some((item) => item.message === expectedMessage), label);
          }
          if (variant.field !== undefined) {
            const item = body.errors?.find((error) => error.field === variant.field);
            assert.ok(item, `${label}: an error on ${variant.field} in ${response.body}`);
            if (variant.code !== undefined) assert.equal(item.code, variant.code, label);
          }
          assert.deepEqual(await counts(), before, `${label}: nothing written`);
        }
      }
    }
    assert.ok(checked > 100, `${checked} cases`);
  });

  test('whole bodies: not an object, not JSON, the wrong content type, too large', async () => {
    for (const call of calls()) {
      const before = await counts();
      for (const payload of [[], 'text', 42, null]) {
        // The sign-out body is optional: no body (null) signs out, which is tested elsewhere.
        if (call.name === 'POST /authenticate/signout' && payload === null) continue;
        const response = await t.app.inject({
          method: 'POST',
          url: call.url(),
          headers: { ...(call.actor()?.headers ?? {}), 'content-type': 'application/json', 'x-forwarded-for': uniqueIP() },
          payload: JSON.stringify(payload),
        });
        const label = `${call.name} body ${JSON.stringify(payload)}`;
        assert.ok([400, 401, 422].includes(response.statusCode), `${label}: ${response.statusCode} ${response.body}`);
        assertContractError(response.json() as ErrorBody, response.statusCode, label);
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: call.url(),
        headers: { ...(call.actor()?.headers ?? {}), 'content-type': 'application/json', 'x-forwarded-for': uniqueIP() },
        payload: '{"a":',
      });
      assert.equal(broken.statusCode, 400, call.name);
      assert.deepEqual(Object.keys(broken.json()).sort(), ['description', 'message', 'status']);
      const wrongType = await t.app.inject({
        method: 'POST',
        url: call.url(),
        headers: { ...(call.actor()?.headers ?? {}), 'content-type': 'application/xml', 'x-forwarded-for': uniqueIP() },
        payload: '<a/>',
      });
      assert.equal(wrongType.statusCode, 415, call.name);
      const huge = await t.app.inject({
        method: 'POST',
        url: call.url(),
        headers: { ...(call.actor()?.headers ?? {}), 'content-type': 'application/json', 'x-forwarded-for': uniqueIP() },
        payload: JSON.stringify({ ...call.base(), padding: 'x'.repeat(1024 * 1024) }),
      });
      assert.equal(huge.statusCode, 413, call.name);
      assert.deepEqual(await counts(), before, `${call.name}: nothing written`);
    }
  });

  test('path IDs: not numbers, zero, negative, markup', async () => {
    const before = await counts();
    for (const id of ['abc', '0', '-1', '1.5', '%3Cscript%3E', '%E2%80%AE1']) {
      for (const [suffix, payload] of [
        ['confirm-email', { confirmationCode: 'x' }],
        ['reset-password', { resetCode: 'x', password: 'long enough' }],
        ['confirm-email/resend', undefined],
      ] as const) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/v2/users/${id}/${suffix}`,
          headers: { ...admin.headers, 'x-forwarded-for': uniqueIP() },
          ...(payload === undefined ? {} : { payload }),
        });
        assert.equal(response.statusCode, 422, `${id}/${suffix}: ${response.body}`);
        const body = response.json() as ErrorBody;
        assertContractError(body, 422, `${id}/${suffix}`);
        assert.equal(body.errors?.[0]?.field, 'id');
      }
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await t.app.inject({ method, url: `/api/v2/tokens/${id}?transientKey=x`, headers: admin.headers });
        assert.equal(response.statusCode, 422, `${method} /tokens/${id}`);
      }
    }
    // Issue 11: an integer past the ID column's range names no record: 404, like any missing one.
    const huge = '9'.repeat(30);
    const noUser = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${huge}/confirm-email/resend`,
      headers: { ...admin.headers, 'x-forwarded-for': uniqueIP() },
    });
    assert.deepEqual([noUser.statusCode, noUser.json()], [404, { message: 'User not found.', status: 404 }]);
    const noToken = await t.app.inject({ method: 'GET', url: `/api/v2/tokens/${huge}?transientKey=x`, headers: admin.headers });
    assert.deepEqual([noToken.statusCode, noToken.json()], [404, { message: 'Token not found.', status: 404 }]);
    const noKey = await t.app.inject({ method: 'GET', url: '/api/v2/tokens/1', headers: admin.headers });
    assert.equal(noKey.statusCode, 400);
    assert.deepEqual(noKey.json().errors, [{ field: 'transientKey', code: 'missingField', message: 'transientKey is required.', status: 400 }]);
    assert.deepEqual(await counts(), before);
  });

  test('valid Unicode names register, in NFC, and collide with their other encodings', async () => {
    for (const name of ['山田太郎', 'Zoë_Ünïcode', 'Ελένη', 'محمد_علي', 'Ñandú']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users/register',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: { name, email: `${unique()}@example.com`, password: 'long enough' },
      });
      assert.equal(response.statusCode, 201, `${name}: ${response.body}`);
      assert.equal(response.json().name, name.normalize('NFC'));
    }
    const decomposed = 'Zoë_Ünïcode'.normalize('NFD');
    assert.notEqual(decomposed, 'Zoë_Ünïcode');
    const duplicate = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/register',
      headers: { 'x-forwarded-for': uniqueIP() },
      payload: { name: decomposed, email: `${unique()}@example.com`, password: 'long enough' },
    });
    assert.equal(duplicate.statusCode, 400);
    assert.equal(duplicate.json().errors[0].message, 'The name you entered is already in use.');
  });
});
