import { test } from 'node:test';
import assert from 'node:assert/strict';
import { has, type HasOptions } from './has.ts';
import type { PermissionName } from './names.ts';
import {
  permissionDefinitions,
  permissionNames,
  storedPermissionNames,
  isStoredPermissionName,
} from './names.ts';
import { permissionSetSchema, type PermissionSet } from './types.ts';

// Category 12 is a junction; 13 and 14 inherit its rows; 40 is a junction granting nothing useful;
// 50 has no custom permissions (global rows apply).
const member: PermissionSet = {
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
        'comments.add': true,
        'discussions.manage': false,
      },
    },
    {
      type: 'category',
      id: 12,
      permissions: {
        'discussions.view': true,
        'discussions.add': true,
        'discussions.manage': null,
        'discussions.moderate': true,
      },
    },
    { type: 'category', id: 40, permissions: { 'discussions.view': true } },
    { type: 'knowledgeBase', id: 3, permissions: { 'kb.view': true } },
  ],
  junctions: { category: [12, 40] },
  junctionAliases: { category: { '13': 12, '14': 12 } },
};

const withoutJunctions: PermissionSet = {
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: member.permissions,
};

const admin: PermissionSet = { ...member, isAdmin: true, permissions: [] };
const system: PermissionSet = {
  ...member,
  permissions: [{ type: 'global', id: null, permissions: { 'system.only': true } }],
};
const systemOnlyInCategory: PermissionSet = {
  ...member,
  permissions: [{ type: 'category', id: 12, permissions: { 'system.only': true } }],
};
const empty: PermissionSet = {
  isAdmin: false,
  isSysAdmin: false,
  isSuperAdmin: false,
  permissions: [],
};

const category = (resourceID: number | null, mode?: HasOptions['mode']): HasOptions => ({
  resourceType: 'category',
  resourceID,
  mode,
});

const cases: [
  label: string,
  set: PermissionSet | null | undefined,
  names: PermissionName | PermissionName[],
  options: HasOptions | undefined,
  expected: boolean,
][] = [
  ['missing set (null)', null, 'session.valid', undefined, false],
  ['missing set (undefined)', undefined, 'session.valid', undefined, false],
  ['empty set', empty, 'session.valid', undefined, false],
  ['admin passes everything', admin, 'site.manage', undefined, true],
  ['admin passes resource checks', admin, 'discussions.add', category(999, 'resource'), true],
  ['sysadmin passes everything', { ...empty, isSysAdmin: true }, 'site.manage', undefined, true],
  ['system.only grants everything', system, 'users.delete', undefined, true],
  [
    'system.only grants resource checks',
    system,
    'discussions.delete',
    category(12, 'resource'),
    true,
  ],
  [
    'system.only outside the global entry grants nothing',
    systemOnlyInCategory,
    'users.delete',
    undefined,
    false,
  ],
  ['default mode without resource is global', member, 'session.valid', undefined, true],
  ['global: absent name', member, 'site.manage', undefined, false],
  ['global: ignores junction entries', member, 'discussions.add', { mode: 'global' }, false],
  ['global: ignores the resource', member, 'discussions.add', category(12, 'global'), false],
  ['global: false value is not a grant', member, 'discussions.manage', undefined, false],
  ['several names: any of them', member, ['site.manage', 'session.valid'], undefined, true],
  ['several names: none of them', member, ['site.manage', 'users.edit'], undefined, false],
  ['no names', member, [], undefined, false],
  ['resource: junction entry', member, 'discussions.add', category(12, 'resource'), true],
  ['resource: no global fallback', member, 'comments.add', category(12, 'resource'), false],
  [
    'resource: alias resolves to junction',
    member,
    'discussions.add',
    category(13, 'resource'),
    true,
  ],
  [
    'resource: non-junction has no entry',
    member,
    'discussions.view',
    category(50, 'resource'),
    false,
  ],
  ['resource: without resourceID', member, 'discussions.add', category(null, 'resource'), false],
  [
    'resource: without resourceType is the global entry',
    member,
    'session.valid',
    { mode: 'resource' },
    true,
  ],
  [
    'resource: null (partly) is not a grant',
    member,
    'discussions.manage',
    category(12, 'resource'),
    false,
  ],
  [
    'globalOrResource: global grant',
    member,
    'comments.add',
    category(12, 'globalOrResource'),
    true,
  ],
  [
    'globalOrResource: resource grant',
    member,
    'discussions.moderate',
    category(12, 'globalOrResource'),
    true,
  ],
  [
    'globalOrResource: alias grant',
    member,
    'discussions.add',
    category(14, 'globalOrResource'),
    true,
  ],
  [
    'globalOrResource: other resource does not count',
    member,
    'discussions.add',
    category(40, 'globalOrResource'),
    false,
  ],
  [
    'globalOrResource: no resourceID, any entry of the type',
    member,
    'discussions.add',
    category(null, 'globalOrResource'),
    true,
  ],
  [
    'globalOrResource: no resourceID, other types do not count',
    member,
    'kb.view',
    category(null, 'globalOrResource'),
    false,
  ],
  [
    'globalOrResource: no resource at all, any entry',
    member,
    'kb.view',
    { mode: 'globalOrResource' },
    true,
  ],
  [
    'globalOrResource: absent everywhere',
    member,
    'posts.moderate',
    category(12, 'globalOrResource'),
    false,
  ],
  ['resourceIfJunction (default): junction entry', member, 'discussions.add', category(12), true],
  [
    'resourceIfJunction (default): junction replaces global',
    member,
    'comments.add',
    category(12),
    false,
  ],
  [
    'resourceIfJunction (default): alias uses junction entry',
    member,
    'discussions.moderate',
    category(13),
    true,
  ],
  [
    'resourceIfJunction (default): alias does not use global',
    member,
    'comments.add',
    category(13),
    false,
  ],
  [
    'resourceIfJunction (default): non-junction uses global',
    member,
    'comments.add',
    category(50),
    true,
  ],
  [
    'resourceIfJunction (default): non-junction ignores junction entries',
    member,
    'discussions.add',
    category(50),
    false,
  ],
  [
    'resourceIfJunction: explicit mode',
    member,
    'discussions.view',
    category(40, 'resourceIfJunction'),
    true,
  ],
  [
    'resourceIfJunction: without resourceID uses global',
    member,
    'comments.add',
    category(null, 'resourceIfJunction'),
    true,
  ],
  [
    'resourceIfJunction: knowledge base entry',
    member,
    'kb.view',
    { resourceType: 'knowledgeBase', resourceID: 3 },
    true,
  ],
  [
    'resourceIfJunction: junctions absent, entry proves a junction',
    withoutJunctions,
    'comments.add',
    category(12),
    false,
  ],
  [
    'resourceIfJunction: junctions absent, entry grants',
    withoutJunctions,
    'discussions.add',
    category(12),
    true,
  ],
  [
    'resourceIfJunction: junctions absent, no entry uses global',
    withoutJunctions,
    'comments.add',
    category(50),
    true,
  ],
  [
    'resourceType global ignores resourceID',
    member,
    'session.valid',
    { resourceType: 'global', resourceID: 12 },
    true,
  ],
];

