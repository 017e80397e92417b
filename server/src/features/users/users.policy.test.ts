import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionSet } from '../../../../common/src/permissions/types.ts';
import {
  banRankRefusal,
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
