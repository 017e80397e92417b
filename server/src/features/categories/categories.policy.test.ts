import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildPermissionSet,
  type GrantedPermissionRow,
} from '../../permissions/build-permission-set.ts';
import {
  canFollowCategories,
  canManageCategories,
  canManagePreferencesOf,
  canReceiveCategoryEmail,
  canViewCategory,
  categoryPermissionsOf,
} from './categories.policy.ts';

const subject = { isAdmin: false, isSysAdmin: false, isBanned: false, isDeleted: false };
const row = (
  resourceType: string,
  resourceID: number,
  permission: string,
): GrantedPermissionRow => ({
  resourceType,
  resourceID,
  permission,
});
// Category 12 is a junction whose rows do not grant discussions.view; 13 inherits from it; 20 uses the defaults.
const links = [
  { categoryID: 12, permissionCategoryID: 12 },
  { categoryID: 13, permissionCategoryID: 12 },
];
const member = buildPermissionSet(
  subject,
  [
    row('global', 0, 'session.valid'),
    row('category', 0, 'discussions.view'),
    row('category', 0, 'discussions.add'),
    row('category', 12, 'comments.add'),
  ],
  links,
);
const guest = buildPermissionSet(subject, [row('category', 0, 'discussions.view')], links);
const moderator = buildPermissionSet(
  subject,
  [
    row('global', 0, 'session.valid'),
    row('global', 0, 'users.edit'),
    row('global', 0, 'email.view'),
    row('category', 0, 'discussions.view'),
    row('category', 12, 'discussions.view'),
    row('category', 12, 'discussions.edit'),
  ],
  links,
);
const admin = buildPermissionSet({ ...subject, isAdmin: true }, [], links);

const plain = { categoryID: 20, permissionCategoryID: -1 };
const junction = { categoryID: 12, permissionCategoryID: 12 };
const inheriting = { categoryID: 13, permissionCategoryID: 12 };

void test('viewing: the permission category decides (role × category)', () => {
  const cases: [string, typeof member, typeof plain, boolean][] = [
    ['member, default category', member, plain, true],
    ['member, junction without view', member, junction, false],
    ['member, inheriting child', member, inheriting, false],
    ['guest, default category', guest, plain, true],
    ['guest, junction', guest, junction, false],
    ['moderator, junction with view', moderator, junction, true],
    ['moderator, inheriting child', moderator, inheriting, true],
    ['admin, junction', admin, junction, true],
  ];
  for (const [label, set, category, expected] of cases) {
    assert.equal(canViewCategory(set, category), expected, label);
  }
});

void test('the permissions map uses the junction rows or the defaults', () => {
  assert.equal(categoryPermissionsOf(member, plain)['discussions.add'], true);
  assert.equal(categoryPermissionsOf(member, inheriting)['discussions.add'], false);
  assert.equal(categoryPermissionsOf(member, inheriting)['comments.add'], true);
  assert.equal(categoryPermissionsOf(moderator, junction)['discussions.edit'], true);
  assert.equal(categoryPermissionsOf(moderator, plain)['discussions.edit'], false);
  assert.ok(Object.values(categoryPermissionsOf(admin, junction)).every(Boolean));
  assert.equal(
    'site.manage' in categoryPermissionsOf(admin, plain),
    false,
    'only category-scoped names',
  );
});

void test('managing, following and preferences', () => {
  assert.deepEqual([member, guest, moderator, admin].map(canManageCategories), [
    false,
    false,
    false,
    true,
  ]);
  assert.deepEqual([member, guest, moderator, admin].map(canFollowCategories), [
    true,
    false,
    true,
    true,
  ]);
  assert.equal(canManagePreferencesOf(member, 5, 5), true, 'own preferences');
  assert.equal(canManagePreferencesOf(member, 5, 6), false, 'another user’s');
  assert.equal(canManagePreferencesOf(moderator, 5, 6), true, 'users.edit');
  assert.equal(canManagePreferencesOf(guest, 0, 0), false, 'guests have none');
  assert.deepEqual([member, moderator].map(canReceiveCategoryEmail), [false, true]);
});
