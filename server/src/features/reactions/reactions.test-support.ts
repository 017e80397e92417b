import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeHiddenCategory } from '../../../test/factories.ts';

// Posts are made through the real routes (POST /discussions, POST /comments) by a poster exempt
// from flood control (an administrator or moderator), so tests may post as often as they need.

/** The first category of a fresh forum (the installer's default category). */
export async function defaultCategoryID(t: TestApp): Promise<number> {
  const row = await t.db
    .selectFrom('categories')
    .select('categoryID')
    .where('categoryID', '>', 0)
    .orderBy('categoryID')
    .executeTakeFirstOrThrow();
  return row.categoryID;
}

/** Posts a discussion through `POST /discussions` and answers its ID. */
export async function postTestDiscussion(
  t: TestApp,
  poster: TestActor<TestUser>,
  options: { categoryID?: number; name?: string } = {},
): Promise<number> {
  const response = await inject(t, poster, {
    method: 'POST',
    url: '/api/v2/discussions',
    payload: {
      name: options.name ?? 'A discussion',
      body: 'Hello there',
      format: 'text',
      categoryID: options.categoryID ?? (await defaultCategoryID(t)),
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { discussionID: number }).discussionID;
}

/** Posts a comment (a reply to `parentCommentID` when given) through `POST /comments`. */
export async function postTestComment(
  t: TestApp,
  poster: TestActor<TestUser>,
  options: { discussionID: number; parentCommentID?: number },
): Promise<number> {
  const response = await inject(t, poster, {
    method: 'POST',
    url: '/api/v2/comments',
    payload: {
      body: 'A reply',
      format: 'text',
      discussionID: options.discussionID,
      ...(options.parentCommentID === undefined
        ? {}
        : { parentCommentID: options.parentCommentID }),
    },
  });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { commentID: number }).commentID;
}

/** Puts a discussion back in the premoderation queue (no route does that for a test). */
export async function markDiscussionPending(t: TestApp, discussionID: number): Promise<void> {
  await t.db
    .updateTable('discussions')
    .set({ moderationStatus: 'pending' })
    .where('discussionID', '=', discussionID)
    .execute();
}

/** Score columns of a discussion. */
export async function discussionScore(
  t: TestApp,
  discussionID: number,
): Promise<{ score: number; hot: number }> {
  const row = await t.db
    .selectFrom('discussions')
    .select(['score', 'hot'])
    .where('discussionID', '=', discussionID)
    .executeTakeFirstOrThrow();
  return { score: Number(row.score), hot: Number(row.hot) };
}

/** Score columns of a comment. */
export async function commentScore(
  t: TestApp,
  commentID: number,
): Promise<{ score: number; scoreChildComments: number }> {
  const row = await t.db
    .selectFrom('comments')
    .select(['score', 'scoreChildComments'])
    .where('commentID', '=', commentID)
    .executeTakeFirstOrThrow();
  return { score: Number(row.score), scoreChildComments: Number(row.scoreChildComments) };
}

/**
 * A category whose custom permissions deny the member and guest roles `discussions.view`, created
 * through the categories API by an administrator (the factory's hidden category).
 */
export async function createHiddenCategory(
  t: TestApp,
  admin: TestActor<TestUser>,
  urlcode: string,
): Promise<number> {
  return (await makeHiddenCategory(t, { as: admin, name: `Hidden ${urlcode}`, urlcode }))
    .categoryID;
}
