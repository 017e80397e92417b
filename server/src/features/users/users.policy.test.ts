import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  banRankRefusal,
  canSeeLastActive,
  canSeeRole,
  canViewPermissionsOfOthers,
  canViewPersonalInfo,
  holdsUserCallPermission,
  outranks,
  rankLevels,
  rankOf,
  userViewFor,
  userVisibilityOf,
  type UserView,
} from './users.policy.ts';

function setWith(
  permissions: string[],
  flags: Partial<Pick<PermissionSet, 'isAdmin' | 'isSysAdmin' | 'isSuperAdmin'>> = {},
): PermissionSet {
  return {
    isAdmin: false,
    isSysAdmin: false,
    isSuperAdmin: false,
    ...flags,
    permissions: [
      {
        type: 'global',
        id: null,
        permissions: Object.fromEntries(permissions.map((name) => [name, true])),
      },
    ],
  };
}

const rankCases: [label: string, set: PermissionSet, rank: number][] = [
  ['guest (nothing)', setWith([]), rankLevels.none],
  ['member', setWith(['session.valid', 'profiles.view']), rankLevels.signedIn],
  ['curator', setWith(['session.valid', 'curation.manage']), rankLevels.curator],
  [
    'moderator',
    setWith(['session.valid', 'curation.manage', 'community.moderate']),
    rankLevels.moderator,
  ],
  [
    'community manager',
    setWith(['community.manage', 'community.moderate']),
    rankLevels.communityManager,
  ],
  ['site manager', setWith(['site.manage', 'community.manage']), rankLevels.siteManager],
  ['admin flag', setWith([], { isAdmin: true }), rankLevels.admin],
  ['sysadmin', setWith([], { isAdmin: true, isSysAdmin: true }), rankLevels.system],
  ['super admin', setWith([], { isSuperAdmin: true }), rankLevels.system],
  ['system.only', setWith(['system.only']), rankLevels.system],
  [
    'a category-only grant does not rank',
    {
      ...setWith([]),
      permissions: [
        { type: 'global', id: null, permissions: {} },
        { type: 'category', id: 3, permissions: { 'site.manage': true } },
      ],
    },
    rankLevels.none,
  ],
];

for (const [label, set, rank] of rankCases) {
  void test(`rankOf: ${label}`, () => {
    assert.equal(rankOf(set), rank);
  });
}

void test('acting on another user: only a strictly lower rank', () => {
  assert.equal(outranks(3, 1), true);
  assert.equal(outranks(3, 3), false);
  assert.equal(outranks(3, 4), false);
});

void test('ban rank: only a strictly lower target', () => {
  assert.equal(banRankRefusal(3, 1), null);
  assert.equal(banRankRefusal(3, 3), 'same');
  assert.equal(banRankRefusal(3, 6), 'higher');
});

const member = setWith(['session.valid', 'profiles.view']);
const moderator = setWith([
  'session.valid',
  'profiles.view',
  'personalInfo.view',
  'community.moderate',
]);
const editor = setWith(['session.valid', 'users.edit']);
const blind = setWith(['session.valid']);
const target = { userID: 7, private: false, banned: 0 };

const viewCases: [
  label: string,
  set: PermissionSet,
  viewerID: number,
  user: typeof target,
  bannedPrivate: boolean,
  view: UserView,
][] = [
  ['self is full', member, 7, { ...target, private: true }, false, 'full'],
  ['member sees the profile view', member, 8, target, false, 'profile'],
  ['guest with profiles.view sees the profile view', member, 0, target, false, 'profile'],
  ['a guest is never "self" of userID 0', member, 0, { ...target, userID: 0 }, false, 'profile'],
  ['private is minimal for members', member, 8, { ...target, private: true }, false, 'minimal'],
  [
    'personalInfo.view is full, even private',
    moderator,
    8,
    { ...target, private: true },
    false,
    'full',
  ],
  ['users.edit is full', editor, 8, target, false, 'full'],
  ['no profiles.view is minimal', blind, 8, target, false, 'minimal'],
  [
    'banned is shown while ui.bannedPrivateProfile is off',
    member,
    8,
    { ...target, banned: 1 },
    false,
    'profile',
  ],
  [
    'banned is minimal while ui.bannedPrivateProfile is on',
    member,
    8,
    { ...target, banned: 1 },
    true,
    'minimal',
  ],
  ['banned stays full for personalInfo.view', moderator, 8, { ...target, banned: 1 }, true, 'full'],
];

