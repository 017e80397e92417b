import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, inject } from '../../../test/actors.ts';
import type { Role, RoleSummary } from '../../../../common/src/api/roles.ts';
import { type ErrorBody, useRolesFixture } from './roles.api-fixture.ts';

describe(`roles API: reads (${testDialect})`, () => {
  const fx = useRolesFixture();
  const { roleByType, createRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  let junctionID: typeof fx.junctionID;
  before(() => {
    ({ t, admin, member, moderator, junctionID } = fx);
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
});
