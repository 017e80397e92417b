import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  asUser,
  bearerFor,
  createUser,
  inject,
  uniqueName,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import { assertNoLeak } from './users.test-support.ts';

// Reads of the Users API (api-contract §3): /users/me, /users/me-counts, /users/{id}, /users,
// /users/by-names, /users/{id}/edit, and what each viewer may see of a user.

const minimalKeys = ['banned', 'name', 'photoUrl', 'private', 'profilePhotoUrl', 'userID'];
const profileKeys = [
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
const adminExtraKeys = [
  'insertIPAddress',
  'isAdmin',
  'isSuperAdmin',
  'isSysAdmin',
  'lastIPAddress',
];

function keysOf(value: unknown): string[] {
  return Object.keys(value as Record<string, unknown>).sort();
}

describe(`Users API reads (${testDialect})`, () => {
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

  describe('GET /users/me', () => {
    test('a guest gets the guest record, without cache', async () => {
      const response = await get(await asGuest(t), '/api/v2/users/me');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const body = response.json();
      assert.equal(body.userID, 0);
      assert.equal(body.name, 'Guest');
      assert.equal(body.email, null);
      assert.equal(body.emailConfirmed, false);
      assert.equal(body.isAdmin, false);
      assert.equal(body.dateLastActive, null);
      assert.match(body.photoUrl, /^http:\/\/hearth\.test\/uploads\/defaults\/avatar\.svg$/);
      assert.deepEqual(
        body.roles.map((role: { name: string }) => role.name),
        ['Guest'],
      );
      assert.deepEqual(
        body.roleIDs,
        body.roles.map((role: { roleID: number }) => role.roleID),
      );
      assert.ok(body.permissions.includes('profiles.view'));
      assert.equal(body.countUnreadNotifications, 0);
      assert.equal(body.countUnreadConversations, 0);
      assertNoLeak(response, allEmails);
    });

    test('a member gets the full self view with permissions, roles and counts', async () => {
      const response = await get(member, '/api/v2/users/me');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
      const body = response.json();
      assert.equal(body.userID, member.user.userID);
      assert.equal(body.name, member.user.name);
      assert.equal(body.email, member.user.email);
      assert.equal(body.emailConfirmed, true);
      assert.equal(body.isAdmin, false);
      assert.equal(body.isSysAdmin, false);
      assert.equal(body.isSuperAdmin, false);
      assert.deepEqual(body.roles, [{ roleID: member.user.roleIDs[0], name: 'Member' }]);
      assert.deepEqual(body.roleIDs, member.user.roleIDs);
      assert.ok(body.permissions.includes('session.valid'));
      assert.ok(!body.permissions.includes('site.manage'));
      assert.deepEqual(body.permissions, [...body.permissions].sort());
      assert.equal(body.countUnreadNotifications, 0);
      assert.equal(body.countUnreadConversations, 0);
      assert.equal(body.url, `http://hearth.test/profile/${member.user.name}`);
      assertNoLeak(
        response,
        allEmails.filter((email) => email !== member.user.email),
      );
    });

    test('the installed administrator is isAdmin', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v2/authenticate/password',
        headers: {
          'x-requested-with': 'vanilla',
          referer: 'http://hearth.test/',
          host: 'hearth.test',
        },
        payload: { username: 'admin', password: 'Admin-Password-123!' },
      });
      assert.equal(login.statusCode, 201, login.body);
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      const response = await get({ headers: { cookie } }, '/api/v2/users/me');
      assert.equal(response.json().isAdmin, true);
    });

    test('an access token works like a session', async () => {
      const bearer = await bearerFor(t, member.user.userID);
      const response = await get(bearer, '/api/v2/users/me');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().userID, member.user.userID);
    });

    test('a banned user is refused with 401', async () => {
      const banned = await asUser(t, { banned: true });
      const response = await get(banned, '/api/v2/users/me');
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().message, 'You are banned.');
    });
  });

  describe('GET /users/me-counts', () => {
    test('a guest gets no counts', async () => {
      const response = await get(null, '/api/v2/users/me-counts');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { counts: [] });
    });

    test('a member gets the counts that exist, with their discussions', async () => {
      await t.db
        .updateTable('users')
        .set({ countDiscussions: 4 })
        .where('userID', '=', member.user.userID)
        .execute();
      const response = await get(member, '/api/v2/users/me-counts');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['cache-control'], 'no-cache');
      assert.deepEqual(response.json(), {
        counts: [
          { name: 'UnreadNotifications', count: 0 },
          { name: 'Conversations', count: 0 },
          { name: 'Bookmarks', count: 0 },
          { name: 'Discussions', count: 4 },
          { name: 'UnreadDiscussions', count: 0 },
          { name: 'Drafts', count: 0 },
        ],
      });
      await t.db
        .updateTable('users')
        .set({ countDiscussions: 0 })
        .where('userID', '=', member.user.userID)
        .execute();
    });

    test('applicants.manage holders also get Applicants', async () => {
      const before = (await get(moderator, '/api/v2/users/me-counts'))
        .json()
        .counts.find((count: { name: string }) => count.name === 'Applicants');
      await createUser(t, { roleTypes: ['applicant'] });
      const response = await get(moderator, '/api/v2/users/me-counts');
      const applicants = response
        .json()
        .counts.find((count: { name: string }) => count.name === 'Applicants');
      assert.equal(applicants.count, before.count + 1);
    });
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

  describe('GET /users', () => {
    test('a numbered page with paging headers; default limit 30', async () => {
      const response = await get(member, '/api/v2/users');
      assert.equal(response.statusCode, 200);
      assert.equal(response.headers['x-app-page-current'], '1');
      assert.equal(response.headers['x-app-page-limit'], '30');
      const total = Number(response.headers['x-app-page-result-count']);
      assert.ok(total >= 8);
      assert.equal(response.json().length, Math.min(total, 30));
      // The viewer sees their own address (self view), nobody else's.
      assertNoLeak(
        response,
        allEmails.filter((email) => email !== member.user.email),
      );
      const own = (response.json() as { userID: number; email?: string }[]).find(
        (user) => user.userID === member.user.userID,
      );
      assert.equal(own?.email, member.user.email);
    });

    test('page and limit walk the list without overlap', async () => {
      const first = await get(member, '/api/v2/users?limit=2&page=1&sort=userID');
      const second = await get(member, '/api/v2/users?limit=2&page=2&sort=userID');
      assert.equal(first.json().length, 2);
      assert.match(String(first.headers['x-app-page-next-url']), /page=2/);
      assert.match(String(second.headers['x-app-page-prev-url']), /page=1/);
      const ids = [...first.json(), ...second.json()].map(
        (user: { userID: number }) => user.userID,
      );
      assert.equal(new Set(ids).size, 4);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => a - b),
      );
    });

    test('deleted users are never listed; private users are minimal', async () => {
      const body = (await get(member, '/api/v2/users?limit=500')).json() as { userID: number }[];
      assert.ok(!body.some((user) => user.userID === deletedUser.userID));
      const entry = body.find((user) => user.userID === privateUser.userID);
      assert.deepEqual(keysOf(entry), minimalKeys);
    });

    test('sort by each field, both directions', async () => {
      for (const sort of [
        'dateInserted',
        'dateLastActive',
        'name',
        'userID',
        'points',
        'countPosts',
      ]) {
        for (const value of [sort, `-${sort}`]) {
          const response = await get(member, `/api/v2/users?sort=${value}&limit=500`);
          assert.equal(response.statusCode, 200, value);
        }
      }
      const ids = (
        (await get(member, '/api/v2/users?sort=-userID&limit=500')).json() as { userID: number }[]
      ).map((user) => user.userID);
      assert.deepEqual(
        ids,
        [...ids].sort((a, b) => b - a),
      );
      const names = (
        (await get(member, '/api/v2/users?sort=name&limit=500')).json() as { name: string }[]
      ).map((user) => user.name.toLowerCase());
      assert.deepEqual(names, [...names].sort());
    });

    test('filters: name (exact and prefix), roleID, roleIDs, userID range, isBanned, emailConfirmed, dates', async () => {
      const byName = (await get(member, `/api/v2/users?name=${other.name.toUpperCase()}`)).json();
      assert.deepEqual(
        byName.map((user: { userID: number }) => user.userID),
        [other.userID],
      );
      const byPrefix = (await get(member, `/api/v2/users?name=${other.name.slice(0, 5)}*`)).json();
      assert.ok(byPrefix.some((user: { userID: number }) => user.userID === other.userID));
      const moderatorRoleID = moderator.user.roleIDs[0];
      for (const query of [
        `roleID=${moderatorRoleID}`,
        `roleIDs=${moderatorRoleID}`,
        `roleIDs[]=${moderatorRoleID}`,
      ]) {
        const ids = (await get(member, `/api/v2/users?${query}`))
          .json()
          .map((user: { userID: number }) => user.userID);
        assert.ok(ids.includes(moderator.user.userID), query);
        assert.ok(!ids.includes(member.user.userID), query);
      }
      const range = (
        await get(member, `/api/v2/users?userID=${other.userID}..${other.userID}`)
      ).json();
      assert.deepEqual(
        range.map((user: { userID: number }) => user.userID),
        [other.userID],
      );
      const csv = (
        await get(member, `/api/v2/users?userID=${other.userID},${member.user.userID}&sort=userID`)
      ).json();
      assert.deepEqual(
        csv.map((user: { userID: number }) => user.userID),
        [member.user.userID, other.userID].sort((a, b) => a - b),
      );
      const banned = (await get(member, '/api/v2/users?isBanned=true')).json();
      assert.ok(banned.length > 0 && banned.every((user: { banned: number }) => user.banned === 1));
      const unbanned = (await get(member, '/api/v2/users?isBanned=0&limit=500')).json();
      assert.ok(unbanned.every((user: { banned: number }) => user.banned === 0));
      const unconfirmed = await createUser(t, { emailConfirmed: false });
      const ids = (await get(moderator, '/api/v2/users?emailConfirmed=false&limit=500'))
        .json()
        .map((user: { userID: number }) => user.userID);
      assert.ok(ids.includes(unconfirmed.userID));
      assert.ok(!ids.includes(member.user.userID));
      const today = new Date().toISOString().slice(0, 10);
      const sinceToday = (
        await get(member, `/api/v2/users?dateInserted=>=${today}&limit=500`)
      ).json();
      assert.ok(sinceToday.length >= 8);
      assert.equal((await get(member, '/api/v2/users?dateInserted=<2000-01-01')).json().length, 0);
      assert.ok(
        (await get(member, `/api/v2/users?dateInserted=[2000-01-01,${today}]`)).json().length >= 8,
      );
      assert.equal((await get(member, '/api/v2/users?dateLastActive=2000-01-01')).json().length, 0);
    });

    test('email and IP filters need the full view: 403 for members and guests', async () => {
      for (const viewer of [member, null]) {
        for (const query of [`email=${encodeURIComponent(other.email)}`, 'ipAddresses=127.0.0.1']) {
          const response = await get(viewer, `/api/v2/users?${query}`);
          assert.equal(response.statusCode, 403, query);
          assertNoLeak(response, allEmails);
        }
      }
      const byEmail = (
        await get(moderator, `/api/v2/users?email=${encodeURIComponent(other.email.toUpperCase())}`)
      ).json();
      assert.deepEqual(
        byEmail.map((user: { userID: number }) => user.userID),
        [other.userID],
      );
      await t.db
        .updateTable('users')
        .set({ lastIPAddress: '10.9.8.7' })
        .where('userID', '=', other.userID)
        .execute();
      for (const query of ['ipAddresses=10.9.*', 'ipAddresses[]=10.9.8.7', 'query=10.9.8.7']) {
        const ids = (await get(moderator, `/api/v2/users?${query}`))
          .json()
          .map((user: { userID: number }) => user.userID);
        assert.deepEqual(ids, [other.userID], query);
      }
      assert.deepEqual((await get(member, '/api/v2/users?query=10.9.8.7')).json(), []);
    });

    test('query searches names for everyone, e-mails only for full-view holders', async () => {
      const mail = await createUser(t, {
        name: uniqueName('qq'),
        email: `zz-${uniqueName('m')}@mail.test`,
      });
      const prefix = mail.email.slice(0, 8);
      const asMemberIDs = (await get(member, `/api/v2/users?query=${prefix}`))
        .json()
        .map((user: { userID: number }) => user.userID);
      assert.ok(!asMemberIDs.includes(mail.userID));
      const asModeratorIDs = (await get(moderator, `/api/v2/users?query=${prefix}`))
        .json()
        .map((user: { userID: number }) => user.userID);
      assert.ok(asModeratorIDs.includes(mail.userID));
      const byName = (await get(member, `/api/v2/users?query=${mail.name.slice(0, 6)}`))
        .json()
        .map((user: { userID: number }) => user.userID);
      assert.ok(byName.includes(mail.userID));
    });

    test('bad query values are 422 validation errors naming the field', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=501', 'limit'],
        ['limit=abc', 'limit'],
        ['page=0', 'page'],
        ['sort=password', 'sort'],
        ['userID=1..x', 'userID'],
        ['dateInserted=yesterday', 'dateInserted'],
        ['dateInserted=2024-02-30', 'dateInserted'],
        ['roleID=abc', 'roleID'],
        ['isBanned=maybe', 'isBanned'],
        [`name=${'x'.repeat(101)}`, 'name'],
      ] as const) {
        const response = await get(member, `/api/v2/users?${query}`);
        assert.equal(response.statusCode, 422, query);
        assert.equal(response.json().errors[0].field, field, query);
      }
    });

    test('markup and LIKE wildcards in filters are plain text', async () => {
      const markup = await get(
        member,
        `/api/v2/users?name=${encodeURIComponent('<script>alert(1)</script>')}`,
      );
      assert.equal(markup.statusCode, 200);
      assert.deepEqual(markup.json(), []);
      const wildcard = await get(member, `/api/v2/users?name=${encodeURIComponent('%_*')}`);
      assert.deepEqual(wildcard.json(), []);
    });
  });

  describe('GET /users/by-names', () => {
    let alpha: TestUser;
    let alpine: TestUser;
    before(async () => {
      alpha = await createUser(t, { name: 'Zqalpha_one' });
      alpine = await createUser(t, { name: 'zqALPINE' });
      await t.db
        .updateTable('users')
        .set({ countComments: 10 })
        .where('userID', '=', alpine.userID)
        .execute();
      const hidden = await createUser(t, { name: 'zqalp_private' });
      await t.db
        .updateTable('users')
        .set({ private: true })
        .where('userID', '=', hidden.userID)
        .execute();
      await createUser(t, { name: 'zqalp_deleted', deleted: true });
    });

    test('a trailing * is a case-insensitive prefix match; private and deleted users are left out', async () => {
      const response = await get(member, '/api/v2/users/by-names?name=ZQALP*');
      assert.equal(response.statusCode, 200);
      const body = response.json();
      assert.deepEqual(
        body.map((user: { name: string }) => user.name),
        ['Zqalpha_one', 'zqALPINE'],
      );
      for (const user of body)
        assert.deepEqual(keysOf(user), [
          'banned',
          'dateLastActive',
          'name',
          'photoUrl',
          'private',
          'url',
          'userID',
        ]);
      assertNoLeak(response, allEmails);
    });

    test('without * the name must match exactly (any case)', async () => {
      assert.deepEqual(
        (await get(member, '/api/v2/users/by-names?name=zqalpine'))
          .json()
          .map((user: { userID: number }) => user.userID),
        [alpine.userID],
      );
      assert.deepEqual((await get(member, '/api/v2/users/by-names?name=zqalp')).json(), []);
    });

    test('order=countComments and mention put the most active first; name is the default', async () => {
      for (const order of ['countComments', 'mention']) {
        const ids = (await get(member, `/api/v2/users/by-names?name=zqalp*&order=${order}`))
          .json()
          .map((user: { userID: number }) => user.userID);
        assert.deepEqual(ids, [alpine.userID, alpha.userID], order);
      }
      assert.equal(
        (await get(member, '/api/v2/users/by-names?name=zqalp*&order=dateLastActive')).statusCode,
        200,
      );
    });

    test('a more pager: next-url only when the page is full, no result-count', async () => {
      const full = await get(member, '/api/v2/users/by-names?name=zqalp*&limit=1');
      assert.equal(full.json().length, 1);
      assert.match(String(full.headers['x-app-page-next-url']), /page=2/);
      assert.equal(full.headers['x-app-page-result-count'], undefined);
      const second = await get(member, '/api/v2/users/by-names?name=zqalp*&limit=1&page=2');
      assert.deepEqual(
        second.json().map((user: { userID: number }) => user.userID),
        [alpine.userID],
      );
      const last = await get(member, '/api/v2/users/by-names?name=zqalp*&limit=50&siteSectionID=0');
      assert.equal(last.headers['x-app-page-next-url'], undefined);
    });

    test('the trailing slash the client sends is tolerated; guests may search', async () => {
      const response = await get(null, '/api/v2/users/by-names/?name=zqalp*');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().length, 2);
    });

    test('LIKE wildcards, markup and unicode are matched literally', async () => {
      assert.deepEqual(
        (await get(member, `/api/v2/users/by-names?name=${encodeURIComponent('zq%*')}`)).json(),
        [],
      );
      assert.deepEqual(
        (await get(member, `/api/v2/users/by-names?name=${encodeURIComponent('zq_lpha*')}`)).json(),
        [],
      );
      assert.deepEqual(
        (
          await get(member, `/api/v2/users/by-names?name=${encodeURIComponent('<script>*')}`)
        ).json(),
        [],
      );
      const unicode = await createUser(t, { name: 'Émilezq' });
      const found = (
        await get(member, `/api/v2/users/by-names?name=${encodeURIComponent('Émi*')}`)
      ).json();
      assert.ok(found.some((user: { userID: number }) => user.userID === unicode.userID));
    });

    test('validation: name required, limit at most 100, order from the list', async () => {
      for (const [query, field, status] of [
        ['', 'name', 400],
        ['name=', 'name', 400],
        ['name=a*&limit=101', 'limit', 422],
        ['name=a*&limit=0', 'limit', 422],
        ['name=a*&order=password', 'order', 422],
        [`name=${'a'.repeat(101)}`, 'name', 422],
      ] as const) {
        const response = await get(member, `/api/v2/users/by-names?${query}`);
        assert.equal(response.statusCode, status, query);
        assert.equal(response.json().errors[0].field, field, query);
      }
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
