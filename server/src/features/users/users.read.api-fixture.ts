import { after, before } from 'node:test';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asModerator,
  createUser,
  inject,
  uniqueName,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';

// The set-up the users read API test files share (one app per file).

// Reads of the Users API (api-contract §3): /users/me, /users/me-counts, /users/{id}, /users,
// /users/by-names, /users/{id}/edit, and what each viewer may see of a user.

export const minimalKeys = ['banned', 'name', 'photoUrl', 'private', 'profilePhotoUrl', 'userID'];
export const profileKeys = [
  ...minimalKeys,
  'countComments',
  'countDiscussions',
  'countPosts',
  'countVisits',
  'dateInserted',
  'dateLastActive',
  'inviteUserID',
  'points',
  'url',
].sort();
export const adminExtraKeys = [
  'insertIPAddress',
  'isAdmin',
  'isSuperAdmin',
  'isSysAdmin',
  'lastIPAddress',
];

export function keysOf(value: unknown): string[] {
  return Object.keys(value as Record<string, unknown>).sort();
}

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useUsersReadFixture() {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let other: TestUser;
  let privateUser: TestUser;
  let bannedUser: TestUser;
  let deletedUser: TestUser;
  let showEmailUser: TestUser;
  let allEmails: string[];

  const get = (actor: { headers: Record<string, string> } | null, url: string) =>
    inject(t, actor, { method: 'GET', url });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
    other = await createUser(t, { name: uniqueName('other') });
    privateUser = await createUser(t, { name: uniqueName('private') });
    await t.db
      .updateTable('users')
      .set({ private: true })
      .where('userID', '=', privateUser.userID)
      .execute();
    bannedUser = await createUser(t, { name: uniqueName('banned'), banned: true });
    deletedUser = await createUser(t, { name: uniqueName('deleted'), deleted: true });
    showEmailUser = await createUser(t, { name: uniqueName('shows') });
    await t.db
      .updateTable('users')
      .set({ showEmail: true })
      .where('userID', '=', showEmailUser.userID)
      .execute();
    allEmails = [admin, moderator, member]
      .map((actor) => actor.user.email)
      .concat([other, privateUser, bannedUser, deletedUser].map((user) => user.email));
  });
  after(async () => {
    await t.close();
  });

  return {
    get t() {
      return t;
    },
    get admin() {
      return admin;
    },
    get moderator() {
      return moderator;
    },
    get member() {
      return member;
    },
    get other() {
      return other;
    },
    get privateUser() {
      return privateUser;
    },
    get bannedUser() {
      return bannedUser;
    },
    get deletedUser() {
      return deletedUser;
    },
    get showEmailUser() {
      return showEmailUser;
    },
    get allEmails() {
      return allEmails;
    },
    get,
  };
}
