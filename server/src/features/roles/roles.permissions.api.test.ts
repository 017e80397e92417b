import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { inject } from '../../../test/actors.ts';
import type { RolePermissionEntry } from '../../../../common/src/api/roles.ts';
import { type ErrorBody, useRolesFixture } from './roles.api-fixture.ts';

describe(`roles API: permissions (${testDialect})`, () => {
  const fx = useRolesFixture();
  const { roleByType, createRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  before(() => {
    ({ t, admin, member } = fx);
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
