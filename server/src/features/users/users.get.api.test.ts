import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asUser, createUser, inject, uniqueName } from '../../../test/actors.ts';
import { assertNoLeak } from './users.test-support.ts';
import {
  minimalKeys,
  profileKeys,
  adminExtraKeys,
  keysOf,
  useUsersReadFixture,
} from './users.read.api-fixture.ts';

describe(`Users API reads: one user and its edit form (${testDialect})`, () => {
  const fx = useUsersReadFixture();
  const { get } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let privateUser: typeof fx.privateUser;
  let bannedUser: typeof fx.bannedUser;
  let deletedUser: typeof fx.deletedUser;
  let showEmailUser: typeof fx.showEmailUser;
  let allEmails: typeof fx.allEmails;
  before(() => {
    ({
      t,
      admin,
      moderator,
      member,
      other,
      privateUser,
      bannedUser,
      deletedUser,
      showEmailUser,
      allEmails,
    } = fx);
  });

  describe('GET /users/{id}', () => {
    test('a member sees the profile view of another member, without e-mail', async () => {
      const response = await get(member, `/api/v2/users/${other.userID}`);
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(keysOf(body), profileKeys);
      assert.equal(body.name, other.name);
      assert.equal(body.countPosts, 0);
      assert.match(body.dateInserted, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
      assertNoLeak(response, allEmails);
    });

    test('guests (profiles.view by default) see the same profile view', async () => {
      const response = await get(null, `/api/v2/users/${other.userID}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(keysOf(response.json()), profileKeys);
      assertNoLeak(response, allEmails);
    });

    test('a user who chose showEmail shows it in the profile view', async () => {
      const response = await get(member, `/api/v2/users/${showEmailUser.userID}`);
      assert.equal(response.json().email, showEmailUser.email);
    });

    test('personalInfo.view (moderator) gets the full view with e-mail and roles, no admin extras', async () => {
      const response = await get(moderator, `/api/v2/users/${other.userID}`);
      const body = response.json();
      assert.equal(body.email, other.email);
      assert.equal(body.emailConfirmed, true);
      assert.deepEqual(body.roles, [{ roleID: other.roleIDs[0], name: 'Member' }]);
      for (const key of adminExtraKeys) assert.equal(key in body, false, key);
      assertNoLeak(response, []);
    });

    test('site.manage (administrator) also gets the admin extras', async () => {
      const response = await get(admin, `/api/v2/users/${other.userID}`);
      const body = response.json();
      for (const key of adminExtraKeys) assert.equal(key in body, true, key);
      assert.equal(body.isAdmin, false);
    });

    test('a private profile is minimal for members and guests, full for moderators and self', async () => {
      for (const viewer of [member, null]) {
        const response = await get(viewer, `/api/v2/users/${privateUser.userID}`);
        assert.equal(response.statusCode, 200);
        assert.deepEqual(keysOf(response.json()), minimalKeys);
        assert.equal(response.json().private, true);
        assertNoLeak(response, allEmails);
      }
      assert.equal(
        (await get(moderator, `/api/v2/users/${privateUser.userID}`)).json().email,
        privateUser.email,
      );
      const self = await asUser(t, { name: uniqueName('selfpriv') });
      await t.db
        .updateTable('users')
        .set({ private: true })
        .where('userID', '=', self.user.userID)
        .execute();
      assert.equal(
        (await get(self, `/api/v2/users/${self.user.userID}`)).json().email,
        self.user.email,
      );
    });

    test('a viewer without profiles.view gets the minimal view', async () => {
      const applicant = await asUser(t, { roleTypes: ['applicant'] });
      const response = await get(applicant, `/api/v2/users/${other.userID}`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(keysOf(response.json()), minimalKeys);
    });

    test('a banned user has the banned avatar; ui.bannedPrivateProfile makes the profile minimal', async () => {
      const shown = await get(member, `/api/v2/users/${bannedUser.userID}`);
      assert.equal(shown.json().banned, 1);
      assert.match(shown.json().photoUrl, /\/uploads\/defaults\/banned\.svg$/);
      assert.deepEqual(keysOf(shown.json()), profileKeys);
      const set = (value: boolean) =>
        inject(t, admin, {
          method: 'PATCH',
          url: '/api/v2/config',
          payload: { 'ui.bannedPrivateProfile': value },
        });
      assert.ok([200, 204].includes((await set(true)).statusCode));
      try {
        assert.deepEqual(
          keysOf((await get(member, `/api/v2/users/${bannedUser.userID}`)).json()),
          minimalKeys,
        );
        assert.equal(
          (await get(moderator, `/api/v2/users/${bannedUser.userID}`)).json().email,
          bannedUser.email,
        );
      } finally {
        await set(false);
      }
    });

    test('smart IDs: $me, $name: (any case), $email: for personalInfo.view', async () => {
      const me = await get(member, '/api/v2/users/$me');
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().userID, member.user.userID);
      assert.equal(me.headers['cache-control'], 'no-cache');
      const byName = await get(member, `/api/v2/users/$name:${other.name.toUpperCase()}`);
      assert.equal(byName.json().userID, other.userID);
      const byEmail = await get(moderator, `/api/v2/users/$email:${other.email}`);
      assert.equal(byEmail.json().userID, other.userID);
    });

    test('$email: needs personalInfo.view: 403 for members and guests', async () => {
      for (const viewer of [member, null]) {
        const response = await get(viewer, `/api/v2/users/$email:${other.email}`);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['personalInfo.view']);
      }
    });

    test('404 for missing and deleted users, unknown smart IDs and $me as a guest', async () => {
      for (const [viewer, url, message] of [
        [member, '/api/v2/users/987654', 'User not found.'],
        [admin, `/api/v2/users/${deletedUser.userID}`, 'User not found.'],
        [member, '/api/v2/users/$name:nobody_here', 'Smart ID not found.'],
        [moderator, '/api/v2/users/$email:nobody@example.test', 'Smart ID not found.'],
        [null, '/api/v2/users/$me', 'User not found.'],
        [
          member,
          `/api/v2/users/$name:${encodeURIComponent(`Deleted User ${deletedUser.userID}`)}`,
          'Smart ID not found.',
        ],
      ] as const) {
        const response = await get(viewer, url);
        assert.equal(response.statusCode, 404, url);
        assert.deepEqual(response.json(), { message, status: 404 });
      }
    });

    test('a malformed ID is a 422 validation error', async () => {
      for (const id of [
        'abc',
        '0',
        '-1',
        '1.5',
        '9999999999999999',
        '$foo',
        '$name:',
        encodeURIComponent('<script>'),
      ]) {
        const response = await get(member, `/api/v2/users/${id}`);
        assert.equal(response.statusCode, 422, id);
        assert.equal(response.json().errors[0].field, 'id');
      }
    });

    test('expand=all and reactionsReceived add an (empty) reactionsReceived; nothing without', async () => {
      for (const query of [
        'expand=all',
        'expand[]=all',
        'expand=reactionsReceived',
        'expand=true',
      ]) {
        const body = (await get(member, `/api/v2/users/${other.userID}?${query}`)).json();
        assert.deepEqual(body.reactionsReceived, {}, query);
      }
      assert.equal(
        'reactionsReceived' in (await get(member, `/api/v2/users/${other.userID}`)).json(),
        false,
      );
      assert.equal(
        'reactionsReceived' in
          (await get(member, `/api/v2/users/${privateUser.userID}?expand=all`)).json(),
        false,
      );
    });

    test('unicode and markup stored in fields come back as plain text', async () => {
      const unicode = await createUser(t, { name: 'Zoë_Ünïcødé' });
      await t.db
        .updateTable('users')
        .set({ title: '<b>Boss</b> & co' })
        .where('userID', '=', unicode.userID)
        .execute();
      const body = (await get(admin, `/api/v2/users/${unicode.userID}`)).json();
      assert.equal(body.name, 'Zoë_Ünïcødé');
      assert.equal(body.title, '<b>Boss</b> & co');
      assert.equal(body.url, `http://hearth.test/profile/${encodeURIComponent('Zoë_Ünïcødé')}`);
    });
  });

  describe('GET /users/{id}/edit', () => {
    test('users.edit holders get the edit fields', async () => {
      const response = await get(admin, `/api/v2/users/${other.userID}/edit`);
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), {
        userID: other.userID,
        name: other.name,
        email: other.email,
        showEmail: false,
        photo: null,
        emailConfirmed: true,
        bypassSpam: false,
      });
      assertNoLeak(response, []);
    });

    test('403 for guests, members and moderators (even on themselves)', async () => {
      for (const viewer of [null, member, moderator]) {
        const response = await get(viewer, `/api/v2/users/${other.userID}/edit`);
        assert.equal(response.statusCode, 403);
        assert.deepEqual(response.json().permissions, ['users.edit']);
        assertNoLeak(response, allEmails);
      }
      assert.equal((await get(member, `/api/v2/users/${member.user.userID}/edit`)).statusCode, 403);
    });

    test('404 for missing and deleted users', async () => {
      assert.equal((await get(admin, '/api/v2/users/987654/edit')).statusCode, 404);
      assert.equal((await get(admin, `/api/v2/users/${deletedUser.userID}/edit`)).statusCode, 404);
    });
  });
});
