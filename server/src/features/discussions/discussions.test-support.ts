import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { CreateDiscussionBody, Discussion } from '../../../../common/src/api/discussions.ts';
import {
  makeCategory,
  makeDiscussion,
  makeHiddenCategory,
  type MakeCategoryOptions,
  makeActors,
  type TestActors,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

export { contextFor } from '../../../test/request-context.ts';
import { inject, type TestActor, type TestUser } from '../../../test/actors.ts';

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

/** Creates a category through the API as `admin` (the categories factory). */
export function createCategory(
  t: TestApp,
  admin: TestActor<TestUser>,
  body: MakeCategoryOptions,
): Promise<Category> {
  return makeCategory(t, { ...body, as: admin });
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

/** Posts a discussion with a text body (the discussions factory) and answers it; fails the test unless 201. */
export function postDiscussion(
  t: TestApp,
  actor: TestActor<TestUser>,
  categoryID: number,
  fields: Partial<CreateDiscussionBody> = {},
): Promise<Discussion> {
  sequence += 1;
  return makeDiscussion(t, {
    name: `Discussion ${String(sequence)}`,
    body: `Body of discussion ${String(sequence)}`,
    format: 'text',
    ...fields,
    categoryID,
    as: actor,
  });
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

/** The 403 body of a missing permission. */
export const forbidden = (permission: string) => ({
  message: 'Permission Problem',
  status: 403,
  description: `You need the ${permission} permission to do that.`,
  permissions: [permission],
});

/** What the discussions API test files start from: a test app, the four actors and categories. */
export interface DiscussionsApiFixture extends TestActors {
  t: TestApp;
  /** A parent of `general`. */
  parent: Category;
  general: Category;
  /** Members and guests may not view it. */
  restricted: Category;
  /** A heading: no posts. */
  heading: Category;
}

/** Builds the discussions API tests' app, actors and categories (one app per test file). */
export async function setUpDiscussionsApi(): Promise<DiscussionsApiFixture> {
  const t = await createTestApp();
  const actors = await makeActors(t);
  const { admin } = actors;
  const parent = await createCategory(t, admin, { name: 'Parent', urlcode: 'parent-cat' });
  const general = await createCategory(t, admin, {
    name: 'General',
    urlcode: 'general-talk',
    parentCategoryID: parent.categoryID,
  });
  const restricted = await makeHiddenCategory(t, {
    as: admin,
    name: 'Staff Room',
    urlcode: 'staff-room',
  });
  const heading = await createCategory(t, admin, {
    name: 'Heading',
    urlcode: 'heading',
    displayAs: 'heading',
  });
  return { t, ...actors, parent, general, restricted, heading };
}

/** The IDs `GET /discussions{query}` lists for an actor (asserts 200). */
export async function listIDs(
  t: TestApp,
  actor: TestActor | null,
  query: string,
): Promise<number[]> {
  const response = await call(t, actor, 'GET', `/api/v2/discussions${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as Discussion[]).map((discussion) => discussion.discussionID);
}

/** What the bulk-action test files start from: a test app, the four actors and categories. */
export interface BulkApiFixture extends TestActors {
  t: TestApp;
  source: Category;
  target: Category;
  /** Members may not view it. */
  restricted: Category;
}

/** Builds the bulk-action tests' app, actors and categories (one app per test file). */
export async function setUpBulkApi(): Promise<BulkApiFixture> {
  const t = await createTestApp();
  const actors = await makeActors(t);
  const { admin } = actors;
  const source = await createCategory(t, admin, { name: 'Source', urlcode: 'bulk-source' });
  const target = await createCategory(t, admin, { name: 'Target', urlcode: 'bulk-target' });
  const restricted = await makeHiddenCategory(t, {
    as: admin,
    name: 'Restricted',
    urlcode: 'bulk-restricted',
    hiddenFrom: ['member'],
  });
  return { t, ...actors, source, target, restricted };
}

/** Whether a discussion row exists. */
export async function discussionExists(t: TestApp, discussionID: number): Promise<boolean> {
  return (
    (await t.db
      .selectFrom('discussions')
      .select('discussionID')
      .where('discussionID', '=', discussionID)
      .executeTakeFirst()) !== undefined
  );
}

/** The stored columns of a discussion that bulk actions change. */
export function discussionRow(t: TestApp, discussionID: number) {
  return t.db
    .selectFrom('discussions')
    .select(['categoryID', 'countComments', 'closed', 'type', 'lastCommentID', 'name'])
    .where('discussionID', '=', discussionID)
    .executeTakeFirstOrThrow();
}

/** `POST /calls/run` with a callback payload. */
export function runCall(
  t: TestApp,
  actor: TestActor | null,
  payload: string,
): Promise<LightMyRequestResponse> {
  return inject(t, actor, {
    method: 'POST',
    url: '/api/v2/calls/run',
    payload,
    headers: { 'content-type': 'application/system+jwt' },
  });
}
