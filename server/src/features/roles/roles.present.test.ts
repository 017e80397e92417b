import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  roleSchema,
  roleSummarySchema,
  rolePermissionsSchema,
} from '../../../../common/src/api/roles.ts';
import { storedPermissionNames } from '../../../../common/src/permissions/names.ts';
import { presentRole, presentRolePermissions, presentRoleSummary } from './roles.present.ts';
import type { RoleRow } from './roles.repo.ts';

const row: RoleRow = {
  roleID: 8,
  name: 'Member',
  description: 'Members.',
  type: 'member',
  deletable: false,
  canSession: true,
  personalInfo: false,
  sort: 4,
};

void test('presentRole: explicit fields, unknown types become null, expansions only when asked', () => {
  const plain = presentRole(row);
  assert.deepEqual(plain, {
    roleID: 8,
    name: 'Member',
    description: 'Members.',
    type: 'member',
    deletable: false,
    canSession: true,
    personalInfo: false,
  });
  assert.equal(presentRole({ ...row, type: 'legacy' }).type, null);
  assert.deepEqual(roleSchema.parse(plain), plain);
  assert.equal(presentRole(row, { assignable: false }).assignable, false);
});

void test('presentRoleSummary: only roleID, name, description (and assignable when asked)', () => {
  assert.deepEqual(presentRoleSummary(row), { roleID: 8, name: 'Member', description: 'Members.' });
  assert.deepEqual(presentRoleSummary(row, { assignable: true }), {
    roleID: 8,
    name: 'Member',
    description: 'Members.',
    assignable: true,
  });
  assert.deepEqual(roleSummarySchema.parse(presentRoleSummary(row)), presentRoleSummary(row));
});

void test('presentRolePermissions: global, default category (id 0) and each junction, every stored name true/false', () => {
  const entries = presentRolePermissions(
    [
      {
        roleID: 8,
        resourceType: 'global',
        resourceID: 0,
        permission: 'session.valid',
        granted: true,
      },
      {
        roleID: 8,
        resourceType: 'global',
        resourceID: 0,
        permission: 'site.manage',
        granted: false,
      },
      {
        roleID: 8,
        resourceType: 'category',
        resourceID: 0,
        permission: 'discussions.view',
        granted: true,
      },
      {
        roleID: 8,
        resourceType: 'category',
        resourceID: 12,
        permission: 'comments.add',
        granted: true,
      },
      {
        roleID: 8,
        resourceType: 'category',
        resourceID: 99,
        permission: 'comments.add',
        granted: true,
      },
    ],
    [12],
  );
  assert.deepEqual(
    entries.map((entry) => [entry.type, entry.id]),
    [
      ['global', undefined],
      ['category', 0],
      ['category', 12],
    ],
  );
  assert.deepEqual(Object.keys(entries[0]?.permissions ?? {}), storedPermissionNames.global);
  assert.deepEqual(Object.keys(entries[1]?.permissions ?? {}), storedPermissionNames.category);
  assert.equal(entries[0]?.permissions['session.valid'], true);
  assert.equal(entries[0]?.permissions['site.manage'], false);
  assert.equal(entries[1]?.permissions['discussions.view'], true);
  assert.equal(entries[1]?.permissions['comments.add'], false);
  assert.equal(entries[2]?.permissions['comments.add'], true);
  assert.deepEqual(rolePermissionsSchema.parse(entries), entries);
});
