import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, asModerator, createUser, TEST_PASSWORD } from '../../../test/actors.ts';
import { useUsersWriteFixture } from './users.write.api-fixture.ts';

describe(`Users API writes: ban and delete (${testDialect})`, () => {
  const fx = useUsersWriteFixture();
  const { call, signIn } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let installedAdmin: typeof fx.installedAdmin;
  before(() => {
    ({ t, admin, moderator, member, installedAdmin } = fx);
  });

  describe('PUT /users/{id}/ban', () => {
    test('a moderator bans and unbans a member; while banned their session answers 401', async () => {
      const target = await asMember(t);
      const banned = await call(moderator, 'PUT', `/api/v2/users/${target.user.userID}/ban`, {
        banned: true,
      });
      assert.equal(banned.statusCode, 200, banned.body);
      assert.deepEqual(banned.json(), { banned: true, reason: null, dateExpires: null });
      assert.equal((await call(target, 'GET', '/api/v2/users/me')).statusCode, 401);
      assert.equal(
        (await call(member, 'GET', `/api/v2/users/${target.user.userID}`)).json().banned,
        1,
      );
      const unbanned = await call(moderator, 'PUT', `/api/v2/users/${target.user.userID}/ban`, {
        banned: false,
      });
      assert.deepEqual(unbanned.json(), { banned: false, reason: null, dateExpires: null });
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
});
