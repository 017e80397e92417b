import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect, type TestApp } from '../../../test/harness.ts';
import { asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import type {
  Category,
  CategoryPreferences,
  FollowedCategoryPreferences,
} from '../../../../common/src/api/categories.ts';
import { forbidden, useCategoriesFixture } from './categories.test-support.ts';

describe(`categories API: follow and preferences (${testDialect})`, () => {
  const fx = useCategoriesFixture();
  const { code, create, get, list } = fx;
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let a: Category;
  let b: Category;
  let restricted: Category;
  before(() => {
    ({ t, admin, member, moderator, guest, a, b, restricted } = fx);
  });

  describe('follow and preferences', () => {
    test('PUT /categories/{id}/follow: follow with default preferences, unfollow turns everything off', async () => {
      const category = await create({ name: 'Followable', urlcode: code('follow') });
      const url = `/api/v2/categories/${String(category.categoryID)}/follow`;
      const followed = await inject(t, member, { method: 'PUT', url, payload: { followed: true } });
      assert.equal(followed.statusCode, 200, followed.body);
      assert.deepEqual(followed.json(), { followed: true });
      const read = (
        await get(member, `/categories/${String(category.categoryID)}`)
      ).json() as Category;
      assert.equal(read.followed, true);
      assert.equal(read.countFollowers, 1);
      assert.ok(read.dateFollowed);
      const preferences = (
        await get(member, `/categories/${String(category.categoryID)}/preferences/$me`)
      ).json() as CategoryPreferences;
      assert.deepEqual(preferences, {
        'preferences.followed': true,
        'preferences.popup.posts': true,
        'preferences.email.posts': false,
        'preferences.popup.comments': false,
        'preferences.email.comments': false,
      });
      const again = await inject(t, member, { method: 'PUT', url, payload: { followed: true } });
      assert.equal(again.statusCode, 200);
      assert.deepEqual(
        (await list(member, '?followed=true')).map((item) => item.categoryID),
        [category.categoryID],
      );
      const unfollowed = await inject(t, member, {
        method: 'PUT',
        url,
        payload: { followed: false },
      });
      assert.deepEqual(unfollowed.json(), { followed: false });
      const after = (
        await get(member, `/categories/${String(category.categoryID)}`)
      ).json() as Category;
      assert.equal(after.followed, false);
      assert.equal(after.countFollowers, 0);
      assert.equal(after.dateFollowed, undefined);
      const cleared = (
        await get(
          member,
          `/categories/${String(category.categoryID)}/preferences/${String(member.user.userID)}`,
        )
      ).json() as CategoryPreferences;
      assert.ok(Object.values(cleared).every((value) => value === false));
    });

    test('follow: 403 for guests and for a category the member may not view; 404; 422', async () => {
      const guestResponse = await inject(t, guest, {
        method: 'PUT',
        url: `/api/v2/categories/${String(a.categoryID)}/follow`,
        payload: { followed: true },
      });
      assert.equal(guestResponse.statusCode, 403);
      assert.deepEqual(guestResponse.json(), forbidden('session.valid'));
      const hidden = await inject(t, member, {
        method: 'PUT',
        url: `/api/v2/categories/${String(restricted.categoryID)}/follow`,
        payload: { followed: true },
      });
      assert.equal(hidden.statusCode, 403);
      assert.deepEqual(hidden.json(), forbidden('discussions.view'));
      assert.equal(
        (
          await inject(t, member, {
            method: 'PUT',
            url: '/api/v2/categories/999999/follow',
            payload: { followed: true },
          })
        ).statusCode,
        404,
      );
      assert.equal(
        (
          await inject(t, member, {
            method: 'PUT',
            url: `/api/v2/categories/${String(a.categoryID)}/follow`,
            payload: { followed: 'yes' },
          })
        ).statusCode,
        422,
      );
    });

    test('PATCH preferences: merges, answers the saved object; a notification follows the category', async () => {
      const category = await create({ name: 'Prefs', urlcode: code('prefs') });
      const url = `/api/v2/categories/${String(category.categoryID)}/preferences/$me`;
      const response = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.popup.comments': true },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        'preferences.followed': true,
        'preferences.popup.posts': false,
        'preferences.email.posts': false,
        'preferences.popup.comments': true,
        'preferences.email.comments': false,
      });
      const second = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.popup.posts': true },
      });
      assert.equal((second.json() as CategoryPreferences)['preferences.popup.comments'], true);
      assert.equal(
        ((await get(member, `/categories/${String(category.categoryID)}`)).json() as Category)
          .countFollowers,
        1,
      );
      const off = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.followed': false },
      });
      assert.ok(Object.values(off.json() as CategoryPreferences).every((value) => value === false));
    });

    test('e-mail keys need email.view of the target user (Garden.Email.View); members and moderators have it', async () => {
      const url = `/api/v2/categories/${String(a.categoryID)}/preferences/$me`;
      // The Unconfirmed role signs in and reads categories, but does not hold email.view.
      const withoutEmail = await asUser(t, { roleTypes: ['unconfirmed'] });
      const refused = await inject(t, withoutEmail, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.comments': true },
      });
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.json(), forbidden('Garden.Email.View'));
      const allowed = await inject(t, moderator, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.comments': true },
      });
      assert.equal(allowed.statusCode, 200);
      assert.equal((allowed.json() as CategoryPreferences)['preferences.email.comments'], true);
      const asMemberItself = await inject(t, member, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.comments': true },
      });
      assert.equal(asMemberItself.statusCode, 200, 'the default member role holds email.view');
      const forUserWithoutEmail = await inject(t, admin, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}/preferences/${String(withoutEmail.user.userID)}`,
        payload: { 'preferences.email.posts': true },
      });
      assert.equal(
        forUserWithoutEmail.statusCode,
        403,
        'the target user’s permission decides, not the editor’s',
      );
    });

    test('the digest key exists only while emails.digest is on', async () => {
      const url = `/api/v2/categories/${String(b.categoryID)}/preferences/$me`;
      const before = (
        await get(moderator, url.replace('/api/v2', ''))
      ).json() as CategoryPreferences;
      assert.equal('preferences.email.digest' in before, false);
      const enabled = await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/config',
        payload: { 'emails.digest': true },
      });
      assert.equal(enabled.statusCode, 200);
      const response = await inject(t, moderator, {
        method: 'PATCH',
        url,
        payload: { 'preferences.email.digest': true },
      });
      assert.equal((response.json() as CategoryPreferences)['preferences.email.digest'], true);
      await inject(t, admin, {
        method: 'PATCH',
        url: '/api/v2/config',
        payload: { 'emails.digest': false },
      });
    });

    test('another user’s preferences need users.edit; unknown users 404; guests 403', async () => {
      const path = `/categories/${String(a.categoryID)}/preferences/${String(moderator.user.userID)}`;
      const asMemberView = await get(member, path);
      assert.equal(asMemberView.statusCode, 403);
      assert.deepEqual(asMemberView.json(), forbidden('users.edit'));
      assert.equal(
        (
          await inject(t, member, {
            method: 'PATCH',
            url: `/api/v2${path}`,
            payload: { 'preferences.followed': true },
          })
        ).statusCode,
        403,
      );
      const asAdminView = await get(admin, path);
      assert.equal(asAdminView.statusCode, 200);
      assert.equal((asAdminView.json() as CategoryPreferences)['preferences.email.comments'], true);
      assert.equal(
        (await get(admin, `/categories/${String(a.categoryID)}/preferences/999999`)).statusCode,
        404,
      );
      assert.equal(
        (await get(guest, `/categories/${String(a.categoryID)}/preferences/$me`)).statusCode,
        403,
      );
      assert.equal(
        (await get(member, `/categories/${String(restricted.categoryID)}/preferences/$me`))
          .statusCode,
        403,
      );
      assert.equal((await get(member, '/categories/999999/preferences/$me')).statusCode, 404);
      const badBody = await inject(t, member, {
        method: 'PATCH',
        url: `/api/v2/categories/${String(a.categoryID)}/preferences/$me`,
        payload: { 'preferences.popup.posts': 'on' },
      });
      assert.equal(badBody.statusCode, 422);
    });

    test('GET /categories/preferences/{userID}: followed categories with preferences', async () => {
      const mine = await inject(t, moderator, {
        method: 'GET',
        url: '/api/v2/categories/preferences/$me',
      });
      assert.equal(mine.statusCode, 200);
      const items = mine.json() as FollowedCategoryPreferences[];
      const alpha = items.find((item) => item.categoryID === a.categoryID);
      assert.deepEqual(alpha, {
        categoryID: a.categoryID,
        name: 'Alpha',
        description: 'First.',
        url: 'http://hearth.test/categories/alpha',
        preferences: {
          'preferences.followed': true,
          'preferences.popup.posts': false,
          'preferences.email.posts': false,
          'preferences.popup.comments': false,
          'preferences.email.comments': true,
        },
      });
      const byAdmin = await get(admin, `/categories/preferences/${String(moderator.user.userID)}`);
      assert.deepEqual(byAdmin.json(), items);
      assert.equal(
        (await get(member, `/categories/preferences/${String(moderator.user.userID)}`)).statusCode,
        403,
      );
      assert.equal((await get(guest, '/categories/preferences/$me')).statusCode, 403);
      assert.equal((await get(admin, '/categories/preferences/999999')).statusCode, 404);
      assert.equal((await get(admin, '/categories/preferences/abc')).statusCode, 422);
    });

    test('followedUserID: another user’s follows need users.edit; sort by dateFollowed', async () => {
      const other = `?followedUserID=${String(moderator.user.userID)}&expand=preferences`;
      assert.equal((await get(member, `/categories${other}`)).statusCode, 403);
      const asAdminView = await list(admin, other);
      assert.ok(asAdminView.some((category) => category.categoryID === a.categoryID));
      assert.equal(
        asAdminView.find((category) => category.categoryID === a.categoryID)?.preferences?.[
          'preferences.email.comments'
        ],
        true,
      );
      assert.equal((await get(admin, '/categories?followedUserID=999999')).statusCode, 404);
      const sorted = await list(moderator, '?followed=true&sort=-dateFollowed');
      assert.ok(sorted.length >= 2);
      const dates = sorted.map((category) => category.dateFollowed ?? '');
      assert.deepEqual(dates, [...dates].sort().reverse());
    });
  });
});
