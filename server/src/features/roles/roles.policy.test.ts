import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import { canAssignRole, canManageRoles, canSeeRole } from './roles.policy.ts';
import type { RolePermissionRow, RoleRow } from './roles.repo.ts';

const setWith = (...names: string[]): PermissionSet => ({
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [
    {
      type: 'global',
      id: null,
      permissions: Object.fromEntries(names.map((name) => [name, true])),
    },
  ],
});

const admin: PermissionSet = { ...setWith(), isAdmin: true };
const siteManager = setWith('site.manage', 'users.edit');
const userEditor = setWith('users.edit', 'session.valid', 'community.moderate');
const member = setWith('session.valid');

const role = (personalInfo: boolean): RoleRow => ({
  roleID: 1,
  name: 'R',
  description: null,
  type: null,
  deletable: true,
  canSession: true,
  personalInfo,
  sort: 1,
});

const grant = (resourceType: string, permission: string, granted = true): RolePermissionRow => ({
  roleID: 1,
  resourceType,
  resourceID: 0,
  permission,
  granted,
});

const memberRows = [grant('global', 'session.valid'), grant('category', 'discussions.add')];
const moderatorRows = [...memberRows, grant('global', 'community.moderate')];
const adminRows = [...moderatorRows, grant('global', 'site.manage')];

const assignCases: [
  label: string,
  set: PermissionSet,
  rows: RolePermissionRow[],
  expected: boolean,
][] = [
  ['admin may assign anything', admin, adminRows, true],
  ['site.manage may assign anything', siteManager, adminRows, true],
  ['without users.edit nothing is assignable', member, memberRows, false],
  ['users.edit may assign a role within their own global grants', userEditor, moderatorRows, true],
  ['users.edit may not assign a role granting more', userEditor, adminRows, false],
  [
    'refused rows do not count',
    userEditor,
    [...moderatorRows, grant('global', 'site.manage', false)],
    true,
  ],
];

for (const [label, set, rows, expected] of assignCases) {
  void test(`canAssignRole: ${label}`, () => {
    assert.equal(canAssignRole(set, rows), expected);
  });
}

const manageCases: [label: string, set: PermissionSet, expected: boolean][] = [
  ['admin', admin, true],
  ['site.manage', siteManager, true],
  ['users.edit only', userEditor, false],
  ['member', member, false],
];

for (const [label, set, expected] of manageCases) {
  void test(`canManageRoles: ${label}`, () => {
    assert.equal(canManageRoles(set), expected);
  });
}

void test('canSeeRole: personal-info roles need personalInfo.view (or site.manage)', () => {
  assert.equal(canSeeRole(member, role(false)), true);
  assert.equal(canSeeRole(member, role(true)), false);
  assert.equal(canSeeRole(setWith('personalInfo.view'), role(true)), true);
  assert.equal(canSeeRole(siteManager, role(true)), true);
});
