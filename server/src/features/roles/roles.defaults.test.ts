import { test } from 'node:test';
import assert from 'node:assert/strict';
import { roleTypes } from '../../../../common/src/api/roles.ts';
import {
  permissionDefinitions,
  storedPermissionNames,
} from '../../../../common/src/permissions/names.ts';
import { defaultRolePermissionRows, defaultRoles } from './roles.defaults.ts';

const byType = (type: string) => {
  const role = defaultRoles.find((candidate) => candidate.type === type);
  assert.ok(role, type);
  return role;
};

void test('one default role per contract role type, with distinct names', () => {
  assert.deepEqual(
    defaultRoles.map((role) => role.type),
    [...roleTypes],
  );
  assert.equal(
    new Set(defaultRoles.map((role) => role.name.toLowerCase())).size,
    defaultRoles.length,
  );
});

void test('grants are stored names of the right scope', () => {
  for (const role of defaultRoles) {
    for (const name of role.global)
      assert.equal(permissionDefinitions[name].scope, 'global', `${role.type}: ${name}`);
    for (const name of role.category)
      assert.equal(permissionDefinitions[name].scope, 'category', `${role.type}: ${name}`);
  }
});

void test('guests read but are not signed in; members post; moderators moderate; administrators hold everything', () => {
  assert.ok(byType('guest').category.includes('discussions.view'));
  assert.ok(!byType('guest').global.includes('session.valid'));
  assert.ok(byType('member').global.includes('session.valid'));
  assert.ok(byType('member').category.includes('discussions.add'));
  assert.ok(byType('member').category.includes('comments.add'));
  assert.ok(!byType('member').global.includes('community.moderate'));
  assert.ok(byType('moderator').global.includes('community.moderate'));
  assert.ok(byType('moderator').category.includes('discussions.delete'));
  assert.ok(!byType('moderator').global.includes('site.manage'));
  assert.deepEqual([...byType('administrator').global], [...storedPermissionNames.global]);
  assert.deepEqual([...byType('administrator').category], [...storedPermissionNames.category]);
  assert.equal(byType('applicant').canSession, false);
});

void test('rows: global rows and default category rows at resourceID 0', () => {
  const rows = defaultRolePermissionRows(byType('member'));
  assert.ok(rows.every((row) => row.resourceID === 0 && row.granted));
  assert.ok(
    rows.some((row) => row.resourceType === 'global' && row.permission === 'session.valid'),
  );
  assert.ok(
    rows.some((row) => row.resourceType === 'category' && row.permission === 'discussions.view'),
  );
});
