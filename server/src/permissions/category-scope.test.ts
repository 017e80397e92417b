import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionSet } from '../../../common/src/permissions/types.ts';
import { categoryIDsWith, isInCategoryScope } from './category-scope.ts';

const base = { isAdmin: false, isSysAdmin: false, isSuperAdmin: false };

const set: PermissionSet = {
  ...base,
  permissions: [
    { type: 'global', id: null, permissions: { 'discussions.view': true, 'comments.add': true } },
    { type: 'category', id: 12, permissions: { 'discussions.view': true } },
    { type: 'category', id: 40, permissions: { 'comments.add': true } },
  ],
  junctions: { category: [12, 40] },
  junctionAliases: { category: { '13': 12 } },
};

const cases: [
  label: string,
  set: PermissionSet | null,
  name: Parameters<typeof categoryIDsWith>[1],
  expected: ReturnType<typeof categoryIDsWith>,
][] = [
  ['no set reaches nothing', null, 'discussions.view', { all: false, permissionCategoryIDs: [] }],
  ['admin reaches everything', { ...set, isAdmin: true }, 'posts.moderate', { all: true }],
  [
    'system.only reaches everything',
    { ...base, permissions: [{ type: 'global', id: null, permissions: { 'system.only': true } }] },
    'posts.moderate',
    { all: true },
  ],
  [
    'defaults and the granting junction',
    set,
    'discussions.view',
    { all: false, permissionCategoryIDs: [-1, 12] },
  ],
  [
    'defaults and every junction: all',
    {
      ...set,
      permissions: [
        ...set.permissions.slice(0, 2),
        { type: 'category', id: 40, permissions: { 'discussions.view': true } },
      ],
    },
    'discussions.view',
    { all: true },
  ],
  ['only a junction', set, 'comments.add', { all: false, permissionCategoryIDs: [-1, 40] }],
  ['granted nowhere', set, 'discussions.add', { all: false, permissionCategoryIDs: [] }],
  [
    'no junctions and a global grant: all',
    {
      ...base,
      permissions: [{ type: 'global', id: null, permissions: { 'discussions.view': true } }],
    },
    'discussions.view',
    { all: true },
  ],
  [
    'junctions known from entries when not expanded',
    { ...base, permissions: set.permissions },
    'discussions.view',
    { all: false, permissionCategoryIDs: [-1, 12] },
  ],
];

for (const [label, given, name, expected] of cases) {
  void test(`categoryIDsWith: ${label}`, () => {
    assert.deepEqual(categoryIDsWith(given, name), expected);
  });
}

void test('isInCategoryScope', () => {
  assert.equal(isInCategoryScope({ all: true }, 7), true);
  assert.equal(isInCategoryScope({ all: false, permissionCategoryIDs: [-1, 12] }, -1), true);
  assert.equal(isInCategoryScope({ all: false, permissionCategoryIDs: [-1, 12] }, 40), false);
});
