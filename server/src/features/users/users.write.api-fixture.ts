import { after, before } from 'node:test';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asModerator,
  createUser,
  inject,
  sessionFor,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import { verifyPassword } from '../../platform/passwords.ts';

// The set-up the users write API test files share (one app per file).

// Writes of the Users API (api-contract §3): POST /users, PATCH /users/{id}, DELETE /users/{id},
// PUT /users/{id}/ban.

export const USERNAME_RULE =
  'Username can only contain letters, numbers, underscores, and must be between 3 and 20 characters long.';
export const site = {
  host: 'hearth.test',
  'x-requested-with': 'vanilla',
  referer: 'http://hearth.test/',
};

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useUsersWriteFixture() {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let roleIDs: Record<string, number>;
  let installedAdmin: TestActor<TestUser>;

  const call = (
    actor: { headers: Record<string, string> } | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    inject(t, actor ?? { headers: site }, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const signIn = (username: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/password',
      headers: site,
      payload: { username, password },
    });

  /** A role with exactly these global permissions (for "lacks X" cases). */
  async function roleWith(name: string, permissions: string[]): Promise<number> {
    const role = await t.db
      .insertInto('roles')
      .values({ name, dateInserted: nowIso() })
      .returning('roleID')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('rolePermissions')
      .values(
        permissions.map((permission) => ({
          roleID: role.roleID,
          resourceType: 'global',
          resourceID: 0,
          permission,
          granted: true,
        })),
      )
      .execute();
    await bumpPermissionsVersion(t.db);
    return role.roleID;
  }

  /** Whether a password matches the stored hash (no sign-in, so no sign-in throttle). */
  async function passwordWorks(userID: number, password: string): Promise<boolean> {
    const row = await t.db
      .selectFrom('users')
      .select('password')
      .where('userID', '=', userID)
      .executeTakeFirstOrThrow();
    return verifyPassword(password, row.password);
  }

  async function actorWithRole(roleID: number): Promise<TestActor<TestUser>> {
    const user = await createUser(t, { roleTypes: [] });
    await t.db.insertInto('userRoles').values({ userID: user.userID, roleID }).execute();
    await bumpPermissionsVersion(t.db);
    return sessionFor(t, { ...user, roleIDs: [roleID] });
  }

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    moderator = await asModerator(t);
    member = await asMember(t);
    const roles = await t.db.selectFrom('roles').select(['roleID', 'type']).execute();
    roleIDs = Object.fromEntries(roles.map((role) => [role.type ?? '', role.roleID]));
    const installed = await t.db
      .selectFrom('users')
      .select(['userID', 'name', 'email'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    installedAdmin = await sessionFor(t, {
      userID: installed.userID,
      name: installed.name,
      email: installed.email ?? '',
      password: ADMIN_PASSWORD,
      roleIDs: [],
    });
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
    get roleIDs() {
      return roleIDs;
    },
    get installedAdmin() {
      return installedAdmin;
    },
    call,
    signIn,
    roleWith,
    passwordWorks,
    actorWithRole,
  };
}
