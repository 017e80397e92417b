import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Category } from '../../common/src/api/categories.ts';
import type { Comment } from '../../common/src/api/comments.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, bearerFor, createUser, inject, type TestActor, type TestUser } from './actors.ts';
import { createQueryCapture, type CapturedStatement } from './query-capture.ts';
import {
  createTestDiscussion,
  setSettings,
} from '../src/features/comments/comments.test-support.ts';

// Issue 4: comment creation ≥ 500/s. Every statement of a create is a round trip on PostgreSQL
// and holds its locks longer: the write path reads nothing it has just written, changes the
// category tree's counters in one statement, and keeps its transaction short.
describe(`comment creation statements (${testDialect})`, () => {
  const capture = createQueryCapture();
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let headers: Record<string, string>;
  let discussionID: number;
  let firstCommentID: number;

  const post = (payload: Record<string, unknown>) =>
    inject(
      t,
      { headers },
      {
        method: 'POST',
        url: '/api/v2/comments',
        payload: { discussionID, format: 'markdown', ...payload },
      },
    );

  before(async () => {
    t = await createTestApp({}, { onQuery: capture.onQuery });
    admin = await asAdmin(t);
    await setSettings(t, admin, { 'floodControl.comments.count': 1000 });
    const create = async (body: Record<string, unknown>) =>
      (
        await inject(t, admin, { method: 'POST', url: '/api/v2/categories', payload: body })
      ).json() as Category;
    const root = await create({ name: 'Harbour', urlcode: 'harbour' });
    const child = await create({
      name: 'Boats',
      urlcode: 'boats',
      parentCategoryID: root.categoryID,
    });
    discussionID = await createTestDiscussion(t, admin, { categoryID: child.categoryID });
    const member = await createUser(t);
    headers = (await bearerFor(t, member.userID)).headers;
    const first = await post({ body: 'Warming up: token, permissions, settings.' });
    assert.equal(first.statusCode, 201, first.body);
    firstCommentID = (first.json() as Comment).commentID;
  });
  after(async () => {
    await t.close();
  });

  /** The statements before the transaction's BEGIN, from it to its COMMIT, and those after it. */
  const split = (statements: CapturedStatement[]) => {
    const begin = statements.findIndex((statement) => /^begin\b/i.test(statement.sql.trim()));
    const commit = statements.findIndex((statement) => /\bcommit\s*$/i.test(statement.sql.trim()));
    assert.ok(begin >= 0 && commit > begin, 'one transaction');
    return {
      before: statements.slice(0, begin),
      inside: statements.slice(begin + 1, commit + 1),
      after: statements.slice(commit + 1),
    };
  };

  for (const reply of [false, true]) {
    test(`a ${reply ? 'reply' : 'top-level comment'}: one category statement, a short transaction, nothing read back`, async () => {
      const { value: response, statements } = await capture.record(() =>
        post({
          body: 'Thanks, **that worked**.',
          ...(reply ? { parentCommentID: firstCommentID } : {}),
        }),
      );
      assert.equal(response.statusCode, 201, response.body);
      const text = statements.map((statement) => statement.sql).join('\n');
      assert.equal(
        text.match(/update "categories"/g)?.length,
        1,
        'own and ancestors’ counters and last post in one statement',
      );
      const { before: beforeBegin, inside, after: afterCommit } = split(statements);
      // The token with its user's permission subject (no separate users query), the discussion,
      // (the parent comment), the author's latest comment dates (flood control).
      assert.equal(
        beforeBegin.length,
        reply ? 4 : 3,
        beforeBegin.map((statement) => statement.sql.slice(0, 60)).join('\n'),
      );
      assert.match(beforeBegin[0]!.sql, /"isAdmin"[\s\S]*from "accessTokens"/);
      // insert, (the parent's reply count), the discussion; then the author, the read position
      // and the categories: on PostgreSQL sent with the COMMIT in one round trip, and a
      // top-level comment's insert and discussion counters are one statement there.
      const expected =
        testDialect === 'postgres' ? (reply ? 4 : 2) : (reply ? 1 : 0) + 6;
      assert.equal(
        inside.length,
        expected,
        inside.map((statement) => statement.sql.slice(0, 60)).join('\n'),
      );
      for (const statement of afterCommit)
        assert.doesNotMatch(
          statement.sql,
          /from "(comments|discussions)"/,
          'the new comment and its discussion are not read again',
        );
    });
  }
});
