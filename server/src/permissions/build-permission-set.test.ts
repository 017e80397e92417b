import { test } from 'node:test';
import assert from 'node:assert/strict';
import { has } from '../../../common/src/permissions/has.ts';
import { permissionSetSchema } from '../../../common/src/permissions/types.ts';
import {
  buildPermissionSet,
  emptyPermissionSet,
  systemPermissionSet,
  withoutJunctions,
  type GrantedPermissionRow,
  type PermissionSubject,
} from './build-permission-set.ts';

const user: PermissionSubject = {
  isAdmin: false,
  isSysAdmin: false,
  isBanned: false,
  isDeleted: false,
};

const row = (
  resourceType: string,
  resourceID: number,
  permission: string,
): GrantedPermissionRow => ({ resourceType, resourceID, permission });

// Category 12 is a junction, 13 inherits from it, 20 uses the defaults, 40 is a junction without rows.
const categories = [
  { categoryID: 12, permissionCategoryID: 12 },
  { categoryID: 13, permissionCategoryID: 12 },
  { categoryID: 40, permissionCategoryID: 40 },
];

const rows = [
  row('global', 0, 'session.valid'),
  row('global', 0, 'session.valid'),
  row('category', 0, 'discussions.view'),
  row('category', 0, 'discussions.edit'),
  row('category', 0, 'discussions.delete'),
  row('category', 12, 'discussions.view'),
  row('category', 12, 'discussions.edit'),
  row('category', 12, 'discussions.announce'),
  row('category', 99, 'discussions.add'),
  row('global', 0, 'discussions.view'),
  row('category', 0, 'site.manage'),
  row('global', 0, 'Garden.Legacy.Name'),
  row('global', 0, 'system.only'),
  row('knowledgeBase', 3, 'kb.view'),
];

void test('builds the contract shape: global entry, one entry per junction, junctions and aliases', () => {
  const set = buildPermissionSet(user, rows, categories);
  assert.deepEqual(set, {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [
      {
        type: 'global',
        id: null,
        permissions: {
          'session.valid': true,
          'discussions.view': true,
          'discussions.edit': true,
          'discussions.delete': true,
          'discussions.manage': true,
          'discussions.moderate': false,
        },
      },
      {
        type: 'category',
        id: 12,
        permissions: {
          'discussions.view': true,
          'discussions.edit': true,
          'discussions.announce': true,
          'discussions.manage': null,
          'discussions.moderate': null,
        },
      },
      {
        type: 'category',
        id: 40,
        permissions: { 'discussions.manage': false, 'discussions.moderate': false },
      },
      { type: 'knowledgeBase', id: 3, permissions: { 'kb.view': true } },
    ],
    junctions: { category: [12, 40] },
    junctionAliases: { category: { '13': 12 } },
  });
  assert.deepEqual(permissionSetSchema.parse(set), set);
});

void test('rows of categories that are not junctions, wrong scopes, unknown and computed names are ignored', () => {
  const set = buildPermissionSet(user, rows, categories);
  assert.equal(
    set.permissions.some((entry) => entry.id === 99),
    false,
  );
  assert.equal(set.permissions[0]?.permissions['site.manage'], undefined);
  assert.equal(set.permissions[0]?.permissions['Garden.Legacy.Name'], undefined);
  assert.equal(set.permissions[0]?.permissions['system.only'], undefined);
});

void test('the built set answers has() as the spec says', () => {
  const set = buildPermissionSet(user, rows, categories);
  const category = (resourceID: number) => ({ resourceType: 'category' as const, resourceID });
  assert.equal(
    has(set, 'discussions.edit', category(20)),
    true,
    'defaults apply to a category without custom permissions',
  );
  assert.equal(
    has(set, 'discussions.delete', category(12)),
    false,
    'a junction replaces the defaults',
  );
  assert.equal(has(set, 'discussions.announce', category(13)), true, 'an alias uses its junction');
  assert.equal(
    has(set, 'discussions.view', category(40)),
    false,
    'a junction without rows grants nothing',
  );
});

void test('all consolidated parts held gives true, none false', () => {
  const set = buildPermissionSet(
    user,
    [
      row('category', 0, 'discussions.announce'),
      row('category', 0, 'discussions.close'),
      row('category', 0, 'discussions.sink'),
    ],
    [],
  );
  assert.equal(set.permissions[0]?.permissions['discussions.moderate'], true);
  assert.equal(set.permissions[0]?.permissions['discussions.manage'], false);
});

void test('banned and deleted users get the empty set, whatever their roles and flags', () => {
  for (const subject of [
    { ...user, isBanned: true, isAdmin: true },
    { ...user, isDeleted: true },
  ]) {
    assert.deepEqual(buildPermissionSet(subject, rows, categories), emptyPermissionSet());
    assert.equal(has(buildPermissionSet(subject, rows, categories), 'session.valid'), false);
  }
});

void test('admin flags: sysadmins are admins, isSuperAdmin stays false', () => {
  assert.equal(buildPermissionSet({ ...user, isAdmin: true }, [], []).isAdmin, true);
  const sys = buildPermissionSet({ ...user, isSysAdmin: true }, [], []);
  assert.deepEqual([sys.isAdmin, sys.isSysAdmin, sys.isSuperAdmin], [true, true, false]);
});

void test('no categories: junctions and aliases are empty objects per type, not arrays', () => {
  const set = buildPermissionSet(user, [], []);
  assert.deepEqual(set.junctions, { category: [] });
  assert.deepEqual(set.junctionAliases, { category: {} });
});

void test('withoutJunctions drops junctions and aliases only', () => {
  const set = buildPermissionSet(user, rows, categories);
  const reduced = withoutJunctions(set);
  assert.equal('junctions' in reduced, false);
  assert.equal('junctionAliases' in reduced, false);
  assert.deepEqual(reduced.permissions, set.permissions);
});

void test('the system set grants everything through system.only', () => {
  const set = systemPermissionSet();
  assert.equal(set.isAdmin, false);
  assert.equal(has(set, 'users.delete'), true);
  assert.equal(
    has(set, 'discussions.delete', { resourceType: 'category', resourceID: 12, mode: 'resource' }),
    true,
  );
});
