import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, asUser, inject, uniqueName } from '../../../test/actors.ts';
import { makeRole } from '../../../test/factories.ts';
import type { Role, RolePermissionEntry } from '../../../../common/src/api/roles.ts';
import { storedPermissionNames } from '../../../../common/src/permissions/names.ts';
import { type ErrorBody, useRolesFixture } from './roles.api-fixture.ts';
import { MAX_EXPANDED_PERMISSION_ROWS } from './roles.service.ts';

// api-contract §16, row by row: who may call, the shapes, deleting a role in use, and the default
// roles (the role type: new members get every `member` role, guests hold every `guest` role).

const summaryKeys = ['assignable', 'description', 'name', 'roleID'];
const fullKeys = [
  'canSession',
  'deletable',
  'description',
  'name',
  'personalInfo',
  'roleID',
  'type',
];

function keysOf(value: object): string[] {
  return Object.keys(value).sort();
}

describe(`roles API contract, api-contract §16 (${testDialect})`, () => {
  const fx = useRolesFixture();
  const { roleByType, createRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  let junctionID: number;
  let plainCategoryID: number;
  before(() => {
    ({ t, admin, member, moderator, junctionID, plainCategoryID } = fx);
  });

  const get = (actor: Parameters<typeof inject>[1], url: string) =>
    inject(t, actor, { method: 'GET', url });

  /** A signed-in user holding only a role made with these global permissions. */
  const holderOf = async (globalPermissions: string[]) => {
    const role = await makeRole(t, {
      globalPermissions: ['session.valid', ...globalPermissions],
      as: admin,
    });
    return asUser(t, { roleTypes: [], roleIDs: [role.roleID] });
  };

  describe('GET /roles', () => {
    test('anyone, guests included: without site.manage only roleID, name, description (and assignable when expanded)', async () => {
      const guest = await asGuest(t);
      for (const [label, actor] of [
        ['guest', guest],
        ['member', member],
        ['moderator', moderator],
      ] as const) {
        const plain = await get(actor, '/api/v2/roles');
        assert.equal(plain.statusCode, 200, label);
        const roles = plain.json() as Record<string, unknown>[];
        assert.ok(roles.length >= 6, label);
        for (const role of roles)
          assert.deepEqual(keysOf(role), ['description', 'name', 'roleID'], label);
        const expanded = await get(actor, '/api/v2/roles?expand=all');
        for (const role of expanded.json() as Record<string, unknown>[]) {
          assert.deepEqual(keysOf(role), summaryKeys, label);
          assert.equal(role.assignable, false, `${label}: no users.edit, nothing assignable`);
        }
      }
    });

    test('site.manage: full roles; expand=permissions adds the global, default (id 0) and custom-category entries', async () => {
      const response = await get(admin, '/api/v2/roles?expand=permissions');
      assert.equal(response.statusCode, 200);
      const roles = response.json() as Role[];
      for (const role of roles) {
        assert.deepEqual(keysOf(role), [...fullKeys, 'permissions'].sort());
        const entries = role.permissions ?? [];
        const [global, ...categories] = entries;
        assert.equal(global?.type, 'global');
        assert.equal(global?.id, undefined);
        assert.deepEqual(
          Object.keys(global?.permissions ?? {}).sort(),
          [...storedPermissionNames.global].sort(),
        );
        assert.ok(categories.every((entry) => entry.type === 'category'));
        const ids = categories.map((entry) => entry.id);
        assert.equal(ids[0], 0);
        assert.ok(ids.includes(junctionID), 'a category with custom permissions has its entry');
        assert.ok(!ids.includes(plainCategoryID), 'a category without custom permissions has none');
        for (const entry of categories) {
          assert.deepEqual(
            Object.keys(entry.permissions).sort(),
            [...storedPermissionNames.category].sort(),
          );
          assert.ok(Object.values(entry.permissions).every((value) => typeof value === 'boolean'));
        }
      }
      const memberRole = roles.find((role) => role.type === 'member');
      const defaults = memberRole?.permissions?.find(
        (entry) => entry.type === 'category' && entry.id === 0,
      );
      assert.equal(defaults?.permissions['discussions.view'], true);
      const all = (await get(admin, '/api/v2/roles?expand=all')).json() as Role[];
      assert.ok(all.every((role) => role.permissions !== undefined && role.assignable === true));
    });

    test('no paging: limit=500 is accepted and every role comes back, without paging headers', async () => {
      const withLimit = await get(admin, '/api/v2/roles?limit=500');
      const without = await get(admin, '/api/v2/roles');
      assert.equal(withLimit.statusCode, 200);
      assert.deepEqual(withLimit.json(), without.json());
      assert.equal(withLimit.headers['x-app-page-result-count'], undefined);
    });

    test('416 "There are too many permissions to display." when a role to expand has rows for more than 100 resources', async () => {
      const crowded = await createRole({ name: uniqueName('Crowded') });
      // 1 global row and 100 category rows: 101 resources, one past Vanilla's MAX_PERMISSIONS.
      await t.db
        .insertInto('rolePermissions')
        .values([
          {
            roleID: crowded.roleID,
            resourceType: 'global',
            resourceID: 0,
            permission: 'tags.add',
            granted: true,
          },
          ...Array.from({ length: MAX_EXPANDED_PERMISSION_ROWS }, (_, index) => ({
            roleID: crowded.roleID,
            resourceType: 'category',
            resourceID: 900_000 + index,
            permission: 'discussions.view',
            granted: true,
          })),
        ])
        .execute();
      try {
        for (const url of [
          `/api/v2/roles/${crowded.roleID}?expand=permissions`,
          '/api/v2/roles?expand=all',
        ]) {
          const refused = await get(admin, url);
          assert.equal(refused.statusCode, 416, url);
          assert.deepEqual(refused.json(), {
            message: 'There are too many permissions to display.',
            status: 416,
          });
        }
        // Without the expansion the role and the list still answer.
        assert.equal((await get(admin, `/api/v2/roles/${crowded.roleID}`)).statusCode, 200);
        assert.equal((await get(admin, '/api/v2/roles')).statusCode, 200);
      } finally {
        await inject(t, admin, { method: 'DELETE', url: `/api/v2/roles/${crowded.roleID}` });
      }
    });

    test('personal-info roles: hidden without personalInfo.view, shown with it', async () => {
      const secret = await createRole({ name: uniqueName('Secret'), personalInfo: true });
      const ids = async (actor: Parameters<typeof inject>[1]) =>
        ((await get(actor, '/api/v2/roles')).json() as { roleID: number }[]).map(
          (role) => role.roleID,
        );
      assert.ok(!(await ids(member)).includes(secret.roleID));
      assert.ok((await ids(await holderOf(['personalInfo.view']))).includes(secret.roleID));
      assert.ok((await ids(admin)).includes(secret.roleID));
    });
  });

  describe('GET /roles/{id}', () => {
    test('site.manage (held through a role, not the admin flag) gets the role; others 403; unknown 404', async () => {
      const memberRole = await roleByType('member');
      const siteManager = await holderOf(['site.manage']);
      const response = await get(
        siteManager,
        `/api/v2/roles/${memberRole.roleID}?expand=permissions`,
      );
      assert.equal(response.statusCode, 200);
      assert.deepEqual(keysOf(response.json()), [...fullKeys, 'permissions'].sort());
      const byName = await get(siteManager, '/api/v2/roles/$name:Member');
      assert.equal((byName.json() as Role).roleID, memberRole.roleID);
      for (const actor of [member, moderator, await holderOf(['users.edit', 'community.manage'])]) {
        assert.equal((await get(actor, `/api/v2/roles/${memberRole.roleID}`)).statusCode, 403);
      }
      const missing = await get(admin, '/api/v2/roles/999999');
      assert.equal(missing.statusCode, 404);
      assert.equal((missing.json() as ErrorBody).message, 'Role not found.');
    });
  });

  describe('POST, PATCH, DELETE /roles and PUT|PATCH /roles/{id}/permissions', () => {
    test('only site.manage writes: users.edit and moderators get 403 on every write', async () => {
      const target = await createRole({ name: uniqueName('Target') });
      const userEditor = await holderOf(['users.edit', 'users.add']);
      for (const actor of [member, moderator, userEditor]) {
        const calls = [
          { method: 'POST', url: '/api/v2/roles', payload: { name: uniqueName('Nope') } },
          { method: 'PATCH', url: `/api/v2/roles/${target.roleID}`, payload: { name: 'Renamed' } },
          { method: 'DELETE', url: `/api/v2/roles/${target.roleID}` },
          { method: 'PUT', url: `/api/v2/roles/${target.roleID}/permissions`, payload: [] },
          { method: 'PATCH', url: `/api/v2/roles/${target.roleID}/permissions`, payload: [] },
        ] as const;
        for (const call of calls) {
          const response = await inject(t, actor, call);
          assert.equal(response.statusCode, 403, `${call.method} ${call.url}`);
        }
      }
      const siteManager = await holderOf(['site.manage']);
      const created = await inject(t, siteManager, {
        method: 'POST',
        url: '/api/v2/roles',
        payload: { name: uniqueName('By manager') },
      });
      assert.equal(created.statusCode, 201);
      assert.deepEqual(keysOf(created.json()), [...fullKeys, 'permissions'].sort());
    });

    test('PATCH takes every field of the contract: name, description, type, deletable, canSession, personalInfo, permissions', async () => {
      const role = await createRole({
        name: uniqueName('Editable'),
        permissions: [{ type: 'global', permissions: { 'tags.add': true } }],
      });
      const name = uniqueName('Edited');
      const response = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/roles/${role.roleID}`,
        payload: {
          name,
          description: 'Changed.',
          type: 'moderator',
          deletable: false,
          canSession: false,
          personalInfo: true,
          permissions: [
            { type: 'global', permissions: { 'curation.manage': true } },
            { type: 'category', id: junctionID, permissions: { 'comments.add': true } },
          ],
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const edited = response.json() as Role;
      assert.deepEqual(
        { ...edited, permissions: undefined },
        {
          roleID: role.roleID,
          name,
          description: 'Changed.',
          type: 'moderator',
          deletable: false,
          canSession: false,
          personalInfo: true,
          permissions: undefined,
        },
      );
      const entry = (type: string, id?: number): RolePermissionEntry | undefined =>
        edited.permissions?.find((item) => item.type === type && item.id === id);
      // Entries are merged: tags.add stays, curation.manage is added.
      assert.equal(entry('global')?.permissions['tags.add'], true);
      assert.equal(entry('global')?.permissions['curation.manage'], true);
      assert.equal(entry('category', junctionID)?.permissions['comments.add'], true);
      assert.equal(entry('category', 0)?.permissions['comments.add'], false);
      // Not deletable any more.
      const deleted = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/roles/${role.roleID}`,
      });
      assert.equal(deleted.statusCode, 400);
    });

    test('deleting a role in use: its members lose it and its grants, keep their other roles; a user left with none has no roles', async () => {
      const role = await createRole({
        name: uniqueName('In use'),
        permissions: [
          { type: 'global', permissions: { 'session.valid': true, 'curation.manage': true } },
        ],
      });
      const both = await asUser(t, { roleTypes: ['member'], roleIDs: [role.roleID] });
      const only = await asUser(t, { roleTypes: [], roleIDs: [role.roleID] });
      const curates = async (actor: typeof both) =>
        (
          (await get(actor, '/api/v2/users/$me/permissions')).json() as {
            permissions: RolePermissionEntry[];
          }
        ).permissions[0]?.permissions['curation.manage'];
      assert.equal(await curates(both), true);
      const listed = await get(admin, `/api/v2/users?roleIDs=${role.roleID}&limit=1`);
      assert.equal(listed.headers['x-app-page-result-count'], '2');

      const response = await inject(t, admin, {
        method: 'DELETE',
        url: `/api/v2/roles/${role.roleID}`,
      });
      assert.equal(response.statusCode, 204);
      const rolesOf = async (userID: number) =>
        (
          (await get(admin, `/api/v2/users/${userID}`)).json() as { roles: { name: string }[] }
        ).roles.map((item) => item.name);
      assert.deepEqual(await rolesOf(both.user.userID), ['Member']);
      assert.deepEqual(await rolesOf(only.user.userID), []);
      assert.equal(await curates(both), undefined);
      assert.equal((await get(admin, `/api/v2/roles/${role.roleID}`)).statusCode, 404);
    });
  });
});
