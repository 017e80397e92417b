import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import {
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
  type ErrorBody,
} from '../../../test/factories.ts';
import type { User } from '../../../../common/src/api/users.ts';
import { keysOf, minimalKeys, useUsersReadFixture } from './users.read.api-fixture.ts';

// Issue 15: the profile fields of the edit page (title, location, about) and what each viewer
// (guest, member, moderator, owner) sees of them on public and private profiles.

describe(`Users API: profile fields and private profiles (${testDialect})`, () => {
  const fx = useUsersReadFixture();
  let owner: TestActor<TestUser>;
  let privateOwner: TestActor<TestUser>;
  before(async () => {
    owner = await asMember(fx.t);
    privateOwner = await asMember(fx.t, { private: true });
  });
  const patch = (actor: TestActor | null, userID: number, payload: Record<string, unknown>) =>
    inject(fx.t, actor, { method: 'PATCH', url: `/api/v2/users/${String(userID)}`, payload });
  const get = async (actor: TestActor | null, userID: number): Promise<User> => {
    const response = await fx.get(actor, `/api/v2/users/${String(userID)}?expand[]=all`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as User;
  };
  const fields = { title: 'Gardener', profileFields: { location: 'Lyon', about: 'I grow tomatoes.' } };

  test('the owner sets title, location and about; every viewer of a public profile sees them', async () => {
    const response = await patch(owner, owner.user.userID, fields);
    assert.equal(response.statusCode, 200, response.body);
    const saved = response.json() as User;
    assert.equal(saved.title, 'Gardener');
    assert.deepEqual(saved.profileFields, { location: 'Lyon', about: 'I grow tomatoes.' });
    for (const viewer of [null, fx.member, fx.moderator, owner]) {
      const user = await get(viewer, owner.user.userID);
      assert.equal(user.title, 'Gardener');
      assert.deepEqual(user.profileFields, { location: 'Lyon', about: 'I grow tomatoes.' });
      assert.equal(typeof user.countDiscussions, 'number');
    }
  });

  test('an empty value clears a field; surrounding spaces are trimmed', async () => {
    await patch(owner, owner.user.userID, fields);
    const response = await patch(owner, owner.user.userID, {
      title: '  ',
      profileFields: { location: ' Paris ' },
    });
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json() as User;
    assert.equal(user.title, undefined);
    assert.deepEqual(user.profileFields, { location: 'Paris', about: 'I grow tomatoes.' });
  });

  test('too long fields are 422 on their dotted field', async () => {
    const response = await patch(owner, owner.user.userID, {
      title: 'x'.repeat(101),
      profileFields: { location: 'y'.repeat(101), about: 'z'.repeat(1001) },
    });
    assert.equal(response.statusCode, 422, response.body);
    const body = response.json() as ErrorBody;
    assert.deepEqual(
      (body.errors ?? []).map((error) => error.field).sort(),
      ['profileFields.about', 'profileFields.location', 'title'],
    );
  });

  test("editing another member's profile without users.edit is 403; a guest too", async () => {
    for (const actor of [fx.member, null]) {
      const response = await patch(actor, owner.user.userID, { title: 'Hacked' });
      assert.equal(response.statusCode, 403, response.body);
    }
    const user = await get(fx.moderator, owner.user.userID);
    assert.notEqual(user.title, 'Hacked');
  });

  test('a private profile: guests and members get name and photo only; moderators and the owner all', async () => {
    const response = await patch(privateOwner, privateOwner.user.userID, fields);
    assert.equal(response.statusCode, 200, response.body);
    for (const viewer of [null, fx.member]) {
      const user = await get(viewer, privateOwner.user.userID);
      assert.deepEqual(keysOf(user), minimalKeys);
      assert.equal(user.private, true);
    }
    for (const viewer of [fx.moderator, privateOwner]) {
      const user = await get(viewer, privateOwner.user.userID);
      assert.deepEqual(user.profileFields, { location: 'Lyon', about: 'I grow tomatoes.' });
      assert.equal(user.title, 'Gardener');
      assert.equal('dateLastActive' in user, true);
    }
  });

  test('banned and deleted users: banned flag for everyone, deleted is 404 "User not found."', async () => {
    const banned = await get(fx.member, fx.bannedUser.userID);
    assert.equal(banned.banned, 1);
    const deleted = await fx.get(fx.member, `/api/v2/users/${String(fx.deletedUser.userID)}`);
    assert.equal(deleted.statusCode, 404);
    assert.equal((deleted.json() as ErrorBody).message, 'User not found.');
    const unknown = await fx.get(null, '/api/v2/users/$name:nobody-here-at-all');
    assert.equal(unknown.statusCode, 404);
  });

  test("profile lists: a private member's discussions and comments are listed only for moderators and the owner", async () => {
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: privateOwner });
    await makeComment(fx.t, { discussionID: discussion.discussionID, as: privateOwner });
    const id = String(privateOwner.user.userID);
    for (const [viewer, count] of [
      [null, 0],
      [fx.member, 0],
      [fx.moderator, 1],
      [privateOwner, 1],
    ] as const) {
      const discussions = await fx.get(viewer, `/api/v2/discussions?insertUserID=${id}`);
      assert.equal(discussions.statusCode, 200, discussions.body);
      assert.equal((discussions.json() as unknown[]).length, count);
      assert.equal(discussions.headers['x-app-page-result-count'], String(count));
      const comments = await fx.get(viewer, `/api/v2/comments?insertUserID=${id}`);
      assert.equal(comments.statusCode, 200, comments.body);
      assert.equal((comments.json() as unknown[]).length, count);
    }
  });

  test("profile lists show only posts from categories the viewer can see", async () => {
    const open = await makeCategory(fx.t);
    const hidden = await makeHiddenCategory(fx.t);
    const author = await asMember(fx.t);
    await makeDiscussion(fx.t, { categoryID: open.categoryID, as: author });
    const secret = await makeDiscussion(fx.t, { categoryID: hidden.categoryID });
    await makeComment(fx.t, { discussionID: secret.discussionID, as: fx.moderator });
    const byAuthor = await fx.get(fx.member, `/api/v2/discussions?insertUserID=${String(author.user.userID)}`);
    assert.equal((byAuthor.json() as unknown[]).length, 1);
    const modComments = `/api/v2/comments?insertUserID=${String(fx.moderator.user.userID)}`;
    assert.equal(((await fx.get(fx.member, modComments)).json() as unknown[]).length, 0);
    assert.equal(((await fx.get(fx.admin, modComments)).json() as unknown[]).length, 1);
  });
});
