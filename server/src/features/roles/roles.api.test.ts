import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Role, RolePermissionEntry, RoleSummary } from '../../../../common/src/api/roles.ts';
import { nowIso } from '../../platform/dates.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';

interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

describe(`roles API (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let junctionID: number;
  let plainCategoryID: number;

  const roleByType = async (type: string): Promise<Role> => {
    const response = await inject(t, admin, { method: 'GET', url: '/api/v2/roles' });
    const role = (response.json() as Role[]).find((candidate) => candidate.type === type);
    assert.ok(role, type);
    return role;
  };

  const createRole = async (body: Record<string, unknown>): Promise<Role> => {
    const response = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/roles',
      payload: body,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Role;
  };

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    moderator = await asModerator(t);
    const now = nowIso();
    const junction = await t.db
      .insertInto('categories')
      .values({ name: 'Staff', urlcode: 'roles-staff', customPermissions: true, dateInserted: now })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    junctionID = junction.categoryID;
    await t.db
      .updateTable('categories')
      .set({ permissionCategoryID: junctionID })
      .where('categoryID', '=', junctionID)
      .execute();
    const plain = await t.db
      .insertInto('categories')
      .values({ name: 'Plain', urlcode: 'roles-plain', dateInserted: now })
      .returning('categoryID')
      .executeTakeFirstOrThrow();
    plainCategoryID = plain.categoryID;
  });
  after(async () => {
    await t.close();
  });

  describe('GET /roles', () => {
    test('site.manage holders get full roles, with permissions when expanded', async () => {
      const response = await inject(t, admin, {
        method: 'GET',
        url: '/api/v2/roles?expand=permissions',
      });
      assert.equal(response.statusCode, 200);
      const roles = response.json() as Role[];
      assert.deepEqual(
        roles.map((role) => role.type),
        ['guest', 'unconfirmed', 'applicant', 'member', 'moderator', 'administrator'],
      );
      const memberRole = roles.find((role) => role.type === 'member');
      assert.ok(memberRole);
      assert.equal(memberRole.name, 'Member');
      assert.equal(memberRole.deletable, false);
      assert.equal(memberRole.canSession, true);
      const entries = memberRole.permissions ?? [];
      assert.deepEqual(
        entries.map((entry) => [entry.type, entry.id]),
        [
          ['global', undefined],
          ['category', 0],
          ['category', junctionID],
        ],
      );
      assert.equal(entries[0]?.permissions['session.valid'], true);
      assert.equal(entries[0]?.permissions['site.manage'], false);
      assert.equal(entries[1]?.permissions['discussions.add'], true);
    });

    test('other viewers get only roleID, name and description, even when they expand permissions', async () => {
      const guest = await asGuest(t);
      const response = await inject(t, guest, {
        method: 'GET',
        url: '/api/v2/roles?expand=permissions',
      });
      assert.equal(response.statusCode, 200);
      for (const role of response.json() as RoleSummary[]) {
        assert.deepEqual(Object.keys(role).sort(), ['description', 'name', 'roleID']);
      }
    });

    test('assignable: users.edit within one’s own grants; never without users.edit', async () => {
      const asModeratorView = await inject(t, moderator, {
        method: 'GET',
        url: '/api/v2/roles?expand=assignable',
      });
      assert.equal(asModeratorView.statusCode, 200);
      assert.ok(
        (asModeratorView.json() as RoleSummary[]).every((role) => role.assignable === false),
      );
      const asAdminView = await inject(t, admin, {
        method: 'GET',
        url: '/api/v2/roles?expand[]=all',
      });
      assert.ok(
        (asAdminView.json() as Role[]).every(
          (role) => role.assignable === true && Array.isArray(role.permissions),
        ),
      );
    });

    test('personal-info roles are hidden from viewers without personalInfo.view', async () => {
      const secret = await createRole({ name: 'Secret Shoppers', personalInfo: true });
      const asMemberView = await inject(t, member, { method: 'GET', url: '/api/v2/roles' });
      assert.ok(
        !(asMemberView.json() as RoleSummary[]).some((role) => role.roleID === secret.roleID),
      );
      const asModeratorView = await inject(t, moderator, { method: 'GET', url: '/api/v2/roles' });
      assert.ok(
        (asModeratorView.json() as RoleSummary[]).some((role) => role.roleID === secret.roleID),
      );
    });
  });

  describe('GET /roles/{id}', () => {
    test('site.manage: the role, by ID or $name:', async () => {
      const memberRole = await roleByType('member');
      const byID = await inject(t, admin, {
        method: 'GET',
        url: `/api/v2/roles/${memberRole.roleID}?expand=permissions`,
      });
      assert.equal(byID.statusCode, 200);
      assert.equal((byID.json() as Role).name, 'Member');
      assert.ok(Array.isArray((byID.json() as Role).permissions));
      const byName = await inject(t, admin, { method: 'GET', url: '/api/v2/roles/$name:member' });
      assert.equal(byName.statusCode, 200);
      assert.equal((byName.json() as Role).roleID, memberRole.roleID);
    });

    test('403 without site.manage', async () => {
      const memberRole = await roleByType('member');
      const response = await inject(t, member, {
        method: 'GET',
        url: `/api/v2/roles/${memberRole.roleID}`,
      });
      assert.equal(response.statusCode, 403);
      assert.deepEqual(response.json(), {
        message: 'Permission Problem',
        status: 403,
        description: 'You need the site.manage permission to do that.',
        permissions: ['site.manage'],
      });
    });

    test('404 for an unknown role', async () => {
      const response = await inject(t, admin, { method: 'GET', url: '/api/v2/roles/999999' });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Role not found.', status: 404 });
      const byName = await inject(t, admin, { method: 'GET', url: '/api/v2/roles/$name:nobody' });
      assert.equal(byName.statusCode, 404);
    });

    test('422 for an ID that is neither a number nor $name:', async () => {
      const response = await inject(t, admin, { method: 'GET', url: '/api/v2/roles/abc' });
      assert.equal(response.statusCode, 422);
      const body = response.json() as ErrorBody;
      assert.equal(body.message, 'Validation Failed');
      assert.equal(body.errors?.[0]?.field, 'id');
    });
  });

  describe('POST /roles', () => {
    test('201 with the new role and its permissions (unknown names dropped)', async () => {
      const role = await createRole({
        name: 'Helpers',
        description: 'They help.',
        permissions: [
          {
            type: 'global',
            permissions: { 'session.valid': true, 'curation.manage': true, 'no.such': true },
          },
          {
            type: 'category',
            id: 0,
            permissions: { 'discussions.view': true, 'site.manage': true },
          },
          { type: 'category', id: junctionID, permissions: { 'comments.add': true } },
        ],
      });
      assert.equal(role.name, 'Helpers');
      assert.equal(role.type, null);
      assert.equal(role.deletable, true);
      const [global, defaults, junction] = role.permissions ?? [];
      assert.equal(global?.permissions['curation.manage'], true);
      assert.equal(global?.permissions['no.such'], undefined);
      assert.equal(defaults?.permissions['discussions.view'], true);
      assert.equal(defaults?.permissions['site.manage'], undefined);
      assert.equal(junction?.id, junctionID);
      assert.equal(junction?.permissions['comments.add'], true);
    });

    test('400 when the name is taken (case-insensitively)', async () => {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: { name: 'MEMBER' },
      });
      assert.equal(response.statusCode, 400);
      const body = response.json() as ErrorBody;
      assert.equal(body.errors?.[0]?.field, 'name');
      assert.equal(body.errors?.[0]?.message, 'The name you entered is already in use.');
    });

    test('422 for a bad body', async () => {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: { name: 'X', type: 'wizard' },
      });
      assert.equal(response.statusCode, 422);
      const body = response.json() as ErrorBody;
      assert.equal(body.message, 'Validation Failed');
      assert.deepEqual(
        body.errors?.map((error) => [error.field, error.code]),
        [['type', 'invalid']],
      );
    });

    test('422 for a category that is missing or has no custom permissions; 400 for a category entry without id', async () => {
      const missing = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: {
          name: 'Bad Cat',
          permissions: [
            { type: 'category', id: 999999, permissions: { 'discussions.view': true } },
          ],
        },
      });
      assert.equal(missing.statusCode, 422);
      assert.deepEqual(
        (missing.json() as ErrorBody).errors?.map((error) => [error.field, error.message]),
        [['permissions.0.id', 'Category not found.']],
      );
      const notJunction = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: {
          name: 'Bad Cat',
          permissions: [
            { type: 'category', id: plainCategoryID, permissions: { 'discussions.view': true } },
          ],
        },
      });
      assert.equal(notJunction.statusCode, 422);
      const withoutID = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: { name: 'Bad Cat', permissions: [{ type: 'category', permissions: {} }] },
      });
      assert.equal(withoutID.statusCode, 400);
      assert.deepEqual(
        (withoutID.json() as ErrorBody).errors?.map((error) => [error.field, error.code]),
        [['permissions.0.id', 'missingField']],
      );
      const list = await inject(t, admin, { method: 'GET', url: '/api/v2/roles' });
      assert.ok(
        !(list.json() as Role[]).some((role) => role.name === 'Bad Cat'),
        'nothing was written',
      );
    });

    test('403 without site.manage', async () => {
      const response = await inject(t, moderator, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: { name: 'Sneaky' },
      });
      assert.equal(response.statusCode, 403);
      assert.equal(
        (response.json() as ErrorBody).description,
        'You need the site.manage permission to do that.',
      );
    });
  });

  describe('PATCH /roles/{id}', () => {
    test('200: changes the given fields only', async () => {
      const role = await createRole({ name: 'Patchable', description: 'Before.' });
      const response = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: { description: 'After.', canSession: false },
      });
      assert.equal(response.statusCode, 200);
      const patched = response.json() as Role;
      assert.equal(patched.name, 'Patchable');
      assert.equal(patched.description, 'After.');
      assert.equal(patched.canSession, false);
    });

    test('400 when renaming onto another role', async () => {
      const role = await createRole({ name: 'Renamable' });
      const response = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: { name: 'Moderator' },
      });
      assert.equal(response.statusCode, 400);
      const same = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: { name: 'RENAMABLE' },
      });
      assert.equal(same.statusCode, 200, 'a role may keep its own name');
    });

    test('422, 403 and 404', async () => {
      const role = await createRole({ name: 'Guarded' });
      const invalid = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: { deletable: 'maybe' },
      });
      assert.equal(invalid.statusCode, 422);
      const forbidden = await inject(t, member, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: { name: 'Mine' },
      });
      assert.equal(forbidden.statusCode, 403);
      const missing = await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/roles/999999',
        payload: { name: 'Ghost' },
      });
      assert.equal(missing.statusCode, 404);
    });
  });

  describe('DELETE /roles/{id}', () => {
    test('204, then 404; members of the role lose its grants', async () => {
      const role = await createRole({
        name: 'Temporary',
        permissions: [{ type: 'global', permissions: { 'curation.manage': true } }],
      });
      const holder = await asUser(t, { roleTypes: ['member'] });
      await t.db
        .insertInto('userRoles')
        .values({ userID: holder.user.userID, roleID: role.roleID })
        .execute();
      await bumpPermissionsVersion(t.db);
      const before = await inject(t, holder, {
        method: 'GET',
        url: '/api/v2/users/$me/permissions',
      });
      assert.equal(before.json().permissions[0].permissions['curation.manage'], true);

      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/roles/${role.roleID}`,
      });
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      const again = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/roles/${role.roleID}`,
      });
      assert.equal(again.statusCode, 404);
      const afterDelete = await inject(t, holder, {
        method: 'GET',
        url: '/api/v2/users/$me/permissions',
      });
      assert.equal(afterDelete.json().permissions[0].permissions['curation.manage'], undefined);
    });

    test('400 for a role that is not deletable', async () => {
      const memberRole = await roleByType('member');
      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/roles/${memberRole.roleID}`,
      });
      assert.equal(response.statusCode, 400);
      assert.equal((response.json() as ErrorBody).message, 'This role cannot be deleted.');
    });

    test('403 without site.manage; 422 for a bad ID', async () => {
      const role = await createRole({ name: 'Protected' });
      const response = await inject(t, moderator, {
        method: 'DELETE',
        url: `/api/v2/roles/${role.roleID}`,
      });
      assert.equal(response.statusCode, 403);
      const invalid = await inject(t, admin, { method: 'DELETE', url: '/api/v2/roles/0' });
      assert.equal(invalid.statusCode, 422);
    });
  });

  describe('PUT|PATCH /roles/{id}/permissions', () => {
    test('PUT replaces every row; PATCH changes only the given names', async () => {
      const role = await createRole({
        name: 'Permissive',
        permissions: [
          { type: 'global', permissions: { 'session.valid': true, 'curation.manage': true } },
        ],
      });
      const put = await inject(t, admin, {
        method: 'PUT',
        url: `/api/v2/roles/${role.roleID}/permissions`,
        payload: [{ type: 'category', id: 0, permissions: { 'discussions.view': true } }],
      });
      assert.equal(put.statusCode, 200);
      const replaced = put.json() as RolePermissionEntry[];
      assert.equal(replaced[0]?.permissions['session.valid'], false);
      assert.equal(replaced[1]?.permissions['discussions.view'], true);

      const patch = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}/permissions`,
        payload: [
          { type: 'global', permissions: { 'session.valid': true } },
          { type: 'category', id: 0, permissions: { 'comments.add': true } },
        ],
      });
      assert.equal(patch.statusCode, 200);
      const merged = patch.json() as RolePermissionEntry[];
      assert.equal(merged[0]?.permissions['session.valid'], true);
      assert.equal(merged[1]?.permissions['discussions.view'], true, 'kept');
      assert.equal(merged[1]?.permissions['comments.add'], true);

      const revoke = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}/permissions`,
        payload: [{ type: 'category', id: 0, permissions: { 'discussions.view': false } }],
      });
      assert.equal(
        (revoke.json() as RolePermissionEntry[])[1]?.permissions['discussions.view'],
        false,
      );
    });

    test('a permission change reaches the holders’ permission sets at once', async () => {
      const memberRole = await roleByType('member');
      const before = await inject(t, member, {
        method: 'GET',
        url: '/api/v2/users/$me/permissions',
      });
      assert.equal(before.json().permissions[0].permissions['tokens.add'], undefined);
      const patch = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${memberRole.roleID}/permissions`,
        payload: [{ type: 'global', permissions: { 'tokens.add': true } }],
      });
      assert.equal(patch.statusCode, 200);
      const afterPatch = await inject(t, member, {
        method: 'GET',
        url: '/api/v2/users/$me/permissions',
      });
      assert.equal(afterPatch.json().permissions[0].permissions['tokens.add'], true);
      await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${memberRole.roleID}/permissions`,
        payload: [{ type: 'global', permissions: { 'tokens.add': false } }],
      });
    });

    test('422 for a bad body, 403 without site.manage, 404 for an unknown role', async () => {
      const memberRole = await roleByType('member');
      const invalid = await inject(t, admin, {
        method: 'PUT',
        url: `/api/v2/roles/${memberRole.roleID}/permissions`,
        payload: [{ type: 'group', id: 1, permissions: {} }],
      });
      assert.equal(invalid.statusCode, 422);
      assert.equal((invalid.json() as ErrorBody).errors?.[0]?.field, '0.type');
      const notAList = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${memberRole.roleID}/permissions`,
        payload: { type: 'global' },
      });
      assert.equal(notAList.statusCode, 422);
      const forbidden = await inject(t, member, {
        method: 'PATCH',
        url: `/api/v2/roles/${memberRole.roleID}/permissions`,
        payload: [{ type: 'global', permissions: { 'site.manage': true } }],
      });
      assert.equal(forbidden.statusCode, 403);
      const missing = await inject(t, admin, {
        method: 'PUT',
        url: '/api/v2/roles/999999/permissions',
        payload: [],
      });
      assert.equal(missing.statusCode, 404);
    });
  });
});
