import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asGuest, asUser, bearerFor, createUser, inject } from '../../../test/actors.ts';
import { factoryAdmin, makeCategory, makeComment, makeDiscussion, roleIDOf } from '../../../test/factories.ts';
import { assertNoLeak } from './users.test-support.ts';
import { useUsersReadFixture } from './users.read.api-fixture.ts';

describe(`Users API reads: /users/me and /users/me-counts (${testDialect})`, () => {
  const fx = useUsersReadFixture();
  const { get } = fx;
  let t: typeof fx.t;
  let moderator: typeof fx.moderator;
  let member: typeof fx.member;
  let allEmails: typeof fx.allEmails;
  before(() => {
    ({ t, moderator, member, allEmails } = fx);
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

    test("Bookmarks counts the member's bookmarks in categories they can still view", async () => {
      const counted = async () =>
        (await get(member, '/api/v2/users/me-counts'))
          .json()
          .counts.find((count: { name: string }) => count.name === 'Bookmarks').count as number;
      const open = await makeCategory(t);
      const closing = await makeCategory(t);
      const kept = await makeDiscussion(t, { categoryID: open.categoryID });
      const hidden = await makeDiscussion(t, { categoryID: closing.categoryID });
      for (const discussion of [kept, hidden]) {
        const response = await inject(t, member, {
          method: 'PUT',
          url: `/api/v2/discussions/${String(discussion.discussionID)}/bookmark`,
          payload: { bookmarked: true },
        });
        assert.equal(response.statusCode, 200, response.body);
      }
      assert.equal(await counted(), 2);
      const hide = await inject(t, await factoryAdmin(t), {
        method: 'PATCH',
        url: `/api/v2/categories/${String(closing.categoryID)}`,
        payload: {
          customPermissions: true,
          permissions: [
            { roleID: await roleIDOf(t, 'member'), permissions: { 'discussions.view': false } },
          ],
        },
      });
      assert.equal(hide.statusCode, 200, hide.body);
      assert.equal(await counted(), 1);
    });

    test('UnreadDiscussions counts discussions read before with new comments since, where the member may still look, not muted', async () => {
      const reader = await asUser(t, { roleTypes: ['member'] });
      const counted = async () =>
        (await get(reader, '/api/v2/users/me-counts'))
          .json()
          .counts.find((count: { name: string }) => count.name === 'UnreadDiscussions').count as number;
      const read = async (discussionID: number) => {
        const id = String(discussionID);
        const response = await get(
          reader,
          `/api/v2/layouts/lookup-hydrate?layoutViewType=post&recordType=discussion&recordID=${id}&params[discussionID]=${id}`,
        );
        assert.equal(response.statusCode, 200, response.body);
      };
      const open = await makeCategory(t);
      const closing = await makeCategory(t);
      const followed = await makeDiscussion(t, { categoryID: open.categoryID });
      const muted = await makeDiscussion(t, { categoryID: open.categoryID });
      const hidden = await makeDiscussion(t, { categoryID: closing.categoryID });
      await makeDiscussion(t, { categoryID: open.categoryID, name: 'Never opened' });
      for (const discussion of [followed, muted, hidden]) await read(discussion.discussionID);
      assert.equal(await counted(), 0, 'all read');

      for (const discussion of [followed, muted, hidden]) await makeComment(t, { discussionID: discussion.discussionID });
      assert.equal(await counted(), 3);
      const mute = await inject(t, reader, {
        method: 'PUT',
        url: `/api/v2/discussions/${String(muted.discussionID)}/mute`,
        payload: { muted: true },
      });
      assert.equal(mute.statusCode, 200, mute.body);
      assert.equal(await counted(), 2, 'a muted discussion is not counted');
      const hide = await inject(t, await factoryAdmin(t), {
        method: 'PATCH',
        url: `/api/v2/categories/${String(closing.categoryID)}`,
        payload: {
          customPermissions: true,
          permissions: [{ roleID: await roleIDOf(t, 'member'), permissions: { 'discussions.view': false } }],
        },
      });
      assert.equal(hide.statusCode, 200, hide.body);
      assert.equal(await counted(), 1, 'a category the member can no longer view is not counted');
      await read(followed.discussionID);
      assert.equal(await counted(), 0, 'reading it again clears it');
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
});
