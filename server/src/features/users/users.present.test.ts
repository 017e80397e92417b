import { test } from 'node:test';
import assert from 'node:assert/strict';
import { userFragmentSchema, userSchema } from '../../../../common/src/api/users.ts';
import {
  deletedUserFragment,
  guestUserFragment,
  presentUser,
  presentUserFragment,
  type FragmentViewer,
} from './users.present.ts';
import type { UserVisibility } from './users.policy.ts';
import type { UserFragmentRow, UserRow } from './users.repo.ts';

const baseUrl = 'https://forum.test';
const viewer: FragmentViewer = { baseUrl, viewerID: 5, canViewPersonalInfo: false };
const fragmentRow: UserFragmentRow = {
  userID: 9,
  name: 'Ann',
  photo: null,
  title: null,
  banned: 0,
  private: false,
  deleted: false,
  dateLastActive: '2024-03-05T14:07:22.000Z',
};

void test('fragment: a live user', () => {
  const fragment = presentUserFragment(fragmentRow, viewer);
  assert.deepEqual(fragment, {
    userID: 9,
    name: 'Ann',
    url: 'https://forum.test/profile/Ann',
    photoUrl: 'https://forum.test/uploads/defaults/avatar.svg',
    dateLastActive: '2024-03-05T14:07:22+00:00',
    banned: 0,
    private: false,
  });
  assert.deepEqual(userFragmentSchema.parse(fragment), fragment);
});

void test("fragment: deleted and missing users are the 'Deleted User' placeholder", () => {
  const placeholder = { userID: 0, name: 'Deleted User', photoUrl: '', dateLastActive: null };
  assert.deepEqual(
    presentUserFragment({ ...fragmentRow, deleted: true, name: 'Deleted User 9' }, viewer),
    placeholder,
  );
  assert.deepEqual(presentUserFragment(undefined, viewer), placeholder);
  assert.deepEqual(presentUserFragment(null, viewer), placeholder);
  assert.deepEqual(deletedUserFragment(), placeholder);
});

void test('fragment: the guest', () => {
  assert.deepEqual(guestUserFragment(baseUrl), {
    userID: 0,
    name: 'Guest',
    photoUrl: 'https://forum.test/uploads/defaults/avatar.svg',
    dateLastActive: null,
  });
});

void test("fragment: a private user's activity is hidden unless self or personalInfo.view", () => {
  const hidden = presentUserFragment({ ...fragmentRow, private: true }, viewer);
  assert.equal('dateLastActive' in hidden, false);
  assert.equal(
    'dateLastActive' in
      presentUserFragment({ ...fragmentRow, private: true }, { ...viewer, viewerID: 9 }),
    true,
  );
  assert.equal(
    'dateLastActive' in
      presentUserFragment(
        { ...fragmentRow, private: true },
        { ...viewer, canViewPersonalInfo: true },
      ),
    true,
  );
});

void test('fragment: banned users get the banned avatar; pictures and titles', () => {
  assert.equal(
    presentUserFragment({ ...fragmentRow, banned: 2 }, viewer).photoUrl,
    'https://forum.test/uploads/defaults/banned.svg',
  );
  assert.equal(presentUserFragment({ ...fragmentRow, banned: 2 }, viewer).banned, 1);
  assert.equal(
    presentUserFragment({ ...fragmentRow, photo: 'userpics/ab/abcdefghijkl.png' }, viewer).photoUrl,
    'https://forum.test/uploads/userpics/ab/abcdefghijkl.png',
  );
  assert.equal(
    presentUserFragment({ ...fragmentRow, photo: 'https://cdn.test/a.png' }, viewer).photoUrl,
    'https://cdn.test/a.png',
  );
  assert.equal(
    presentUserFragment({ ...fragmentRow, photo: '../../etc/passwd' }, viewer).photoUrl,
    'https://forum.test/uploads/defaults/avatar.svg',
  );
  assert.equal(presentUserFragment({ ...fragmentRow, title: 'Chief' }, viewer).title, 'Chief');
});

const row: UserRow = {
  userID: 9,
  name: 'Ann',
  email: 'ann@example.test',
  emailConfirmed: true,
  showEmail: false,
  photo: null,
  private: false,
  banned: 0,
  deleted: false,
  isAdmin: false,
  isSysAdmin: false,
  title: null,
  location: null,
  about: null,
  points: 3,
  countDiscussions: 2,
  countComments: 5,
  countVisits: 1,
  bypassSpam: false,
  insertIPAddress: '10.0.0.1',
  lastIPAddress: '10.0.0.2',
  inviteUserID: null,
  dateInserted: '2024-01-01T00:00:00.000Z',
  dateLastActive: null,
  dateUpdated: null,
  hasPassword: true,
};

const visibility = (overrides: Partial<UserVisibility> = {}): UserVisibility => ({
  viewerID: 5,
  canViewFull: false,
  canViewProfiles: true,
  canViewPersonalInfo: false,
  canViewAdminExtras: false,
  bannedPrivateProfile: false,
  ...overrides,
});

const roles = [
  { userID: 9, roleID: 4, name: 'Member', personalInfo: false },
  { userID: 9, roleID: 8, name: 'VIP', personalInfo: true },
];

void test('user: the profile view has no e-mail, no roles, and counts posts', () => {
  const user = presentUser(row, {
    baseUrl,
    visibility: visibility(),
    roles,
    reactionsReceived: false,
  });
  assert.equal('email' in user, false);
  assert.equal('roles' in user, false);
  assert.equal(user.countPosts, 7);
  assert.equal(JSON.stringify(user).includes('ann@example.test'), false);
  assert.deepEqual(userSchema.parse(user), user);
});

void test('user: the full view hides personal-info roles from viewers without personalInfo.view', () => {
  const full = presentUser(row, {
    baseUrl,
    visibility: visibility({ canViewFull: true }),
    roles,
    reactionsReceived: true,
  });
  assert.equal(full.email, 'ann@example.test');
  assert.deepEqual(full.roles, [{ roleID: 4, name: 'Member' }]);
  assert.deepEqual(full.reactionsReceived, {});
  const personal = presentUser(row, {
    baseUrl,
    visibility: visibility({ canViewFull: true, canViewPersonalInfo: true }),
    roles,
    reactionsReceived: false,
  });
  assert.deepEqual(
    personal.roles?.map((role) => role.name),
    ['Member', 'VIP'],
  );
});

void test('user: admin extras only for site.manage', () => {
  const plain = presentUser(row, {
    baseUrl,
    visibility: visibility({ canViewFull: true }),
    roles,
    reactionsReceived: false,
  });
  assert.equal('lastIPAddress' in plain, false);
  const admin = presentUser(row, {
    baseUrl,
    visibility: visibility({ canViewFull: true, canViewAdminExtras: true }),
    roles,
    reactionsReceived: false,
  });
  assert.equal(admin.lastIPAddress, '10.0.0.2');
  assert.equal(admin.isAdmin, false);
});

void test('user: never a password, whatever the view', () => {
  for (const overrides of [
    {},
    { canViewFull: true, canViewAdminExtras: true },
    { canViewProfiles: false },
  ]) {
    const text = JSON.stringify(
      presentUser(row, {
        baseUrl,
        visibility: visibility(overrides),
        roles,
        reactionsReceived: true,
      }),
    );
    assert.doesNotMatch(text, /password/i);
  }
});
