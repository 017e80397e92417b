import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../test/harness.ts';
import { createUser } from '../../test/actors.ts';
import { has } from '../../../common/src/permissions/has.ts';
import { seedDefaultRoles } from '../features/roles/roles.defaults.ts';
import { makeHiddenCategory, makeRole } from '../../test/factories.ts';
import { loadPermissionSet, loadPermissionSetsOf } from './permission-set.ts';
import { bumpPermissionsVersion, findPermissionsVersion } from './permission-set.repo.ts';

describe(`loadPermissionSet and default roles (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('seedDefaultRoles is idempotent and never overwrites existing roles', async () => {
    const count = async () => ({
      roles: (await t.db.selectFrom('roles').select('roleID').execute()).length,
      rows: (await t.db.selectFrom('rolePermissions').select('roleID').execute()).length,
    });
    const before = await count();
    assert.equal(before.roles, 6);
    const member = await t.db
      .selectFrom('roles')
      .select('roleID')
      .where('type', '=', 'member')
      .executeTakeFirstOrThrow();
    await t.db
      .deleteFrom('rolePermissions')
      .where('roleID', '=', member.roleID)
      .where('permission', '=', 'tags.add')
      .execute();
    await seedDefaultRoles(t.db);
    await seedDefaultRoles(t.db);
    assert.deepEqual(await count(), { roles: 6, rows: before.rows - 1 });
  });

  test('the first-start administrator has the isAdmin flag and the administrator role', async () => {
    const admin = await t.db
      .selectFrom('users')
      .select('userID')
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const set = await loadPermissionSet(t.db, admin.userID);
    assert.equal(set.isAdmin, true);
    assert.equal(set.permissions[0]?.permissions['site.manage'], true);
  });

  test('sets are cached until the version changes, and frozen', async () => {
    const user = await createUser(t, { roleTypes: ['member'] });
    const first = await loadPermissionSet(t.db, user.userID);
    assert.equal(await loadPermissionSet(t.db, user.userID), first, 'cache hit');
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.permissions[0]?.permissions));

    const moderatorRole = await t.db
      .selectFrom('roles')
      .select('roleID')
      .where('type', '=', 'moderator')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('userRoles')
      .values({ userID: user.userID, roleID: moderatorRole.roleID })
      .execute();
    assert.equal(await loadPermissionSet(t.db, user.userID), first, 'unchanged until bumped');
    const version = await findPermissionsVersion(t.db);
    await bumpPermissionsVersion(t.db);
    assert.notEqual(await findPermissionsVersion(t.db), version);
    const second = await loadPermissionSet(t.db, user.userID);
    assert.notEqual(second, first);
    assert.equal(has(second, 'community.moderate'), true);
  });

  test('bans, deletion and the admin flag apply at once, without a version bump', async () => {
    const user = await createUser(t, { roleTypes: ['member'] });
    assert.equal(has(await loadPermissionSet(t.db, user.userID), 'session.valid'), true);
    await t.db.updateTable('users').set({ banned: 1 }).where('userID', '=', user.userID).execute();
    assert.equal(has(await loadPermissionSet(t.db, user.userID), 'session.valid'), false);
    await t.db
      .updateTable('users')
      .set({ banned: 0, isAdmin: true })
      .where('userID', '=', user.userID)
      .execute();
    assert.equal((await loadPermissionSet(t.db, user.userID)).isAdmin, true);
    await t.db
      .updateTable('users')
      .set({ deleted: true })
      .where('userID', '=', user.userID)
      .execute();
    assert.equal((await loadPermissionSet(t.db, user.userID)).isAdmin, false);
  });

  test('guests get the guest roles; unknown users get nothing', async () => {
    const guest = await loadPermissionSet(t.db, 0);
    assert.equal(has(guest, 'discussions.view', { resourceType: 'category', resourceID: 1 }), true);
    assert.equal(has(guest, 'session.valid'), false);
    const unknown = await loadPermissionSet(t.db, 987654);
    assert.equal(has(unknown, 'discussions.view'), false);
  });

  test('many users at once (the notification fan-out) get the same sets as one by one, shared per role set', async () => {
    await makeHiddenCategory(t);
    const role = await makeRole(t, { globalPermissions: ['email.view', 'discussions.view'] });
    const users = [
      await createUser(t, { roleTypes: ['member'] }),
      await createUser(t, { roleTypes: ['member'] }),
      await createUser(t, { roleTypes: ['moderator'] }),
      await createUser(t, { roleTypes: ['member', 'moderator'] }),
      await createUser(t, { roleTypes: ['member'], isAdmin: true }),
      await createUser(t, { roleTypes: ['member'], banned: true }),
      await createUser(t, { roleTypes: ['member'], deleted: true }),
      await createUser(t, { roleTypes: [] }),
    ];
    await t.db.insertInto('userRoles').values({ userID: users[1]!.userID, roleID: role.roleID }).execute();
    const ids = [...users.map((user) => user.userID), 987655];
    const sets = await loadPermissionSetsOf(t.db, ids);
    assert.equal(sets.size, ids.length);
    for (const userID of ids) {
      assert.deepEqual(sets.get(userID), await loadPermissionSet(t.db, userID), `user ${String(userID)}`);
    }
    const again = await loadPermissionSetsOf(t.db, [users[0]!.userID]);
    assert.equal(again.get(users[0]!.userID), sets.get(users[0]!.userID), 'cached per role set');
    assert.equal(has(sets.get(users[1]!.userID)!, 'email.view'), true);
    assert.equal(has(sets.get(users[5]!.userID)!, 'session.valid'), false, 'banned');
  });
});
