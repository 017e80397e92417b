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
import { createCountedComment } from '../src/features/comments/comments.counters.repo.ts';

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
  let memberID: number;
  let rootID: number;
  let childID: number;

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
    rootID = root.categoryID;
    childID = child.categoryID;
    discussionID = await createTestDiscussion(t, admin, { categoryID: child.categoryID });
    const member = await createUser(t);
    memberID = member.userID;
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
    test(`a ${reply ? 'reply' : 'top-level comment'}: one category statement, one short transaction or statement, nothing read back`, async () => {
      // Earlier comments' subscribers finish first; this comment's own run inside the recording.
      await t.app.deps.events.settled();
      const { value: response, statements: recorded } = await capture.record(async () => {
        const answer = await post({
          body: 'Thanks, **that worked**.',
          ...(reply ? { parentCommentID: firstCommentID } : {}),
        });
        await t.app.deps.events.settled();
        return answer;
      });
      assert.equal(response.statusCode, 201, response.body);
      // After the commit, the commentAdded subscriber queues one notification job, however many
      // people will be notified (issue 13); it is not part of the comment's own statements.
      const isJobInsert = (statement: CapturedStatement) => /^insert into "jobs"/.test(statement.sql);
      assert.equal(recorded.filter(isJobInsert).length, 1, 'one notification job per comment');
      const statements = recorded.filter((statement) => !isJobInsert(statement));
      const text = statements.map((statement) => statement.sql).join('\n');
      assert.equal(
        text.match(/update "categories"/g)?.length,
        1,
        'own and ancestors’ counters and last post in one statement',
      );
      const oneStatement = testDialect === 'postgres' && !reply;
      // A top-level comment on PostgreSQL: the insert and every counter in one statement, atomic
      // without BEGIN/COMMIT. Otherwise one transaction.
      const write = oneStatement
        ? statements.findIndex((statement) =>
            /^with "inserted" as \(insert into "comments"/.test(statement.sql),
          )
        : -1;
      if (oneStatement) {
        assert.ok(write >= 0, 'one statement creates and counts the comment');
        assert.match(
          statements[write]!.sql,
          /update "discussions"[\s\S]*update "users"[\s\S]*insert into "userDiscussions"[\s\S]*update "categories"/,
          'in the lock order',
        );
        assert.equal(
          statements.some((statement) => /^(begin|commit)\b/i.test(statement.sql.trim())),
          false,
        );
      }
      const {
        before: beforeBegin,
        inside,
        after: afterCommit,
      } = oneStatement
        ? {
            before: statements.slice(0, write),
            inside: [statements[write]!],
            after: statements.slice(write + 1),
          }
        : split(statements);
      // The token with its user's permission subject (no separate users query), the discussion,
      // (the parent comment), the author's latest comment dates (flood control), the author's
      // registration, verification and accepted posts (the spam rules, issue 17; one key read).
      assert.equal(
        beforeBegin.length,
        reply ? 5 : 4,
        beforeBegin.map((statement) => statement.sql.slice(0, 60)).join('\n'),
      );
      assert.match(beforeBegin[0]!.sql, /"isAdmin"[\s\S]*from "accessTokens"/);
      // A reply: insert, the parent's reply count, the discussion; then the author, the read
      // position and the categories, on PostgreSQL sent with the COMMIT in one round trip.
      const expected = oneStatement ? 1 : testDialect === 'postgres' ? 4 : (reply ? 1 : 0) + 6;
      assert.equal(
        inside.length,
        expected,
        inside.map((statement) => statement.sql.slice(0, 60)).join('\n'),
      );
      for (const statement of afterCommit)
        assert.doesNotMatch(
          statement.sql,
          /from "(comments|discussions|users)"/,
          'the new comment, its discussion and its author (read with the token) are not read again',
        );
    });
  }

  test('a discussion moved between its read and the write: the categories it left are not counted', async () => {
    const categoryCounts = async () =>
      t.db
        .selectFrom('categories')
        .select(['categoryID', 'countComments', 'countAllComments'])
        .where('categoryID', 'in', [rootID, childID])
        .orderBy('categoryID')
        .execute();
    const before = await categoryCounts();
    const countBefore = (
      await t.db
        .selectFrom('discussions')
        .select('countComments')
        .where('discussionID', '=', discussionID)
        .executeTakeFirstOrThrow()
    ).countComments;
    const now = new Date().toISOString();
    // The counters as a writer builds them from a stale read that put the discussion in the root.
    const created = await createCountedComment(
      t.db,
      {
        discussionID,
        parentCommentID: null,
        depth: 1,
        body: 'stale',
        format: 'text',
        bodyHtml: '<p>stale</p>',
        bodyPlainText: 'stale',
        insertUserID: memberID,
        dateInserted: now,
        moderationStatus: 'accepted',
      },
      0,
      // The category as a writer read it before the discussion moved: the root.
      { categoryID: rootID, chainIDs: [rootID] },
    );
    assert.deepEqual(created.counted, {
      countComments: Number(countBefore) + 1,
      categoryID: childID,
    });
    assert.ok(created.comment.commentID > firstCommentID);
    assert.deepEqual(
      await categoryCounts(),
      before,
      'no category counted: the caller counts it where the discussion is',
    );
  });
});
