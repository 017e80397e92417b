import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asGuest, asMember, bearerFor, countRows, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { hashToken } from './token-hash.ts';

describe(`tokens (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  /** A member whose roles also grant `tokens.add` (members lack it by default). */
  async function asTokenMember(): Promise<TestActor<TestUser>> {
    const member = await asMember(t);
    const role = await t.db.selectFrom('roles').select('roleID').where('type', '=', 'member').executeTakeFirstOrThrow();
    await t.db
      .insertInto('rolePermissions')
      .values({ roleID: role.roleID, resourceType: 'global', resourceID: 0, permission: 'tokens.add', granted: true })
      .onConflict((oc) => oc.columns(['roleID', 'resourceType', 'resourceID', 'permission']).doNothing())
      .execute();
    await bumpPermissionsVersion(t.db);
    return member;
  }

  async function createToken(actor: TestActor<TestUser>, name = 'CLI') {
    const response = await inject(t, actor, { method: 'POST', url: '/api/v2/tokens', payload: { name, transientKey: actor.transientKey } });
    assert.equal(response.statusCode, 201);
    return response.json() as { accessTokenID: number; name: string; accessToken: string; dateInserted: string };
  }

  test('tokens need tokens.add: a default member and a guest get 403', async () => {
    const member = await asMember(t);
    const refused = await inject(t, member, { method: 'GET', url: '/api/v2/tokens' });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), {
      message: 'Permission Problem',
      status: 403,
      description: 'You need the tokens.add permission to do that.',
      permissions: ['tokens.add'],
    });
    const guest = await asGuest(t);
    assert.equal((await inject(t, guest, { method: 'GET', url: '/api/v2/tokens' })).statusCode, 403);
    const post = await inject(t, member, { method: 'POST', url: '/api/v2/tokens', payload: { name: 'x', transientKey: member.transientKey } });
    assert.equal(post.statusCode, 403);
  });

  test('POST /tokens: 201 with the token once; stored hashed; it then works as a bearer', async () => {
    const admin = await asAdmin(t);
    const created = await createToken(admin, 'Deploy bot');
    assert.deepEqual(Object.keys(created).sort(), ['accessToken', 'accessTokenID', 'dateInserted', 'name']);
    assert.equal(created.name, 'Deploy bot');
    assert.match(created.accessToken, /^va\.[\w-]{43}$/);
    assert.match(created.dateInserted, /\+00:00$/);
    const row = await t.db.selectFrom('accessTokens').selectAll().where('accessTokenID', '=', created.accessTokenID).executeTakeFirstOrThrow();
    assert.equal(row.tokenHash, hashToken(created.accessToken));
    assert.ok(!JSON.stringify(row).includes(created.accessToken));
    const years = (Date.parse(new Date(row.dateExpires).toISOString()) - Date.now()) / (365 * 24 * 3600 * 1000);
    assert.ok(years > 9.9 && years <= 10);

    const list = await inject(t, admin, { method: 'GET', url: '/api/v2/tokens' });
    assert.equal(list.statusCode, 200);
    assert.deepEqual(list.json(), [{ accessTokenID: created.accessTokenID, name: 'Deploy bot', dateInserted: created.dateInserted, dateLastUsed: null }]);

    const asBearer = await t.app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: { authorization: `Bearer ${created.accessToken}` } });
    assert.equal(asBearer.statusCode, 200);
    assert.equal((asBearer.json() as { userID: number }[])[0]?.userID, admin.user.userID);
    const used = await t.db.selectFrom('accessTokens').select('dateLastUsed').where('accessTokenID', '=', created.accessTokenID).executeTakeFirstOrThrow();
    assert.ok(used.dateLastUsed);
  });

  test('POST /tokens with a wrong or missing transient key → 401 / 400, nothing written; a bearer cannot mint tokens', async () => {
    const admin = await asAdmin(t);
    const bearer = await bearerFor(t, admin.user.userID);
    const before = await countRows(t, 'accessTokens');
    const wrong = await inject(t, admin, { method: 'POST', url: '/api/v2/tokens', payload: { name: 'x', transientKey: 'wrong' } });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), { message: 'Invalid transient key.', status: 401 });
    const missing = await inject(t, admin, { method: 'POST', url: '/api/v2/tokens', payload: { name: 'x' } });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().errors, [{ field: 'transientKey', code: 'missingField', message: 'transientKey is required.', status: 400 }]);
    const viaBearer = await t.app.inject({ method: 'POST', url: '/api/v2/tokens', headers: bearer.headers, payload: { name: 'x', transientKey: admin.transientKey ?? '' } });
    assert.equal(viaBearer.statusCode, 401);
    assert.equal(await countRows(t, 'accessTokens'), before);
  });

  test('POST /tokens body validation: wrong types, empty, over-long, markup', async () => {
    const admin = await asAdmin(t);
    const before = await countRows(t, 'accessTokens');
    const cases: [unknown, number, string][] = [
      [{ name: 12, transientKey: admin.transientKey }, 422, 'name'],
      [{ name: '   ', transientKey: admin.transientKey }, 400, 'name'],
      [{ name: 'x'.repeat(101), transientKey: admin.transientKey }, 422, 'name'],
      [{ name: 'ok', transientKey: ['x'] }, 422, 'transientKey'],
      [{ name: 'ok', transientKey: 'k'.repeat(201) }, 422, 'transientKey'],
    ];
    for (const [payload, status, field] of cases) {
      const response = await inject(t, admin, { method: 'POST', url: '/api/v2/tokens', payload: payload as Record<string, unknown> });
      assert.equal(response.statusCode, status, JSON.stringify(payload));
      assert.equal(response.json().message, 'Validation Failed');
      assert.equal(response.json().errors[0].field, field);
    }
    assert.equal(await countRows(t, 'accessTokens'), before);
    const markup = await createToken(admin, '<script>alert(1)</script> 🔑');
    assert.equal(markup.name, '<script>alert(1)</script> 🔑', 'a plain-text label, stored as given and escaped by clients');
  });

  test('GET /tokens/{id}: the transient key, the owner (or site.manage), 410 when revoked or expired', async () => {
    const owner = await asTokenMember();
    const created = await createToken(owner);
    const url = (key: string | null) => `/api/v2/tokens/${created.accessTokenID}?transientKey=${encodeURIComponent(key ?? '')}`;

    const shown = await inject(t, owner, { method: 'GET', url: url(owner.transientKey) });
    assert.equal(shown.statusCode, 200);
    const body = shown.json();
    assert.equal(body.accessTokenID, created.accessTokenID);
    assert.equal(body.name, 'CLI');
    assert.equal('accessToken' in body, false, 'only the hash is stored');
    assert.equal((await inject(t, owner, { method: 'GET', url: url('wrong') })).statusCode, 401);

    const other = await asTokenMember();
    const hidden = await inject(t, other, { method: 'GET', url: url(other.transientKey) });
    assert.equal(hidden.statusCode, 404);
    assert.deepEqual(hidden.json(), { message: 'Token not found.', status: 404 });
    const admin = await asAdmin(t);
    assert.equal((await inject(t, admin, { method: 'GET', url: url(admin.transientKey) })).statusCode, 200);
    assert.equal((await inject(t, admin, { method: 'GET', url: `/api/v2/tokens/abc?transientKey=x` })).statusCode, 422);
    assert.equal((await inject(t, admin, { method: 'GET', url: `/api/v2/tokens/999999?transientKey=${admin.transientKey}` })).statusCode, 404);

    await t.db.updateTable('accessTokens').set({ dateExpires: new Date(Date.now() - 1000).toISOString() }).where('accessTokenID', '=', created.accessTokenID).execute();
    const expired = await inject(t, owner, { method: 'GET', url: url(owner.transientKey) });
    assert.equal(expired.statusCode, 410);
    assert.deepEqual(expired.json(), { message: 'Token expired.', status: 410 });

    const second = await createToken(owner, 'second');
    const revoked = await inject(t, owner, { method: 'DELETE', url: `/api/v2/tokens/${second.accessTokenID}` });
    assert.equal(revoked.statusCode, 204);
    const gone = await inject(t, owner, { method: 'GET', url: `/api/v2/tokens/${second.accessTokenID}?transientKey=${owner.transientKey}` });
    assert.equal(gone.statusCode, 410);
    assert.deepEqual(gone.json(), { message: 'Token revoked.', status: 410 });

    const bearer = await t.app.inject({ method: 'GET', url: '/api/v2/tokens', headers: { authorization: `Bearer ${second.accessToken}` } });
    assert.equal(bearer.statusCode, 403, 'a revoked token makes a guest');
    assert.match(String(bearer.headers['x-www-authenticate']), /invalid_token/);
    const list = await inject(t, owner, { method: 'GET', url: '/api/v2/tokens' });
    assert.deepEqual(list.json(), [], 'revoked and expired tokens are not listed');
  });

  test('DELETE /tokens/{id}: the owner or site.manage; others get 404', async () => {
    const owner = await asTokenMember();
    const created = await createToken(owner);
    const other = await asTokenMember();
    const refused = await inject(t, other, { method: 'DELETE', url: `/api/v2/tokens/${created.accessTokenID}` });
    assert.equal(refused.statusCode, 404);
    const row = await t.db.selectFrom('accessTokens').select('dateRevoked').where('accessTokenID', '=', created.accessTokenID).executeTakeFirstOrThrow();
    assert.equal(row.dateRevoked, null);
    const admin = await asAdmin(t);
    assert.equal((await inject(t, admin, { method: 'DELETE', url: `/api/v2/tokens/${created.accessTokenID}` })).statusCode, 204);
    assert.equal((await inject(t, owner, { method: 'DELETE', url: `/api/v2/tokens/${created.accessTokenID}` })).statusCode, 204, 'idempotent');

    // A token may revoke itself, without CSRF headers.
    const own = await createToken(owner, 'self');
    const self = await t.app.inject({ method: 'DELETE', url: `/api/v2/tokens/${own.accessTokenID}`, headers: { authorization: `Bearer ${own.accessToken}` } });
    assert.equal(self.statusCode, 204);
    const guest = await asGuest(t);
    assert.equal((await inject(t, guest, { method: 'DELETE', url: `/api/v2/tokens/${own.accessTokenID}` })).statusCode, 404);
  });

  test('a banned owner’s token answers 401 "You are banned."', async () => {
    const admin = await asAdmin(t);
    const created = await createToken(admin);
    await t.db.updateTable('users').set({ banned: 1 }).where('userID', '=', admin.user.userID).execute();
    const response = await t.app.inject({ method: 'GET', url: '/api/v2/tokens', headers: { authorization: `Bearer ${created.accessToken}` } });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'You are banned.', status: 401 });
  });
});
