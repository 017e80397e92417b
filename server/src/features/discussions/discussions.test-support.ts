import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { TestApp } from '../../../test/harness.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';

/** The error body of the contract (§1.10), as tests read it. */
export interface ErrorBody {
  message: string;
  status: number;
  description?: string;
  permissions?: string[];
  recordIDs?: number[];
  errors?: { field: string; code: string; message: string; status: number }[];
}

/** A call to `path` (`/api/v2` is added when missing) as an actor. */
export function call(
  t: TestApp,
  actor: TestActor | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return inject(t, actor, {
    method,
    url: path.startsWith('/api/v2/') ? path : `/api/v2${path}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Creates a category through the API as `admin`. */
export async function createCategory(
  t: TestApp,
  admin: TestActor<TestUser>,
  body: Record<string, unknown>,
): Promise<Category> {
  const response = await call(t, admin, 'POST', '/categories', body);
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Category;
}

/** A category as the API shows it to `actor`. */
export async function readCategory(
  t: TestApp,
  actor: TestActor<TestUser>,
  categoryID: number,
): Promise<Category> {
  const response = await call(t, actor, 'GET', `/categories/${String(categoryID)}?expand=lastPost`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as Category;
}

let sequence = 0;

/** Posts a discussion (text body) and answers it; fails the test unless 201. */
export async function postDiscussion(
  t: TestApp,
  actor: TestActor<TestUser>,
  categoryID: number,
  fields: Record<string, unknown> = {},
): Promise<Discussion> {
  sequence += 1;
  const response = await call(t, actor, 'POST', '/discussions', {
    name: `Discussion ${String(sequence)}`,
    body: `Body of discussion ${String(sequence)}`,
    format: 'text',
    categoryID,
    ...fields,
  });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Discussion;
}

/** Inserts an accepted comment directly (the comments API is another feature's), keeping the counters a comment write keeps. */
export async function insertComment(
  t: TestApp,
  discussionID: number,
  userID: number,
  dateInserted: string = new Date().toISOString(),
): Promise<number> {
  const discussion = await t.db
    .selectFrom('discussions')
    .select(['categoryID', 'countComments'])
    .where('discussionID', '=', discussionID)
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('comments')
    .values({
      discussionID,
      body: 'A comment',
      format: 'text',
      bodyHtml: '<p>A comment</p>',
      bodyPlainText: 'A comment',
      insertUserID: userID,
      dateInserted,
    })
    .returning('commentID')
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('discussions')
    .set({
      countComments: discussion.countComments + 1,
      lastCommentID: row.commentID,
      lastCommentUserID: userID,
      dateLastComment: dateInserted,
    })
    .where('discussionID', '=', discussionID)
    .execute();
  const category = await t.db
    .selectFrom('categories')
    .select(['countComments', 'countAllComments'])
    .where('categoryID', '=', discussion.categoryID)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('categories')
    .set({
      countComments: category.countComments + 1,
      countAllComments: category.countAllComments + 1,
    })
    .where('categoryID', '=', discussion.categoryID)
    .execute();
  const user = await t.db
    .selectFrom('users')
    .select('countComments')
    .where('userID', '=', userID)
    .executeTakeFirstOrThrow();
  await t.db
    .updateTable('users')
    .set({ countComments: user.countComments + 1 })
    .where('userID', '=', userID)
    .execute();
  return row.commentID;
}

/** A user's stored discussion and comment counts. */
export async function userCounts(
  t: TestApp,
  userID: number,
): Promise<{ countDiscussions: number; countComments: number }> {
  const row = await t.db
    .selectFrom('users')
    .select(['countDiscussions', 'countComments'])
    .where('userID', '=', userID)
    .executeTakeFirstOrThrow();
  return {
    countDiscussions: Number(row.countDiscussions),
    countComments: Number(row.countComments),
  };
}

/** Sets site settings through `PATCH /config` as an administrator. */
export async function setConfig(
  t: TestApp,
  admin: TestActor<TestUser>,
  values: Record<string, unknown>,
): Promise<void> {
  const response = await call(t, admin, 'PATCH', '/config', values);
  assert.ok(response.statusCode < 300, response.body);
}
