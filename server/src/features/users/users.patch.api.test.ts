import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import {
  asAdmin,
  asMember,
  asUser,
  createUser,
  sessionFor,
  TEST_PASSWORD,
  uniqueName,
} from '../../../test/actors.ts';
import { assertNoLeak } from './users.test-support.ts';
import { useUsersWriteFixture } from './users.write.api-fixture.ts';

describe(`Users API writes: PATCH /users/{id} and bearer tokens (${testDialect})`, () => {
  const fx = useUsersWriteFixture();
  const { call, signIn, roleWith, passwordWorks, actorWithRole } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let roleIDs: typeof fx.roleIDs;
  let installedAdmin: typeof fx.installedAdmin;
  before(() => {
    ({ t, admin, moderator, member, roleIDs, installedAdmin } = fx);
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
      assert.equal(
        (await call(target, 'GET', '/api/v2/users/me')).json().userID,
        target.user.userID,
      );
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
