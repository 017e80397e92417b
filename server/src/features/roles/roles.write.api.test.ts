import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asUser, inject } from '../../../test/actors.ts';
import type { Role } from '../../../../common/src/api/roles.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { type ErrorBody, useRolesFixture } from './roles.api-fixture.ts';

describe(`roles API: create, patch, delete (${testDialect})`, () => {
  const fx = useRolesFixture();
  const { roleByType, createRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  let junctionID: typeof fx.junctionID;
  let plainCategoryID: typeof fx.plainCategoryID;
  before(() => {
    ({ t, admin, member, moderator, junctionID, plainCategoryID } = fx);
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
});
