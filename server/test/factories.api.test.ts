import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asMember } from './actors.ts';
import { makeCategory, makeComment, makeDiscussion, makeThreads, makeUser } from './factories.ts';
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
});
