import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import {
  makeActors,
  makeCategory,
  makeComment,
  makeDiscussion,
  makeHiddenCategory,
  type ErrorBody,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import type { ReactedItem } from '../../../../common/src/api/users.ts';

// api-contract §3 `GET /users/{id}/reacted` (issue 15: the profile's reactions tab,
// /profile/reactions/{username}?reaction={urlcode}).

describe(`GET /users/{id}/reacted (${testDialect})`, () => {
  const fx = useTestApp(async (t) => ({ ...(await makeActors(t)) }));
  let author: TestActor<TestUser>;
  let privateAuthor: TestActor<TestUser>;
  let liked: number;
  let commentID: number;
  const react = async (recordType: 'discussions' | 'comments', id: number, reactionType: string) => {
    const response = await inject(fx.t, fx.member, {
      method: 'POST',
      url: `/api/v2/${recordType}/${String(id)}/reactions`,
      payload: { reactionType },
    });
    assert.equal(response.statusCode, 201, response.body);
  };
  const get = (actor: TestActor | null, url: string) => inject(fx.t, actor, { method: 'GET', url });

  before(async () => {
    const t = fx.t;
    author = await asMember(t);
    privateAuthor = await asMember(t, { private: true });
    const open = await makeCategory(t);
    const hidden = await makeHiddenCategory(t, { hiddenFrom: ['guest'] });
    const first = await makeDiscussion(t, { categoryID: open.categoryID, as: author, name: 'Tomatoes' });
    await makeDiscussion(t, { categoryID: open.categoryID, as: author, name: 'Nobody reacted' });
    const secret = await makeDiscussion(t, { categoryID: hidden.categoryID, name: 'Secret' });
    liked = first.discussionID;
    await react('discussions', liked, 'Like');
    commentID = (await makeComment(t, { discussionID: liked, as: author })).commentID;
    await react('comments', commentID, 'Insightful');
    const secretComment = await makeComment(t, { discussionID: secret.discussionID, as: author });
    await inject(t, fx.admin, {
      method: 'POST',
      url: `/api/v2/comments/${String(secretComment.commentID)}/reactions`,
      payload: { reactionType: 'Like' },
    });
    const privatePost = await makeDiscussion(t, { categoryID: open.categoryID, as: privateAuthor });
    await react('discussions', privatePost.discussionID, 'Like');
  });

  test('posts by the user that got reactions, newest first, with the contract fields', async () => {
    const response = await get(null, `/api/v2/users/${String(author.user.userID)}/reacted?expand=insertUser`);
    assert.equal(response.statusCode, 200, response.body);
    const items = response.json() as ReactedItem[];
    assert.deepEqual(
      items.map((item) => [item.recordType, item.recordID]),
      [
        ['Comment', commentID],
        ['Discussion', liked],
      ],
    );
    assert.equal(items[0]?.name, 'Re: Tomatoes');
    assert.match(items[0]?.url ?? '', /\/discussion\/comment\/\d+/);
    assert.equal(items[1]?.insertUser?.name, author.user.name);
    assert.match(items[1]?.dateInserted ?? '', /\+00:00$/);
  });

  test('reactionUrlcode narrows by type; an unknown type lists nothing', async () => {
    const id = String(author.user.userID);
    const like = (await get(null, `/api/v2/users/${id}/reacted?reactionUrlcode=like`)).json() as ReactedItem[];
    assert.deepEqual(like.map((item) => item.recordID), [liked]);
    const none = await get(null, `/api/v2/users/${id}/reacted?reactionUrlcode=nothing`);
    assert.deepEqual(none.json(), []);
  });

  test('a category hidden from guests: its posts are listed for members only', async () => {
    const id = String(author.user.userID);
    const guest = (await get(null, `/api/v2/users/${id}/reacted`)).json() as ReactedItem[];
    const member = (await get(fx.member, `/api/v2/users/${id}/reacted`)).json() as ReactedItem[];
    assert.equal(guest.length, 2);
    assert.equal(member.length, 3);
  });

  test('a private profile lists nothing for members and guests, all for moderators and the owner', async () => {
    const url = `/api/v2/users/${String(privateAuthor.user.userID)}/reacted`;
    for (const [viewer, count] of [
      [null, 0],
      [fx.member, 0],
      [fx.moderator, 1],
      [privateAuthor, 1],
    ] as const) {
      const response = await get(viewer, url);
      assert.equal(response.statusCode, 200);
      assert.equal((response.json() as unknown[]).length, count);
    }
  });

  test('404 for an unknown user, 422 for a limit over 100', async () => {
    const missing = await get(null, '/api/v2/users/987654/reacted');
    assert.equal(missing.statusCode, 404);
    assert.equal((missing.json() as ErrorBody).message, 'User not found.');
    const limit = await get(null, `/api/v2/users/${String(author.user.userID)}/reacted?limit=101`);
    assert.equal(limit.statusCode, 422);
  });
});
