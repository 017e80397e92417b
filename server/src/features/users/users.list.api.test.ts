import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { createUser, uniqueName, type TestUser } from '../../../test/actors.ts';
import { assertNoLeak } from './users.test-support.ts';
import { minimalKeys, keysOf, useUsersReadFixture } from './users.read.api-fixture.ts';

describe(`Users API reads: lists and by-names (${testDialect})`, () => {
  const fx = useUsersReadFixture();
  const { get } = fx;
  let t: typeof fx.t;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let other: typeof fx.other;
  let privateUser: typeof fx.privateUser;
  let deletedUser: typeof fx.deletedUser;
  let allEmails: typeof fx.allEmails;
  before(() => {
    ({ t, moderator, member, other, privateUser, deletedUser, allEmails } = fx);
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

    test('the users dashboard’s filters combine: query, roleIDs, isBanned and a dateInserted range', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const roleID = moderator.user.roleIDs[0];
      const base = `/api/v2/users?query=${encodeURIComponent(moderator.user.name)}&roleIDs=${roleID}&dateInserted=${encodeURIComponent(`[2000-01-01,${today}]`)}&page=1&limit=30&sort=-dateInserted`;
      const found = await get(moderator, `${base}&isBanned=false`);
      assert.equal(found.statusCode, 200);
      assert.deepEqual(
        found.json().map((user: { userID: number }) => user.userID),
        [moderator.user.userID],
      );
      assert.equal(found.headers['x-app-page-result-count'], '1');
      assert.deepEqual((await get(moderator, `${base}&isBanned=true`)).json(), []);
      const badDate = await get(moderator, '/api/v2/users?dateInserted=[2026-13-01,2026-01-01]');
      assert.equal(badDate.statusCode, 422);
      assert.equal(badDate.json().errors[0].field, 'dateInserted');
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
});
