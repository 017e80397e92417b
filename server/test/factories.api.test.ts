import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asGuest, asMember, inject, sessionFor } from './actors.ts';
import {
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
  makeRole,
  makeThreads,
  makeUser,
  roleIDOf,
} from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

describe('test factories', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  it('make users, categories, discussions and comments through the forum', async () => {
    const user = await makeUser(t, { roleTypes: ['member'] });
    assert.ok(user.userID > 0);
    const category = await makeCategory(t, { description: 'Made by a factory.' });
    assert.equal(category.description, 'Made by a factory.');
    const member = await asMember(t);
    const discussion = await makeDiscussion(t, {
      categoryID: category.categoryID,
      as: member,
      name: 'Hello',
    });
    assert.equal(discussion.name, 'Hello');
    assert.equal(discussion.insertUserID, member.user.userID);
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: 'First!' });
    const reply = await makeComment(t, {
      discussionID: discussion.discussionID,
      parentCommentID: comment.commentID,
    });
    assert.equal(reply.parentCommentID, comment.commentID);
    const record = await t.app.inject({
      method: 'GET',
      url: `/api/v2/discussions/${String(discussion.discussionID)}`,
    });
    assert.equal((record.json() as { countComments: number }).countComments, 2);
  });

  it('make a category of threads', async () => {
    const { category, discussions, comments } = await makeThreads(t, {
      discussions: 2,
      commentsEach: 2,
    });
    assert.equal(discussions.length, 2);
    assert.equal(comments.length, 4);
    assert.ok(discussions.every((discussion) => discussion.categoryID === category.categoryID));
  });

  it('make roles and users holding them, private users, users showing their e-mail', async () => {
    const memberRoleID = await roleIDOf(t, 'member');
    const role = await makeRole(t, { globalPermissions: ['session.valid', 'users.add'] });
    assert.notEqual(role.roleID, memberRoleID);
    const user = await makeUser(t, { roleTypes: ['member'], roleIDs: [role.roleID] });
    assert.deepEqual(user.roleIDs, [memberRoleID, role.roleID]);
    const holder = await sessionFor(t, user);
    const permissions = await inject(t, holder, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions',
    });
    assert.equal(permissions.statusCode, 200, permissions.body);
    assert.match(permissions.body, /"users\.add"/);
    const hidden = await makeUser(t, { private: true, showEmail: true });
    const profile = await inject(t, await asMember(t), {
      method: 'GET',
      url: `/api/v2/users/${String(hidden.userID)}`,
    });
    assert.equal((profile.json() as { private?: boolean }).private, true);
    const shown = await makeUser(t, { showEmail: true });
    const card = await inject(t, await asMember(t), {
      method: 'GET',
      url: `/api/v2/users/${String(shown.userID)}`,
    });
    assert.equal((card.json() as { email?: string }).email, shown.email);
  });

  it('make a category members and guests cannot see', async () => {
    const category = await makeHiddenCategory(t, { name: 'Back Office' });
    await makeDiscussion(t, { categoryID: category.categoryID, name: 'Payroll' });
    const member = await asMember(t);
    for (const viewer of [member, await asGuest(t)]) {
      const response = await inject(t, viewer, {
        method: 'GET',
        url: `/api/v2/categories/${String(category.categoryID)}`,
      });
      assert.ok([403, 404].includes(response.statusCode), response.body);
    }
    const admin = await makeUser(t, { roleTypes: ['administrator'] });
    const seen = await inject(t, await sessionFor(t, admin), {
      method: 'GET',
      url: `/api/v2/categories/${String(category.categoryID)}`,
    });
    assert.equal(seen.statusCode, 200, seen.body);
  });
});
