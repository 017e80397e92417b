import { after, afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, asUser, inject, sessionFor, type TestActor, type TestUser } from '../../../test/actors.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { LAST_ADMINISTRATOR } from './users.admins.ts';

const REFUSED = { message: LAST_ADMINISTRATOR, status: 409 };

/** The administrator the installation made (the `isAdmin` flag and the administrator role), signed in. */
async function installedAdmin(t: TestApp): Promise<TestActor<TestUser>> {
  const row = await t.db.selectFrom('users').select(['userID', 'name', 'email']).where('name', '=', 'admin').executeTakeFirstOrThrow();
  return sessionFor(t, { userID: row.userID, name: row.name, email: row.email ?? '', password: ADMIN_PASSWORD, roleIDs: [] });
}

async function roleID(t: TestApp, type: string): Promise<number> {
  return (await t.db.selectFrom('roles').select('roleID').where('type', '=', type).executeTakeFirstOrThrow()).roleID;
}

// Issue 11 item 8: the forum keeps an administrator. Each test starts from a fresh installation,
// whose only administrator is the installed one.
describe(`users: the last administrator stays (${testDialect})`, () => {
  const apps: TestApp[] = [];
  const freshForum = async () => {
    const t = await createTestApp();
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });
  after(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
  });

  test('the only administrator cannot delete their own account: 409, and they can still sign in', async () => {
    const t = await freshForum();
    const admin = await installedAdmin(t);
    const response = await inject(t, admin, { method: 'DELETE', url: `/api/v2/users/${admin.user.userID}` });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json(), REFUSED);
    const me = await inject(t, admin, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(me.json().userID, admin.user.userID);
    assert.equal(me.json().isAdmin, true);
  });

  test('with a second administrator the first may delete themself; then the second is the last', async () => {
    const t = await freshForum();
    const first = await installedAdmin(t);
    const second = await asAdmin(t);
    const deleted = await inject(t, first, { method: 'DELETE', url: `/api/v2/users/${first.user.userID}` });
    assert.equal(deleted.statusCode, 204, deleted.body);
    const last = await inject(t, second, { method: 'DELETE', url: `/api/v2/users/${second.user.userID}` });
    assert.equal(last.statusCode, 409);
    assert.deepEqual(last.json(), REFUSED);
  });

  test('a role change that drops the last administrator’s role is refused; keeping it passes', async () => {
    const t = await freshForum();
    const first = await installedAdmin(t);
    const second = await asAdmin(t);
    assert.equal((await inject(t, first, { method: 'DELETE', url: `/api/v2/users/${first.user.userID}` })).statusCode, 204);
    const url = `/api/v2/users/${second.user.userID}`;
    const member = await roleID(t, 'member');
    const dropped = await inject(t, second, { method: 'PATCH', url, payload: { roleID: [member] } });
    assert.equal(dropped.statusCode, 409, dropped.body);
    assert.deepEqual(dropped.json(), REFUSED);
    const roles = await inject(t, second, { method: 'GET', url: '/api/v2/users/me' });
    assert.deepEqual(roles.json().roleIDs, [await roleID(t, 'administrator')]);
    const kept = await inject(t, second, { method: 'PATCH', url, payload: { roleID: [member, await roleID(t, 'administrator')] } });
    assert.equal(kept.statusCode, 200, kept.body);
  });

  test('banning the last administrator is refused, by PUT /ban and by PATCH', async () => {
    const t = await freshForum();
    const admin = await installedAdmin(t);
    // Only the system rank outranks an administrator; a system account is not a forum administrator here.
    const system = await asUser(t, { roleTypes: ['member'] });
    await t.db.updateTable('users').set({ isSysAdmin: true }).where('userID', '=', system.user.userID).execute();
    await bumpPermissionsVersion(t.db);
    const byPut = await inject(t, system, { method: 'PUT', url: `/api/v2/users/${admin.user.userID}/ban`, payload: { banned: true } });
    assert.equal(byPut.statusCode, 409, byPut.body);
    assert.deepEqual(byPut.json(), REFUSED);
    const byPatch = await inject(t, system, { method: 'PATCH', url: `/api/v2/users/${admin.user.userID}`, payload: { banned: true } });
    assert.equal(byPatch.statusCode, 409, byPatch.body);
    assert.deepEqual(byPatch.json(), REFUSED);
    assert.equal((await inject(t, admin, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 200);
  });
});
