import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asModerator } from '../../../test/actors.ts';
import { makeCategory, makeComment, makeDiscussion } from '../../../test/factories.ts';
import { useUsersWriteFixture } from './users.write.api-fixture.ts';
import { DELETE_CONTENT_BATCH, WIPED_CONTENT_TEXT } from './users.delete-content.ts';

describe(`Users API: DELETE /users/{id} and the user's content (${testDialect})`, () => {
  const fx = useUsersWriteFixture();
  const { call } = fx;
  let t: typeof fx.t;
  let admin: typeof fx.admin;
  let member: typeof fx.member;
  let moderator: typeof fx.moderator;
  before(() => {
    ({ t, admin, member, moderator } = fx);
  });

  // Authors are moderators, who are exempt from flood control (api-contract §1.13), so a test may
  // post many times; members only read.
  /**
   * A category where an author wrote one discussion (with someone else's comment) and a comment
   * on someone else's discussion, which has a reply by someone else.
   */
  async function authorWithContent() {
    const author = await asModerator(t);
    const category = await makeCategory(t, { as: admin });
    const own = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Author thread', as: author });
    await makeComment(t, { discussionID: own.discussionID, text: 'A reply by someone else.', as: moderator });
    const other = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Member thread', as: moderator });
    const comment = await makeComment(t, { discussionID: other.discussionID, text: 'The author speaks.', as: author });
    const plain = await makeComment(t, { discussionID: other.discussionID, text: 'The author again.', as: author });
    await makeComment(t, { discussionID: other.discussionID, text: 'Answer.', parentCommentID: comment.commentID, as: moderator });
    return { author, category, own, other, comment, plain };
  }

  const get = async (path: string) => call(member, 'GET', `/api/v2${path}`);

  async function deleteAndDrain(userID: number, deleteMethod: string): Promise<void> {
    const response = await call(admin, 'DELETE', `/api/v2/users/${String(userID)}`, { deleteMethod });
    assert.equal(response.statusCode, 204, response.body);
    await t.app.jobs.drain();
    await t.app.deps.events.settled();
  }

  test('keep: the content stays as it was, under the Deleted User placeholder', async () => {
    const { author, category, own, comment } = await authorWithContent();
    await deleteAndDrain(author.user.userID, 'keep');
    const discussion = await get(`/discussions/${String(own.discussionID)}`);
    assert.equal(discussion.statusCode, 200);
    assert.equal(discussion.json().insertUser.name, 'Deleted User');
    assert.match(discussion.json().body, /Opening post/);
    const kept = await get(`/comments/${String(comment.commentID)}`);
    assert.equal(kept.statusCode, 200);
    assert.match(kept.json().body, /The author speaks\./);
    assert.equal(kept.json().insertUser.name, 'Deleted User');
    const counts = (await get(`/categories/${String(category.categoryID)}`)).json();
    assert.equal(counts.countDiscussions, 2);
    assert.equal(counts.countComments, 4);
  });

  test('wipe: bodies are replaced by the note, names and places stay', async () => {
    const { author, category, own, comment } = await authorWithContent();
    await makeComment(t, { discussionID: own.discussionID, text: 'Aardvarkish secrets.', as: author });
    assert.equal((await get('/search?query=Aardvarkish')).json().length, 1);
    await deleteAndDrain(author.user.userID, 'wipe');
    const discussion = (await get(`/discussions/${String(own.discussionID)}`)).json();
    assert.equal(discussion.name, 'Author thread');
    assert.equal(discussion.body, WIPED_CONTENT_TEXT);
    assert.equal(discussion.insertUser.name, 'Deleted User');
    assert.equal((await get(`/comments/${String(comment.commentID)}`)).json().body, WIPED_CONTENT_TEXT);
    const search = await get('/search?query=Aardvarkish');
    assert.equal(search.statusCode, 200);
    assert.deepEqual(search.json(), []);
    const list = (await get(`/comments?discussionID=${String(own.discussionID)}`)).json();
    assert.match(list[0].body, /A reply by someone else\./);
    const counts = (await get(`/categories/${String(category.categoryID)}`)).json();
    assert.equal(counts.countDiscussions, 2);
    assert.equal(counts.countComments, 5);
  });

  test('delete: the discussions and comments go (404), counts go down, others keep their replies', async () => {
    const { author, category, own, other, comment, plain } = await authorWithContent();
    await deleteAndDrain(author.user.userID, 'delete');
    assert.equal((await get(`/discussions/${String(own.discussionID)}`)).statusCode, 404);
    assert.equal((await get(`/comments/${String(plain.commentID)}`)).statusCode, 404);
    const thread = (await get(`/comments?discussionID=${String(other.discussionID)}`)).json();
    assert.deepEqual(
      thread.map((row: { body: string }) => row.body.includes('The author')),
      thread.map(() => false),
    );
    const tombstone = thread.find((row: { commentID: number }) => row.commentID === comment.commentID);
    assert.ok(tombstone === undefined || tombstone.body === '');
    const counts = (await get(`/categories/${String(category.categoryID)}`)).json();
    assert.equal(counts.countDiscussions, 1);
    assert.equal(counts.countComments, 1);
    const discussions = (await get(`/discussions?categoryID=${String(category.categoryID)}`)).json();
    assert.deepEqual(discussions.map((row: { name: string }) => row.name), ['Member thread']);
  });

  test('delete pages through a prolific author in batches until nothing is left', async () => {
    const author = await asModerator(t);
    const category = await makeCategory(t, { as: admin });
    const host = await makeDiscussion(t, { categoryID: category.categoryID, as: moderator });
    for (let n = 0; n < DELETE_CONTENT_BATCH + 3; n += 1)
      await makeComment(t, { discussionID: host.discussionID, text: `Post ${String(n)}.`, as: author });
    await deleteAndDrain(author.user.userID, 'delete');
    const counts = (await get(`/categories/${String(category.categoryID)}`)).json();
    assert.equal(counts.countComments, 0);
    assert.equal((await get(`/discussions/${String(host.discussionID)}`)).json().countComments, 0);
  });
});
