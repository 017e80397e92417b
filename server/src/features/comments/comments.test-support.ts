import assert from 'node:assert/strict';
import type { Comment } from '../../../../common/src/api/comments.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import { makeComment, makeDiscussion } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { nowIso } from '../../platform/dates.ts';

export { rich2 } from '../../../test/factories.ts';

/**
 * Creates a discussion through `POST /discussions` (closed needs an actor with discussions.close):
 * the factory's, with a plain-text opening post.
 */
export async function createTestDiscussion(
  t: TestApp,
  actor: TestActor,
  input: { categoryID: number; name?: string; closed?: boolean },
): Promise<number> {
  const discussion = await makeDiscussion(t, {
    as: actor,
    categoryID: input.categoryID,
    name: input.name ?? 'A discussion',
    body: 'Opening post.',
    format: 'text',
    ...(input.closed ? { closed: true } : {}),
  });
  return discussion.discussionID;
}

/**
 * Inserts a discussion row directly, for states the discussions API reaches only through other
 * features (a discussion waiting in the premoderation queue).
 */
export async function insertTestDiscussion(
  t: TestApp,
  input: {
    categoryID: number;
    insertUserID: number;
    name?: string;
    closed?: boolean;
    moderationStatus?: 'accepted' | 'pending';
    dateInserted?: string;
  },
): Promise<number> {
  const date = input.dateInserted ?? nowIso();
  const row = await t.db
    .insertInto('discussions')
    .values({
      categoryID: input.categoryID,
      name: input.name ?? 'A discussion',
      body: 'Opening post.',
      format: 'text',
      bodyHtml: '<p>Opening post.</p>',
      bodyPlainText: 'Opening post.',
      insertUserID: input.insertUserID,
      dateInserted: date,
      dateLastComment: date,
      closed: input.closed ?? false,
      moderationStatus: input.moderationStatus ?? 'accepted',
    })
    .returning('discussionID')
    .executeTakeFirstOrThrow();
  return row.discussionID;
}

/** Posts a comment through the API as `actor` and returns it (asserts 201): the factory's. */
export function postTestComment(
  t: TestApp,
  actor: TestActor,
  input: { discussionID: number; text?: string; parentCommentID?: number },
): Promise<Comment> {
  return makeComment(t, { ...input, text: input.text ?? 'A comment.', as: actor });
}

/** The stored counters of a discussion. */
export async function discussionCounters(t: TestApp, discussionID: number) {
  const row = await t.db
    .selectFrom('discussions')
    .select([
      'countComments',
      'lastCommentID',
      'lastCommentUserID',
      'dateLastComment',
      'dateInserted',
      'hot',
    ])
    .where('discussionID', '=', discussionID)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    countComments: Number(row.countComments),
    hot: Number(row.hot),
    dateLastComment: new Date(row.dateLastComment).toISOString(),
    dateInserted: new Date(row.dateInserted).toISOString(),
  };
}

/** The stored comment counters and last post of a category. */
export async function categoryCounters(t: TestApp, categoryID: number) {
  const row = await t.db
    .selectFrom('categories')
    .select(['countComments', 'countAllComments', 'lastCommentID', 'lastDiscussionID'])
    .where('categoryID', '=', categoryID)
    .executeTakeFirstOrThrow();
  return {
    ...row,
    countComments: Number(row.countComments),
    countAllComments: Number(row.countAllComments),
  };
}

/** A user's stored comment count. */
export async function userCommentCount(t: TestApp, userID: number): Promise<number> {
  const row = await t.db
    .selectFrom('users')
    .select('countComments')
    .where('userID', '=', userID)
    .executeTakeFirstOrThrow();
  return Number(row.countComments);
}

/** Sets site settings through `PATCH /config` as the given administrator. */
export async function setSettings(
  t: TestApp,
  admin: TestActor,
  values: Record<string, unknown>,
): Promise<void> {
  const response = await inject(t, admin, {
    method: 'PATCH',
    url: '/api/v2/config',
    payload: values,
  });
  assert.ok(response.statusCode < 300, response.body);
}
