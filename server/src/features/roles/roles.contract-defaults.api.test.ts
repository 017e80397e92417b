import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, asUser, inject, uniqueIP, uniqueName } from '../../../test/actors.ts';
import { makeRole } from '../../../test/factories.ts';
import type { RolePermissionEntry } from '../../../../common/src/api/roles.ts';
import { type ErrorBody, useRolesFixture } from './roles.api-fixture.ts';

// api-contract §16 (continued from roles.contract.api.test.ts): the default roles (the role type:
// new members get every `member` role, guests hold every `guest` role) and assigning roles by rank.

describe(`roles API contract, default roles and ranks, api-contract §16 (${testDialect})`, () => {
  const fx = useRolesFixture();
  const { roleByType, createRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  before(() => {
    ({ t, admin } = fx);
  });

  const get = (actor: Parameters<typeof inject>[1], url: string) =>
    inject(t, actor, { method: 'GET', url });

  describe('default roles (the role type)', () => {
    test('new members get every role of type member; changing the type changes what registration gives', async () => {
      const setConfirm = (value: boolean) =>
        inject(t, admin, {
          method: 'PATCH',
          url: '/api/v2/config',
          payload: { 'registration.confirmEmail': value },
        });
      const register = async () => {
        const name = uniqueName('reg');
        const response = await inject(t, null, {
          method: 'POST',
          url: '/api/v2/users/register',
          headers: { 'x-forwarded-for': uniqueIP() },
          payload: { name, email: `${name}@example.com`, password: 'long enough password' },
        });
        assert.equal(response.statusCode, 201, response.body);
        const { userID } = response.json() as { userID: number };
        const user = (await get(admin, `/api/v2/users/${userID}`)).json() as {
          roles: { name: string }[];
        };
        return user.roles.map((item) => item.name).sort();
      };
      assert.equal((await setConfirm(false)).statusCode, 200);
      const extra = await createRole({ name: uniqueName('Newcomers') });
      try {
        assert.deepEqual(await register(), ['Member']);
        const made = await inject(t, admin, {
          method: 'PATCH',
          url: `/api/v2/roles/${extra.roleID}`,
          payload: { type: 'member' },
        });
        assert.equal(made.statusCode, 200);
        assert.deepEqual(await register(), ['Member', extra.name].sort());
      } finally {
        await inject(t, admin, {
          method: 'PATCH',
          url: `/api/v2/roles/${extra.roleID}`,
          payload: { type: null },
        });
        await setConfirm(true);
      }
    });

    test('guests hold every role of type guest, with its permissions', async () => {
      const visitors = await createRole({
        name: uniqueName('Visitors'),
        permissions: [{ type: 'global', permissions: { 'tags.add': true } }],
      });
      const guest = await asGuest(t);
      const guestView = async () => {
        const me = (await get(guest, '/api/v2/users/me')).json() as { roles: { roleID: number }[] };
        const set = (await get(guest, '/api/v2/users/$me/permissions')).json() as {
          permissions: RolePermissionEntry[];
        };
        return {
          holds: me.roles.some((role) => role.roleID === visitors.roleID),
          tagsAdd: set.permissions[0]?.permissions['tags.add'] === true,
        };
      };
      assert.deepEqual(await guestView(), { holds: false, tagsAdd: false });
      await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${visitors.roleID}`,
        payload: { type: 'guest' },
      });
      try {
        assert.deepEqual(await guestView(), { holds: true, tagsAdd: true });
      } finally {
        await inject(t, admin, {
          method: 'PATCH',
          url: `/api/v2/roles/${visitors.roleID}`,
          payload: { type: null },
        });
      }
      assert.deepEqual(await guestView(), { holds: false, tagsAdd: false });
    });
  });

  describe('assigning roles (ranks)', () => {
    test('a users.edit holder assigns only roles within their own grants, and only to users they outrank', async () => {
      const editorRole = await makeRole(t, {
        globalPermissions: ['users.edit', 'community.moderate'],
        as: admin,
      });
      const editor = await asUser(t, { roleTypes: ['member'], roleIDs: [editorRole.roleID] });
      const target = await asUser(t, { roleTypes: ['member'] });
      const memberRole = await roleByType('member');
      const powerful = await createRole({
        name: uniqueName('Powerful'),
        permissions: [{ type: 'global', permissions: { 'site.manage': true } }],
      });
      const assignable = (await get(editor, '/api/v2/roles?expand=assignable')).json() as {
        roleID: number;
        assignable: boolean;
      }[];
      assert.equal(assignable.find((role) => role.roleID === powerful.roleID)?.assignable, false);
      assert.equal(assignable.find((role) => role.roleID === memberRole.roleID)?.assignable, true);
      const refused = await inject(t, editor, {
        method: 'PATCH',
        url: `/api/v2/users/${target.user.userID}`,
        payload: { roleID: [memberRole.roleID, powerful.roleID] },
      });
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal(
        (refused.json() as ErrorBody).errors?.[0]?.message,
        `You don't have permission to assign these roles: ${powerful.name}`,
      );
      const allowed = await inject(t, editor, {
        method: 'PATCH',
        url: `/api/v2/users/${target.user.userID}`,
        payload: { roleID: [memberRole.roleID] },
      });
      assert.equal(allowed.statusCode, 200, allowed.body);
      const higher = await inject(t, editor, {
        method: 'PATCH',
        url: `/api/v2/users/${admin.user.userID}`,
        payload: { roleID: [memberRole.roleID] },
      });
      assert.equal(higher.statusCode, 403);
      assert.equal(
        (higher.json() as ErrorBody).message,
        'You are not allowed to edit a user that has higher permissions than you.',
      );
    });
  });
});