for (const [label, set, viewerID, user, bannedPrivate, view] of viewCases) {
  void test(`userViewFor: ${label}`, () => {
    assert.equal(userViewFor(userVisibilityOf(set, viewerID, bannedPrivate), user), view);
  });
}

// The visibility rules the presenters ask (issue 12: moved out of users.present).
const lastActiveCases: [
  label: string,
  viewer: { viewerID: number; canViewPersonalInfo: boolean },
  user: { userID: number; private: boolean },
  shown: boolean,
][] = [
  [
    'a public profile, to anyone',
    { viewerID: 0, canViewPersonalInfo: false },
    { userID: 7, private: false },
    true,
  ],
  [
    'a private profile, to another member',
    { viewerID: 8, canViewPersonalInfo: false },
    { userID: 7, private: true },
    false,
  ],
  [
    'a private profile, to a guest',
    { viewerID: 0, canViewPersonalInfo: false },
    { userID: 7, private: true },
    false,
  ],
  [
    'a private profile, to its user',
    { viewerID: 7, canViewPersonalInfo: false },
    { userID: 7, private: true },
    true,
  ],
  [
    'a private profile, to personalInfo.view',
    { viewerID: 8, canViewPersonalInfo: true },
    { userID: 7, private: true },
    true,
  ],
];

for (const [label, viewer, user, shown] of lastActiveCases) {
  void test(`canSeeLastActive: ${label}`, () => {
    assert.equal(canSeeLastActive(viewer, user), shown);
  });
}

const roleCases: [
  label: string,
  viewer: { viewerID: number; canViewPersonalInfo: boolean },
  personalInfo: boolean,
  userID: number,
  shown: boolean,
][] = [
  ['an ordinary role, to anyone', { viewerID: 0, canViewPersonalInfo: false }, false, 7, true],
  [
    'a personal-info role, to another member',
    { viewerID: 8, canViewPersonalInfo: false },
    true,
    7,
    false,
  ],
  ['a personal-info role, to its user', { viewerID: 7, canViewPersonalInfo: false }, true, 7, true],
  [
    'a personal-info role, to personalInfo.view',
    { viewerID: 8, canViewPersonalInfo: true },
    true,
    7,
    true,
  ],
  [
    'a guest is never "self" of userID 0',
    { viewerID: 0, canViewPersonalInfo: false },
    true,
    0,
    false,
  ],
];

for (const [label, viewer, personalInfo, userID, shown] of roleCases) {
  void test(`canSeeRole: ${label}`, () => {
    assert.equal(canSeeRole(viewer, { personalInfo }, userID), shown);
  });
}

const permissionRuleCases: [
  label: string,
  set: PermissionSet,
  personalInfo: boolean,
  othersPermissions: boolean,
][] = [
  ['member', member, false, false],
  ['moderator with personalInfo.view', moderator, true, false],
  ['users.edit', editor, false, true],
  ['users.add', setWith(['users.add']), false, true],
  ['users.delete', setWith(['users.delete']), false, true],
];

for (const [label, set, personalInfo, othersPermissions] of permissionRuleCases) {
  void test(`canViewPersonalInfo, canViewPermissionsOfOthers: ${label}`, () => {
    assert.equal(canViewPersonalInfo(set), personalInfo);
    assert.equal(canViewPermissionsOfOthers(set), othersPermissions);
  });
}

void test('holdsUserCallPermission: any one of the call permissions', () => {
  assert.equal(holdsUserCallPermission(editor, 'users.edit'), true);
  assert.equal(holdsUserCallPermission(editor, ['community.moderate', 'users.edit']), true);
  assert.equal(holdsUserCallPermission(moderator, ['users.edit', 'users.delete']), false);
  assert.equal(holdsUserCallPermission(setWith([]), 'users.edit'), false);
});
