import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN_PASSWORD, createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asModerator,
  asUser,
  createUser,
  inject,
  sessionFor,
  TEST_PASSWORD,
  uniqueName,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { nowIso } from '../../platform/dates.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { assertNoLeak } from './users.test-support.ts';

// Writes of the Users API (api-contract §3): POST /users, PATCH /users/{id}, DELETE /users/{id},
// PUT /users/{id}/ban.

const USERNAME_RULE =
  'Username can only contain letters, numbers, underscores, and must be between 3 and 20 characters long.';
const site = { host: 'hearth.test', 'x-requested-with': 'vanilla', referer: 'http://hearth.test/' };

describe(`Users API writes (${testDialect})`, () => {
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

  describe('POST /users', () => {
    const body = (overrides: Record<string, unknown> = {}) => {
      const name = uniqueName('new');
      return {
        name,
        email: `${name.toLowerCase()}@new.test`,
        password: 'Secret-Password-1',
        ...overrides,
      };
    };

    test('users.add creates a member with a confirmed e-mail, sends a welcome e-mail, answers the full user', async () => {
      const input = body();
      const sent = t.mail.sent.length;
      const response = await call(admin, 'POST', '/api/v2/users', input);
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json();
      assert.equal(user.name, input.name);
      assert.equal(user.email, input.email);
      assert.equal(user.emailConfirmed, true);
      assert.equal(user.bypassSpam, false);
      assert.equal(user.private, false);
      assert.deepEqual(user.roles, [{ roleID: roleIDs.member, name: 'Member' }]);
      assertNoLeak(response, []);
      assert.equal(t.mail.sent.length, sent + 1);
      const mail = t.mail.sent.at(-1);
      assert.equal(mail?.to, input.email);
      assert.ok(
        !mail?.text.includes(input.password),
        'the welcome e-mail must not carry the password',
      );
      assert.equal((await signIn(input.name, input.password)).statusCode, 201);
    });

    test('roles, flags and a photo URL are taken; sendWelcomeEmail false sends nothing', async () => {
      const sent = t.mail.sent.length;
      const input = body({
        roleID: [roleIDs.moderator],
        emailConfirmed: false,
        bypassSpam: true,
        private: true,
        showEmail: true,
        sendWelcomeEmail: false,
        photo: 'https://cdn.example.test/a.png',
      });
      const response = await call(admin, 'POST', '/api/v2/users', input);
      assert.equal(response.statusCode, 201, response.body);
      const user = response.json();
      assert.deepEqual(user.roles, [{ roleID: roleIDs.moderator, name: 'Moderator' }]);
      assert.equal(user.emailConfirmed, false);
      assert.equal(user.bypassSpam, true);
      assert.equal(user.private, true);
      assert.equal(user.showEmail, true);
      assert.equal(user.photoUrl, 'https://cdn.example.test/a.png');
      assert.equal(t.mail.sent.length, sent);
    });

    test('a unicode name that follows the rule is accepted', async () => {
      const response = await call(
        admin,
        'POST',
        '/api/v2/users',
        body({ name: 'Zoë_Ünï' + String(Date.now()).slice(-4) }),
      );
      assert.equal(response.statusCode, 201, response.body);
    });

    test('403 for guests, members and moderators (no users.add)', async () => {
      for (const actor of [null, member, moderator]) {
        const input = body();
        const response = await call(actor, 'POST', '/api/v2/users', input);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['users.add']);
        assertNoLeak(response, [input.email]);
      }
    });

    test('a cookie write without the CSRF proof is refused', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/users',
        headers: { cookie: admin.headers.cookie ?? '' },
        payload: body(),
      });
      assert.equal(response.statusCode, 403);
      assert.equal(response.json().message, 'Invalid CSRF token. Please try again.');
    });

    test('the username rule refuses markup, short, long and spaced names', async () => {
      for (const name of [
        '<script>alert(1)</script>',
        'ab',
        'a'.repeat(21),
        'with space',
        'semi;colon',
        'x'.repeat(5000),
      ]) {
        const response = await call(admin, 'POST', '/api/v2/users', body({ name }));
        assert.equal(response.statusCode, 422, name);
        assert.deepEqual(response.json().errors, [
          { field: 'name', code: 'invalid', message: USERNAME_RULE, status: 422 },
        ]);
      }
    });

    test('missing and mistyped fields are validation errors', async () => {
      const cases: [Record<string, unknown>, string, number][] = [
        [{ name: undefined }, 'name', 400],
        [{ email: undefined }, 'email', 400],
        [{ password: undefined }, 'password', 400],
        [{ name: 12345 }, 'name', 422],
        [{ email: 'not-an-email' }, 'email', 422],
        [{ email: `${'a'.repeat(250)}@x.test` }, 'email', 422],
        [{ password: 1234567890 }, 'password', 422],
        [{ password: 'p'.repeat(201) }, 'password', 422],
        [{ name: '' }, 'name', 400],
        [{ emailConfirmed: 'yes' }, 'emailConfirmed', 422],
        [{ roleID: 'moderator' }, 'roleID', 422],
        [{ roleID: [1.5] }, 'roleID.0', 422],
        [{ photo: 'javascript:alert(1)' }, 'photo', 422],
        [{ photo: '<img src=x onerror=alert(1)>' }, 'photo', 422],
      ];
      for (const [overrides, field, status] of cases) {
        const response = await call(admin, 'POST', '/api/v2/users', body(overrides));
        assert.equal(response.statusCode, status, JSON.stringify(overrides));
        assert.equal(response.json().errors[0].field, field, JSON.stringify(overrides));
      }
    });

    test('a short password gets the minimum-length message', async () => {
      const response = await call(admin, 'POST', '/api/v2/users', body({ password: 'short12' }));
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json().errors, [
        {
          field: 'password',
          code: 'minLength',
          message: 'Your password must be at least 8 characters long.',
          status: 422,
        },
      ]);
    });

    test('duplicate name or e-mail (any case) is a 400 with the spec messages', async () => {
      const first = body();
      assert.equal((await call(admin, 'POST', '/api/v2/users', first)).statusCode, 201);
      const both = await call(
        admin,
        'POST',
        '/api/v2/users',
        body({ name: first.name.toUpperCase(), email: first.email.toUpperCase() }),
      );
      assert.equal(both.statusCode, 400);
      assert.deepEqual(both.json().errors, [
        {
          field: 'name',
          code: 'invalid',
          message: 'The name you entered is already in use.',
          status: 400,
        },
        {
          field: 'email',
          code: 'invalid',
          message: 'The email you entered is already in use.',
          status: 400,
        },
      ]);
      const email = await call(admin, 'POST', '/api/v2/users', body({ email: first.email }));
      assert.deepEqual(
        email.json().errors.map((error: { field: string }) => error.field),
        ['email'],
      );
    });

    test('roles: at least one, existing, and assignable by the editor', async () => {
      const empty = await call(admin, 'POST', '/api/v2/users', body({ roleID: [] }));
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors[0].message, 'A user must have at least one role.');
      const unknown = await call(admin, 'POST', '/api/v2/users', body({ roleID: [987654] }));
      assert.equal(unknown.statusCode, 422);
      assert.equal(unknown.json().errors[0].field, 'roleID');
      // Holds what the member role grants plus users.add/edit, but not the administrator's grants.
      const memberGrants = await t.db
        .selectFrom('rolePermissions')
        .select('permission')
        .where('roleID', '=', roleIDs.member ?? 0)
        .where('resourceType', '=', 'global')
        .execute();
      const manager = await actorWithRole(
        await roleWith('User manager', [
          ...memberGrants.map((row) => row.permission),
          'users.add',
          'users.edit',
        ]),
      );
      const refused = await call(
        manager,
        'POST',
        '/api/v2/users',
        body({ roleID: [roleIDs.administrator] }),
      );
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().errors, [
        {
          field: 'roleID',
          code: 'invalid',
          message: "You don't have permission to assign these roles: Administrator",
          status: 403,
        },
      ]);
      const allowed = await call(
        manager,
        'POST',
        '/api/v2/users',
        body({ roleID: [roleIDs.member] }),
      );
      assert.equal(allowed.statusCode, 201, allowed.body);
    });
  });

  describe('PATCH /users/{id}', () => {
    test('self-edit of showEmail and private needs no password', async () => {
      const self = await asMember(t);
      const response = await call(self, 'PATCH', `/api/v2/users/${self.user.userID}`, {
        showEmail: true,
        private: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().showEmail, true);
      assert.equal(response.json().private, true);
      const viaMe = await call(self, 'PATCH', '/api/v2/users/$me', { private: false });
      assert.equal(viaMe.json().private, false);
    });

    test('self-edit of the e-mail needs the current password: missing 400, wrong 401, right 200', async () => {
      const self = await asMember(t);
      const email = `${uniqueName('moved')}@new.test`;
      const missing = await call(self, 'PATCH', `/api/v2/users/${self.user.userID}`, { email });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().errors[0].field, 'passwordConfirmation');
      const wrong = await call(self, 'PATCH', `/api/v2/users/${self.user.userID}`, {
        email,
        passwordConfirmation: 'not my password',
      });
      assert.equal(wrong.statusCode, 401);
      assert.deepEqual(wrong.json().errors, [
        {
          field: 'currentPassword',
          code: 'invalid',
          message: 'The password you entered is incorrect.',
          status: 401,
        },
      ]);
      const sent = t.mail.sent.length;
      const right = await call(self, 'PATCH', `/api/v2/users/${self.user.userID}`, {
        email,
        passwordConfirmation: TEST_PASSWORD,
      });
      assert.equal(right.statusCode, 200, right.body);
      assert.equal(right.json().email, email);
      // A new address is unproven: confirmed again by e-mail (registration.confirmEmail is on).
      assert.equal(right.json().emailConfirmed, false);
      assert.equal(t.mail.sent.at(-1)?.to, email);
      assert.ok(t.mail.sent.length > sent);
      // The same e-mail again is no change and needs no password.
      assert.equal(
        (await call(self, 'PATCH', `/api/v2/users/${self.user.userID}`, { email })).statusCode,
        200,
      );
    });

    test('a self password change needs the current password and ends the other sessions only', async () => {
      const self = await asMember(t);
      const otherSession = await sessionFor(t, self.user);
      const missing = await call(self, 'PATCH', '/api/v2/users/$me', {
        password: 'Another-Password-2',
      });
      assert.equal(missing.statusCode, 400);
      const response = await call(self, 'PATCH', '/api/v2/users/$me', {
        password: 'Another-Password-2',
        passwordConfirmation: TEST_PASSWORD,
      });
      assert.equal(response.statusCode, 200, response.body);
      assertNoLeak(response, []);
      assert.equal((await call(self, 'GET', '/api/v2/users/me')).json().userID, self.user.userID);
      assert.equal((await call(otherSession, 'GET', '/api/v2/users/me')).json().userID, 0);
      assert.equal(await passwordWorks(self.user.userID, TEST_PASSWORD), false);
      assert.equal((await signIn(self.user.name, 'Another-Password-2')).statusCode, 201);
    });

    test('a member may not rename themself (profile.editusernames); an administrator may, with the password', async () => {
      const self = await asMember(t);
      const refused = await call(self, 'PATCH', '/api/v2/users/$me', {
        name: uniqueName('renamed'),
        passwordConfirmation: TEST_PASSWORD,
      });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json().permissions, ['profile.editusernames', 'users.edit']);
      const boss = await asAdmin(t);
      const name = uniqueName('boss');
      assert.equal((await call(boss, 'PATCH', '/api/v2/users/$me', { name })).statusCode, 400);
      const renamed = await call(boss, 'PATCH', '/api/v2/users/$me', {
        name,
        passwordConfirmation: TEST_PASSWORD,
      });
      assert.equal(renamed.statusCode, 200, renamed.body);
      assert.equal(renamed.json().name, name);
    });

    test('fields a self-edit may not change are dropped', async () => {
      const self = await asMember(t);
      const response = await call(self, 'PATCH', '/api/v2/users/$me', {
        emailConfirmed: false,
        bypassSpam: true,
        banned: false,
        roleID: [roleIDs.administrator],
        photo: 'https://cdn.example.test/x.png',
      });
      assert.equal(response.statusCode, 200, response.body);
      const user = response.json();
      assert.equal(user.emailConfirmed, true);
      assert.equal(user.bypassSpam, false);
      assert.deepEqual(user.roles, [{ roleID: roleIDs.member, name: 'Member' }]);
      assert.match(user.photoUrl, /defaults\/avatar\.svg$/);
    });

    test('self-edit needs profiles.edit; editing others needs users.edit', async () => {
      const noProfileEdit = await actorWithRole(
        await roleWith('Viewer only', ['session.valid', 'profiles.view']),
      );
      const self = await call(noProfileEdit, 'PATCH', '/api/v2/users/$me', { private: true });
      assert.equal(self.statusCode, 403);
      assert.deepEqual(self.json().permissions, ['profiles.edit', 'users.edit']);
      const target = await createUser(t);
      for (const actor of [null, member, moderator]) {
        const response = await call(actor, 'PATCH', `/api/v2/users/${target.userID}`, {
          private: true,
        });
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['users.edit']);
        assertNoLeak(response, [target.email]);
      }
    });

    test('users.edit changes another user without their password', async () => {
      const target = await createUser(t);
      const name = uniqueName('edited');
      const email = `${name.toLowerCase()}@edited.test`;
      const response = await call(admin, 'PATCH', `/api/v2/users/${target.userID}`, {
        name,
        email,
        emailConfirmed: false,
        bypassSpam: true,
        showEmail: true,
        private: true,
        photo: 'https://cdn.example.test/p.png',
        unknownField: 'dropped',
      });
      assert.equal(response.statusCode, 200, response.body);
      const user = response.json();
      assert.deepEqual(
        [
          user.name,
          user.email,
          user.emailConfirmed,
          user.bypassSpam,
          user.showEmail,
          user.private,
          user.photoUrl,
        ],
        [name, email, false, true, true, true, 'https://cdn.example.test/p.png'],
      );
      assert.equal('unknownField' in user, false);
      assert.equal(typeof user.dateUpdated, 'string');
    });

    test('changing roles takes effect at once (the permission cache is dropped)', async () => {
      const target = await asMember(t);
      const before = (await call(target, 'GET', '/api/v2/users/me')).json();
      assert.ok(!before.permissions.includes('community.moderate'));
      const response = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        roleID: [roleIDs.moderator],
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json().roles, [{ roleID: roleIDs.moderator, name: 'Moderator' }]);
      const after = (await call(target, 'GET', '/api/v2/users/me')).json();
      assert.ok(after.permissions.includes('community.moderate'));
      assert.deepEqual(after.roleIDs, [roleIDs.moderator]);
      const empty = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        roleID: [],
      });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors[0].message, 'A user must have at least one role.');
    });

    test('resetPassword: the old password stops working, sessions end, a reset e-mail goes out', async () => {
      const target = await asMember(t);
      const both = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        password: 'Whatever-123',
        resetPassword: true,
      });
      assert.equal(both.statusCode, 400);
      assert.equal(both.json().errors[0].code, 'onlyOneOf');
      const response = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        resetPassword: true,
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).json().userID, 0);
      assert.equal(await passwordWorks(target.user.userID, TEST_PASSWORD), false);
      assert.equal(t.mail.sent.at(-1)?.to, target.user.email);
    });

    test('users.edit sets a password for another user and ends all their sessions', async () => {
      const target = await asMember(t);
      const response = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        password: 'Brand-New-Password-9',
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).json().userID, 0);
      assert.equal((await signIn(target.user.name, 'Brand-New-Password-9')).statusCode, 201);
    });

    test('banned through PATCH: the next request answers 401 "You are banned."; unbanned, the session works again; same rank refused', async () => {
      const target = await asMember(t);
      const banned = await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, {
        banned: true,
      });
      assert.equal(banned.statusCode, 200, banned.body);
      assert.equal(banned.json().banned, 1);
      const refused = await call(target, 'GET', '/api/v2/users/me');
      assert.equal(refused.statusCode, 401);
      assert.deepEqual(refused.json(), { message: 'You are banned.', status: 401 });
      assert.equal(
        (
          await call(admin, 'PATCH', `/api/v2/users/${target.user.userID}`, { banned: false })
        ).json().banned,
        0,
      );
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).json().userID, target.user.userID);
      const peer = await asAdmin(t);
      const same = await call(admin, 'PATCH', `/api/v2/users/${peer.user.userID}`, {
        banned: true,
      });
      assert.equal(same.statusCode, 403);
      // Issue 11 item 7: a user of the same rank cannot be edited at all.
      assert.equal(
        same.json().message,
        'You are not allowed to edit a user that has higher permissions than you.',
      );
    });

    test('a target of the same or higher rank cannot be edited; a lower one can', async () => {
      const higher = await call(admin, 'PATCH', `/api/v2/users/${installedAdmin.user.userID}`, {
        private: true,
      });
      assert.equal(higher.statusCode, 403);
      assert.equal(
        higher.json().message,
        'You are not allowed to edit a user that has higher permissions than you.',
      );
      const peer = await asAdmin(t);
      assert.equal(
        (await call(admin, 'PATCH', `/api/v2/users/${peer.user.userID}`, { private: true }))
          .statusCode,
        403,
      );
      assert.equal(
        (await call(admin, 'PATCH', `/api/v2/users/${member.user.userID}`, { private: false }))
          .statusCode,
        200,
      );
      assert.equal(
        (
          await call(installedAdmin, 'PATCH', `/api/v2/users/${peer.user.userID}`, {
            private: false,
          })
        ).statusCode,
        200,
      );
    });

    test('validation: username rule, e-mail format, duplicates, short password, wrong types', async () => {
      const target = await createUser(t);
      const cases: [Record<string, unknown>, string, number][] = [
        [{ name: '<script>alert(1)</script>' }, 'name', 422],
        [{ name: 'x' }, 'name', 422],
        [{ email: 'nope' }, 'email', 422],
        [{ name: member.user.name.toUpperCase() }, 'name', 400],
        [{ email: member.user.email }, 'email', 400],
        [{ password: 'short' }, 'password', 422],
        [{ private: 'yes' }, 'private', 422],
        [{ roleID: ['x'] }, 'roleID.0', 422],
        [{ resetPassword: false }, 'resetPassword', 422],
        [{ passwordConfirmation: 'x'.repeat(501) }, 'passwordConfirmation', 422],
      ];
      for (const [payload, field, status] of cases) {
        const response = await call(admin, 'PATCH', `/api/v2/users/${target.userID}`, payload);
        assert.equal(response.statusCode, status, JSON.stringify(payload));
        assert.equal(response.json().errors[0].field, field, JSON.stringify(payload));
      }
      const notObject = await call(admin, 'PATCH', `/api/v2/users/${target.userID}`, [1, 2]);
      assert.equal(notObject.statusCode, 422);
    });

    test('404 for missing and deleted users', async () => {
      const gone = await createUser(t, { deleted: true });
      assert.equal(
        (await call(admin, 'PATCH', '/api/v2/users/987654', { private: true })).statusCode,
        404,
      );
      assert.equal(
        (await call(admin, 'PATCH', `/api/v2/users/${gone.userID}`, { private: true })).statusCode,
        404,
      );
    });
  });

  describe('PUT /users/{id}/ban', () => {
    test('a moderator bans and unbans a member; while banned their session answers 401', async () => {
      const target = await asMember(t);
      const banned = await call(moderator, 'PUT', `/api/v2/users/${target.user.userID}/ban`, {
        banned: true,
      });
      assert.equal(banned.statusCode, 200, banned.body);
      assert.deepEqual(banned.json(), { banned: true });
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).statusCode, 401);
      assert.equal(
        (await call(member, 'GET', `/api/v2/users/${target.user.userID}`)).json().banned,
        1,
      );
      const unbanned = await call(moderator, 'PUT', `/api/v2/users/${target.user.userID}/ban`, {
        banned: false,
      });
      assert.deepEqual(unbanned.json(), { banned: false });
      assert.equal((await signIn(target.user.name, TEST_PASSWORD)).statusCode, 201);
    });

    test('same or higher rank (and oneself) is refused with the spec messages', async () => {
      const peer = await asModerator(t);
      const same = await call(moderator, 'PUT', `/api/v2/users/${peer.user.userID}/ban`, {
        banned: true,
      });
      assert.equal(same.statusCode, 403);
      assert.equal(
        same.json().message,
        'You are not allowed to ban a user with the same permission level as you.',
      );
      const self = await call(moderator, 'PUT', `/api/v2/users/${moderator.user.userID}/ban`, {
        banned: true,
      });
      assert.equal(self.statusCode, 403);
      const higher = await call(moderator, 'PUT', `/api/v2/users/${admin.user.userID}/ban`, {
        banned: true,
      });
      assert.equal(higher.statusCode, 403);
      assert.equal(
        higher.json().message,
        'You are not allowed to ban a user that has higher permissions than you.',
      );
      // A banned administrator still outranks a moderator, who may not unban them.
      const bannedAdmin = await createUser(t, { roleTypes: ['administrator'], banned: true });
      assert.equal(
        (await call(moderator, 'PUT', `/api/v2/users/${bannedAdmin.userID}/ban`, { banned: false }))
          .statusCode,
        403,
      );
    });

    test('403 for guests and members', async () => {
      const target = await createUser(t);
      for (const actor of [null, member]) {
        const response = await call(actor, 'PUT', `/api/v2/users/${target.userID}/ban`, {
          banned: true,
        });
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['community.moderate', 'users.edit']);
      }
    });

    test('validation and 404', async () => {
      const target = await createUser(t);
      const missing = await call(moderator, 'PUT', `/api/v2/users/${target.userID}/ban`, {});
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().errors[0].field, 'banned');
      const wrong = await call(moderator, 'PUT', `/api/v2/users/${target.userID}/ban`, {
        banned: 'yes',
      });
      assert.equal(wrong.statusCode, 422);
      assert.equal(
        (await call(moderator, 'PUT', '/api/v2/users/987654/ban', { banned: true })).statusCode,
        404,
      );
      assert.equal(
        (await call(moderator, 'PUT', '/api/v2/users/abc/ban', { banned: true })).statusCode,
        422,
      );
    });
  });

  describe('DELETE /users/{id}', () => {
    test('users.delete deletes: 204, then 404, sessions end, identity scrubbed, the name is free again', async () => {
      const target = await asMember(t);
      const response = await call(admin, 'DELETE', `/api/v2/users/${target.user.userID}`, {
        deleteMethod: 'keep',
      });
      assert.equal(response.statusCode, 204);
      assert.equal(response.body, '');
      assert.equal(
        (await call(admin, 'GET', `/api/v2/users/${target.user.userID}`)).statusCode,
        404,
      );
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).json().userID, 0);
      const row = await t.db
        .selectFrom('users')
        .select(['name', 'email', 'password', 'photo', 'deleted'])
        .where('userID', '=', target.user.userID)
        .executeTakeFirstOrThrow();
      assert.equal(row.name, `Deleted User ${target.user.userID}`);
      assert.equal(row.email, null);
      assert.equal(row.password, null);
      assert.ok(row.deleted === true || row.deleted === 1);
      const roles = await t.db
        .selectFrom('userRoles')
        .select('roleID')
        .where('userID', '=', target.user.userID)
        .execute();
      assert.deepEqual(roles, []);
      assert.deepEqual(
        (await call(member, 'GET', `/api/v2/users?name=${target.user.name}`)).json(),
        [],
      );
      const again = await call(admin, 'POST', '/api/v2/users', {
        name: target.user.name,
        email: target.user.email,
        password: 'Secret-Password-1',
      });
      assert.equal(again.statusCode, 201, again.body);
      assert.equal(
        (await call(admin, 'DELETE', `/api/v2/users/${target.user.userID}`)).statusCode,
        404,
      );
    });

    test('every deleteMethod is accepted; no body means delete; others are 422', async () => {
      for (const payload of [{ deleteMethod: 'wipe' }, { deleteMethod: 'delete' }, undefined]) {
        const target = await createUser(t);
        const response = await call(admin, 'DELETE', `/api/v2/users/${target.userID}`, payload);
        assert.equal(response.statusCode, 204, JSON.stringify(payload));
      }
      const target = await createUser(t);
      const bad = await call(admin, 'DELETE', `/api/v2/users/${target.userID}`, {
        deleteMethod: 'shred',
      });
      assert.equal(bad.statusCode, 422);
      assert.equal(bad.json().errors[0].field, 'deleteMethod');
    });

    test('403 for guests, members and moderators; higher rank refused; 404 missing', async () => {
      const target = await createUser(t);
      for (const actor of [null, member, moderator]) {
        const response = await call(actor, 'DELETE', `/api/v2/users/${target.userID}`);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['users.delete']);
      }
      const higher = await call(admin, 'DELETE', `/api/v2/users/${installedAdmin.user.userID}`);
      assert.equal(higher.statusCode, 403);
      assert.equal((await call(admin, 'DELETE', '/api/v2/users/987654')).statusCode, 404);
    });
  });

  describe('bearer tokens and the users calls', () => {
    test('a token of a users.edit holder may edit without CSRF headers', async () => {
      const token = await import('../../../test/actors.ts').then((module) =>
        module.bearerFor(t, admin.user.userID),
      );
      const target = await createUser(t);
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/v2/users/${target.userID}`,
        headers: token.headers,
        payload: { showEmail: true },
      });
      assert.equal(response.statusCode, 200, response.body);
      const user = await asUser(t);
      assert.equal((await call(user, 'GET', '/api/v2/users/me')).statusCode, 200);
    });
  });
});
