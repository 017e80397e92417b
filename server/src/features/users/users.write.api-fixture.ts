import { ADMIN_PASSWORD } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/fixture.ts';
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
import { makeRole, roleIDsByType } from '../../../test/factories.ts';
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
  const fx = useTestApp(async (t) => {
    const admin = await asAdmin(t);
    const moderator = await asModerator(t);
    const member = await asMember(t);
    const roleIDs = await roleIDsByType(t, admin);
    // The installer's administrator (users.isAdmin, made by setup, not by a factory): read directly.
    const installed = await t.db
      .selectFrom('users')
      .select(['userID', 'name', 'email'])
      .where('name', '=', 'admin')
      .executeTakeFirstOrThrow();
    const installedAdmin = await sessionFor(t, {
      userID: installed.userID,
      name: installed.name,
      email: installed.email ?? '',
      password: ADMIN_PASSWORD,
      roleIDs: [],
    });
    return { admin, moderator, member, roleIDs, installedAdmin };
  });

  const call = (
    actor: { headers: Record<string, string> } | null,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    inject(fx.t, actor ?? { headers: site }, {
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const signIn = (username: string, password: string) =>
    fx.t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/password',
      headers: site,
      payload: { username, password },
    });

  /** A role with exactly these global permissions (for "lacks X" cases), made through the API. */
  async function roleWith(name: string, permissions: string[]): Promise<number> {
    return (await makeRole(fx.t, { name, globalPermissions: permissions, as: fx.admin })).roleID;
  }

  /**
   * Whether a password matches the stored hash (no sign-in, so no sign-in throttle). A direct
   * read: no API shows the hash.
   */
  async function passwordWorks(userID: number, password: string): Promise<boolean> {
    const row = await fx.t.db
      .selectFrom('users')
      .select('password')
      .where('userID', '=', userID)
      .executeTakeFirstOrThrow();
    return verifyPassword(password, row.password);
  }

  async function actorWithRole(roleID: number): Promise<TestActor<TestUser>> {
    return sessionFor(fx.t, await createUser(fx.t, { roleTypes: [], roleIDs: [roleID] }));
  }

  return Object.assign(fx, { call, signIn, roleWith, passwordWorks, actorWithRole });
}