for (const [label, set, names, options, expected] of cases) {
  void test(`has(): ${label}`, () => {
    assert.equal(has(set, names, options), expected);
  });
}

void test('fixture sets match the response schema', () => {
  for (const set of [member, withoutJunctions, admin, system, empty]) {
    assert.deepEqual(permissionSetSchema.parse(set), set);
  }
});

void test('schema rejects an unknown entry type', () => {
  assert.equal(
    permissionSetSchema.safeParse({
      ...empty,
      permissions: [{ type: 'group', id: 1, permissions: {} }],
    }).success,
    false,
  );
});

void test('names: every name has a scope and stored lists exclude computed names', () => {
  assert.equal(new Set(permissionNames).size, permissionNames.length);
  for (const name of ['discussions.manage', 'discussions.moderate', 'system.only']) {
    assert.equal(isStoredPermissionName(name), false, name);
  }
  assert.ok(storedPermissionNames.global.includes('site.manage'));
  assert.ok(storedPermissionNames.category.includes('discussions.view'));
  assert.ok(!storedPermissionNames.global.includes('discussions.view'));
  for (const name of [
    ...storedPermissionNames.global,
    ...storedPermissionNames.category,
    ...storedPermissionNames.knowledgeBase,
  ]) {
    assert.equal(permissionDefinitions[name].stored, true);
  }
  assert.equal(isStoredPermissionName('discussions.fly'), false);
});

test('a set whose entries are replaced is checked against its new entries (the lookup groups follow the array)', () => {
  const set: PermissionSet = {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    permissions: [
      { type: 'global', id: null, permissions: { 'discussions.view': true } },
      { type: 'category', id: 7, permissions: { 'comments.add': true } },
    ],
    junctions: { category: [7] },
    junctionAliases: { category: {} },
  };
  assert.equal(has(set, 'comments.add', { resourceType: 'category', resourceID: 7 }), true);
  assert.equal(has(set, 'system.only'), false);
  set.permissions = [{ type: 'global', id: null, permissions: { 'system.only': true } }];
  set.junctions = { category: [] };
  assert.equal(has(set, 'site.manage'), true);
  set.permissions = [{ type: 'global', id: null, permissions: {} }, { type: 'category', id: 7, permissions: {} }];
  set.junctions = { category: [7] };
  assert.equal(has(set, 'comments.add', { resourceType: 'category', resourceID: 7 }), false);
  assert.equal(has(set, 'discussions.view', { mode: 'globalOrResource', resourceType: 'category' }), false);
});
