import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DomainEvents, EventName } from '../src/platform/events/events.ts';
import { inject, type TestActor, type TestUser } from './actors.ts';
import { makeActors, makeCategory, makeComment, makeDiscussion } from './factories.ts';
import { createTestApp, type TestApp } from './harness.ts';

// Issues 13 and 18: services publish domain events after their writes commit; the payloads carry
// IDs only. A subscriber sees each write as one event with what it needs to look the rest up.

type Seen = { [K in EventName]: { name: K; payload: DomainEvents[K] } }[EventName];

describe('domain events of discussions, comments and reactions', () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  const seen: Seen[] = [];
  const names: EventName[] = [
    'commentAdded',
    'commentEdited',
    'commentDeleted',
    'discussionAdded',
    'discussionEdited',
    'discussionMoved',
    'discussionDeleted',
    'reactionAdded',
  ];

  /** The events published since the last call, once every subscriber has run. */
  const published = async (): Promise<Seen[]> => {
    await t.app.deps.events.settled();
    return seen.splice(0);
  };

  before(async () => {
    t = await createTestApp();
    ({ admin, member } = await makeActors(t));
    for (const name of names) {
      t.app.deps.events.subscribe(name, (payload, meta) => {
        assert.equal(meta.remote, false);
        seen.push({ name, payload } as Seen);
      });
    }
  });
  after(async () => {
    await t.close();
  });

  test('creating, editing, moving and deleting a discussion and its comments, and reacting, publish one event each', async () => {
    const first = await makeCategory(t);
    const second = await makeCategory(t);
    await published();

    const discussion = await makeDiscussion(t, { categoryID: first.categoryID, as: member });
    const { discussionID } = discussion;
    assert.deepEqual(await published(), [
      { name: 'discussionAdded', payload: { discussionID, categoryID: first.categoryID, insertUserID: member.user.userID } },
    ]);

    const comment = await makeComment(t, { discussionID, as: member });
    const { commentID } = comment;
    assert.deepEqual(await published(), [
      {
        name: 'commentAdded',
        payload: { commentID, discussionID, categoryID: first.categoryID, insertUserID: member.user.userID, parentCommentID: null },
      },
    ]);

    const editComment = await inject(t, member, {
      method: 'PATCH',
      url: `/api/v2/comments/${String(commentID)}`,
      payload: { body: 'Edited', format: 'text' },
    });
    assert.equal(editComment.statusCode, 200);
    assert.deepEqual(await published(), [
      { name: 'commentEdited', payload: { commentID, discussionID, categoryID: first.categoryID, updateUserID: member.user.userID } },
    ]);

    const react = await inject(t, admin, {
      method: 'POST',
      url: `/api/v2/comments/${String(commentID)}/reactions`,
      payload: { reactionType: 'Like' },
    });
    assert.equal(react.statusCode, 201, react.body);
    assert.deepEqual(await published(), [
      { name: 'reactionAdded', payload: { recordType: 'comment', recordID: commentID, reactionType: 'Like', userID: admin.user.userID } },
    ]);
    // The same reaction again changes nothing: no event.
    await inject(t, admin, {
      method: 'POST',
      url: `/api/v2/comments/${String(commentID)}/reactions`,
      payload: { reactionType: 'Like' },
    });
    assert.deepEqual(await published(), []);

    const move = await inject(t, admin, {
      method: 'PATCH',
      url: `/api/v2/discussions/${String(discussionID)}`,
      payload: { name: 'Moved', categoryID: second.categoryID },
    });
    assert.equal(move.statusCode, 200, move.body);
    const place = { discussionID, categoryID: second.categoryID };
    assert.deepEqual(await published(), [
      { name: 'discussionEdited', payload: { ...place, updateUserID: admin.user.userID } },
      { name: 'discussionMoved', payload: { ...place, fromCategoryID: first.categoryID, updateUserID: admin.user.userID } },
    ]);

    const bulkMove = await inject(t, admin, {
      method: 'PATCH',
      url: '/api/v2/discussions/move',
      payload: { discussionIDs: [discussionID], categoryID: first.categoryID },
    });
    assert.equal(bulkMove.statusCode, 200, bulkMove.body);
    assert.deepEqual(await published(), [
      {
        name: 'discussionMoved',
        payload: { discussionID, categoryID: first.categoryID, fromCategoryID: second.categoryID, updateUserID: admin.user.userID },
      },
    ]);

    const deleteComment = await inject(t, admin, { method: 'DELETE', url: `/api/v2/comments/${String(commentID)}` });
    assert.equal(deleteComment.statusCode, 204);
    assert.deepEqual(await published(), [
      { name: 'commentDeleted', payload: { commentID, discussionID, categoryID: first.categoryID, deleteUserID: admin.user.userID } },
    ]);

    const deleteDiscussion = await inject(t, admin, { method: 'DELETE', url: `/api/v2/discussions/${String(discussionID)}` });
    assert.equal(deleteDiscussion.statusCode, 204);
    assert.deepEqual(await published(), [
      { name: 'discussionDeleted', payload: { discussionID, categoryID: first.categoryID, deleteUserID: admin.user.userID } },
    ]);
  });

  test('splitting comments off publishes the new discussion', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, as: member });
    await published();
    const split = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/discussions/split',
      payload: {
        newPost: { name: 'Split off', categoryID: category.categoryID, postType: 'discussion', authorType: 'me' },
        commentIDs: [comment.commentID],
      },
    });
    assert.equal(split.statusCode, 200, split.body);
    const newID = Number(/\/discussion\/(\d+)\//.exec((split.json() as { newPostUrl: string }).newPostUrl)?.[1]);
    assert.deepEqual(await published(), [
      { name: 'discussionAdded', payload: { discussionID: newID, categoryID: category.categoryID, insertUserID: admin.user.userID } },
    ]);
  });

  test('a refused write publishes nothing', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    await published();
    const refused = await inject(t, member, {
      method: 'PATCH',
      url: `/api/v2/discussions/${String(discussion.discussionID)}`,
      payload: { name: 'Not mine' },
    });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(await published(), []);
  });
});
