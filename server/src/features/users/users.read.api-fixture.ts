import {
  asAdmin,
  asMember,
  asModerator,
  createUser,
  inject,
  uniqueName,
} from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';

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
  const fx = useTestApp(async (t) => {
    const admin = await asAdmin(t);
    const moderator = await asModerator(t);
    const member = await asMember(t);
    const other = await createUser(t, { name: uniqueName('other') });
    const privateUser = await createUser(t, { name: uniqueName('private'), private: true });
    const bannedUser = await createUser(t, { name: uniqueName('banned'), banned: true });
    const deletedUser = await createUser(t, { name: uniqueName('deleted'), deleted: true });
    const showEmailUser = await createUser(t, { name: uniqueName('shows'), showEmail: true });
    const allEmails = [admin, moderator, member]
      .map((actor) => actor.user.email)
      .concat([other, privateUser, bannedUser, deletedUser].map((user) => user.email));
    return {
      admin,
      moderator,
      member,
      other,
      privateUser,
      bannedUser,
      deletedUser,
      showEmailUser,
      allEmails,
    };
  });

  const get = (actor: { headers: Record<string, string> } | null, url: string) =>
    inject(fx.t, actor, { method: 'GET', url });

  return Object.assign(fx, { get });
}
