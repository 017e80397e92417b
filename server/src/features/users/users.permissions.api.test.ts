import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  createUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { has } from '../../../../common/src/permissions/has.ts';
import {
  permissionSetSchema,
  type PermissionSet,
} from '../../../../common/src/permissions/types.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';

describe(`GET /users/{id}/permissions (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let junctionID: number;
  let childID: number;

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    // A junction category where members may view but not post, and a child inheriting it.
    const now = nowIso();
    const junction = await t.db
      .insertInto('categories')
      .values({
        name: 'Announcements',
        urlcode: 'perm-announcements',
        customPermissions: true,
        dateInserted: now,
      })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    junctionID = junction.categoryID;
    await t.db
      .updateTable('categories')
      .set({ permissionCategoryID: junctionID })
      .where('categoryID', '=', junctionID)
      .execute();
    const child = await t.db
      .insertInto('categories')
      .values({
        name: 'Old announcements',
        urlcode: 'perm-old',
        parentCategoryID: junctionID,
        permissionCategoryID: junctionID,
        depth: 2,
        dateInserted: now,
      })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    childID = child.categoryID;
    const memberRoleID = member.user.roleIDs[0];
    assert.ok(memberRoleID !== undefined);
    await t.db
      .insertInto('rolePermissions')
      .values({
        roleID: memberRoleID,
        resourceType: 'category',
        resourceID: junctionID,
        permission: 'discussions.view',
        granted: true,
      })
      .execute();
    await bumpPermissionsVersion(t.db);
  });
  after(async () => {
    await t.close();
  });

  test('a member reads their own set with junctions; has() decides per category', async () => {
    const response = await inject(t, member, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions?expand=junctions',
    });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['cache-control'], 'no-cache');
    const set = permissionSetSchema.parse(response.json());
    assert.deepEqual([set.isAdmin, set.isSysAdmin, set.isSuperAdmin], [false, false, false]);
    assert.deepEqual(set.junctions, { category: [junctionID] });
    assert.deepEqual(set.junctionAliases, { category: { [String(childID)]: junctionID } });
    assert.deepEqual(set.permissions[0], {
      type: 'global',
      id: null,
      permissions: {
        ...Object.fromEntries(
          [
            'session.valid',
            'profiles.view',
            'profiles.edit',
            'uploads.add',
            'tags.add',
            'conversations.add',
            'email.view',
            'flag.add',
            'reactions.view',
            'reactions.Positive.add',
            'reactions.Negative.add',
            'reactions.Flag.add',
            'discussions.view',
            'discussions.add',
            'comments.add',
          ].map((name) => [name, true]),
        ),
        'discussions.manage': false,
        'discussions.moderate': false,
      },
    });
    assert.equal(has(set, 'discussions.add', { resourceType: 'category', resourceID: 1 }), true);
    assert.equal(
      has(set, 'discussions.view', { resourceType: 'category', resourceID: childID }),
      true,
    );
    assert.equal(
      has(set, 'discussions.add', { resourceType: 'category', resourceID: childID }),
      false,
    );
    assert.equal(has(set, 'site.manage'), false);
  });

  test('without expand: no junctions or aliases', async () => {
    const response = await inject(t, member, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions',
    });
    assert.equal(response.statusCode, 200);
    const body = response.json() as PermissionSet;
    assert.equal('junctions' in body, false);
    assert.equal('junctionAliases' in body, false);
    const all = await inject(t, member, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions?expand[]=all',
    });
    assert.ok('junctions' in (all.json() as PermissionSet));
  });

  test('a guest reads the guest roles’ set, by $me or by 0', async () => {
    const guest = await asGuest(t);
    for (const url of ['/api/v2/users/$me/permissions', '/api/v2/users/0/permissions']) {
      const response = await inject(t, guest, { method: 'GET', url });
      assert.equal(response.statusCode, 200, url);
      const set = response.json() as PermissionSet;
      assert.equal(has(set, 'discussions.view'), true);
      assert.equal(has(set, 'session.valid'), false);
    }
  });

  test('the isAdmin flag passes everything', async () => {
    const flagged = await asUser(t, { isAdmin: true, roleTypes: [] });
    const response = await inject(t, flagged, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions',
    });
    assert.equal(response.json().isAdmin, true);
    assert.equal(has(response.json() as PermissionSet, 'site.manage'), true);
  });

  test('holders of users.add/edit/delete read another user’s set, by ID or $name:', async () => {
    const response = await inject(t, admin, {
      method: 'GET',
      url: `/api/v2/users/${member.user.userID}/permissions?expand=junctions`,
    });
    assert.equal(response.statusCode, 200);
    assert.equal(has(response.json() as PermissionSet, 'session.valid'), true);
    assert.equal(has(response.json() as PermissionSet, 'site.manage'), false);
    const byName = await inject(t, admin, {
      method: 'GET',
      url: `/api/v2/users/$name:${member.user.name}/permissions`,
    });
    assert.equal(byName.statusCode, 200);
  });

  test('a banned user’s set is empty', async () => {
    const banned = await createUser(t, { banned: true });
    const response = await inject(t, admin, {
      method: 'GET',
      url: `/api/v2/users/${banned.userID}/permissions`,
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().permissions, [{ type: 'global', id: null, permissions: {} }]);
  });

  test('403 for another user’s set without users.add/edit/delete', async () => {
    const moderator = await asModerator(t);
    const response = await inject(t, moderator, {
      method: 'GET',
      url: `/api/v2/users/${member.user.userID}/permissions`,
    });
    assert.equal(response.statusCode, 403);
    assert.deepEqual(response.json(), {
      message: 'Permission Problem',
      status: 403,
      description: 'You need one of users.add, users.edit, users.delete permissions to do that.',
      permissions: ['users.add', 'users.edit', 'users.delete'],
    });
    const guest = await asGuest(t);
    const asGuestResponse = await inject(t, guest, {
      method: 'GET',
      url: `/api/v2/users/${member.user.userID}/permissions`,
    });
    assert.equal(asGuestResponse.statusCode, 403);
  });

  test('404 for an unknown user', async () => {
    const response = await inject(t, admin, {
      method: 'GET',
      url: '/api/v2/users/999999/permissions',
    });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: 'User not found.', status: 404 });
    const byName = await inject(t, admin, {
      method: 'GET',
      url: '/api/v2/users/$name:nobody-here/permissions',
    });
    assert.equal(byName.statusCode, 404);
  });

  test('422 for an ID that is not a user ID, $me or $name:', async () => {
    const response = await inject(t, member, {
      method: 'GET',
      url: '/api/v2/users/me/permissions',
    });
    assert.equal(response.statusCode, 422);
    const body = response.json() as { message: string; errors: { field: string }[] };
    assert.equal(body.message, 'Validation Failed');
    assert.equal(body.errors[0]?.field, 'id');
  });
});
