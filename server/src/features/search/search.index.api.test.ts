import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inject } from '../../../test/actors.ts';
import {
  makeCategory,
  makeComment,
  makeDiscussion,
  rich2,
  roleIDOf,
  type ErrorBody,
} from '../../../test/factories.ts';
import { testDialect } from '../../../test/harness.ts';
import { dialectOf } from '../../platform/db/dialect.ts';
import { searchEngineFor } from '../../platform/search/search-engines.ts';
import { keysOf, searchAs, uniqueWord, useSearchFixture } from './search.api-fixture.ts';

describe(`GET /search: the index follows every change; text handling; bad input (${testDialect})`, () => {
  const fx = useSearchFixture();
  let t: typeof fx.t;
  before(() => {
    ({ t } = fx);
  });
  const d = (id: number): string => `discussion:${String(id)}`;
  const c = (id: number): string => `comment:${String(id)}`;

  test('edits: old words stop matching, new ones match at once', async () => {
    const before = uniqueWord();
    const after = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `Old ${before}` });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `reply ${before}` });
    const edit = await inject(t, fx.admin, {
      method: 'PATCH',
      url: `/api/v2/discussions/${String(discussion.discussionID)}`,
      payload: { name: `New ${after}` },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    const commentEdit = await inject(t, fx.admin, {
      method: 'PATCH',
      url: `/api/v2/comments/${String(comment.commentID)}`,
      payload: { body: rich2(`changed ${after}`), format: 'rich2' },
    });
    assert.equal(commentEdit.statusCode, 200, commentEdit.body);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${before}`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${after}`)).sort(), [c(comment.commentID), d(discussion.discussionID)].sort());
  });

  test('deletes: a deleted discussion, its comments and a deleted comment are gone', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const kept = await makeDiscussion(t, { categoryID: category.categoryID, name: `Kept ${word}` });
    const doomedComment = await makeComment(t, { discussionID: kept.discussionID, text: `doomed ${word}` });
    const doomed = await makeDiscussion(t, { categoryID: category.categoryID, name: `Doomed ${word}` });
    await makeComment(t, { discussionID: doomed.discussionID, text: `child ${word}` });
    const removeComment = await inject(t, fx.admin, { method: 'DELETE', url: `/api/v2/comments/${String(doomedComment.commentID)}` });
    assert.equal(removeComment.statusCode, 204, removeComment.body);
    const removeDiscussion = await inject(t, fx.admin, { method: 'DELETE', url: `/api/v2/discussions/${String(doomed.discussionID)}` });
    assert.equal(removeDiscussion.statusCode, 204, removeDiscussion.body);
    const answer = await searchAs(t, fx.admin, `query=${word}`);
    assert.deepEqual(keysOf(answer), [d(kept.discussionID)]);
    assert.equal(answer.total, 1);
  });

  test('moves: a discussion and its comments follow it to its new category (and out of sight)', async () => {
    const word = uniqueWord();
    const from = await makeCategory(t);
    const to = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: from.categoryID, name: `Moving ${word}` });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `along ${word}` });
    const move = await inject(t, fx.admin, {
      method: 'PATCH',
      url: '/api/v2/discussions/move',
      payload: { discussionIDs: [discussion.discussionID], categoryID: to.categoryID },
    });
    assert.equal(move.statusCode, 200, move.body);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(from.categoryID)}`)), []);
    assert.deepEqual(
      keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(to.categoryID)}`)).sort(),
      [c(comment.commentID), d(discussion.discussionID)].sort(),
    );
  });

  test('merges: the merged discussion is gone, its comments are found in the destination', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const destination = await makeDiscussion(t, { categoryID: category.categoryID, name: `Destination ${word}` });
    const source = await makeDiscussion(t, { categoryID: category.categoryID, name: `Source ${word}` });
    const comment = await makeComment(t, { discussionID: source.discussionID, text: `merged ${word}` });
    const merge = await inject(t, fx.admin, {
      method: 'PATCH',
      url: '/api/v2/discussions/merge',
      payload: { discussionIDs: [source.discussionID], destinationDiscussionID: destination.discussionID },
    });
    assert.equal(merge.statusCode, 200, merge.body);
    const answer = await searchAs(t, fx.member, `query=${word}`);
    assert.ok(!keysOf(answer).includes(d(source.discussionID)), answer.body);
    assert.ok(keysOf(answer).includes(d(destination.discussionID)));
    const moved = answer.results.filter((result) => result.recordType === 'comment').map((result) => result.discussionID);
    assert.ok(moved.every((id) => id === destination.discussionID), answer.body);
    assert.ok(moved.length >= 1 || !keysOf(answer).includes(c(comment.commentID)));
  });

  test('splits: comments split into a new discussion in another category are found there', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const other = await makeCategory(t);
    const original = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Original thread' });
    const comment = await makeComment(t, { discussionID: original.discussionID, text: `split away ${word}` });
    const split = await inject(t, fx.admin, {
      method: 'POST',
      url: '/api/v2/discussions/split',
      payload: { newPost: { name: `Split ${word}`, categoryID: other.categoryID }, commentIDs: [comment.commentID] },
    });
    assert.equal(split.statusCode, 200, split.body);
    const answer = await searchAs(t, fx.member, `query=${word}&categoryID=${String(other.categoryID)}`);
    const found = answer.results.map((result) => `${result.recordType}:${String(result.discussionID)}`);
    assert.equal(answer.total, 2, answer.body);
    assert.ok(found.every((key) => !key.endsWith(`:${String(original.discussionID)}`)), answer.body);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}&categoryID=${String(category.categoryID)}`)), []);
  });

  test('category permission changes apply to the next search', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `Soon hidden ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}`)), [d(discussion.discussionID)]);
    const hide = await inject(t, fx.admin, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}`,
      payload: {
        customPermissions: true,
        permissions: [
          { roleID: await roleIDOf(t, 'member'), permissions: { 'discussions.view': false } },
          { roleID: await roleIDOf(t, 'guest'), permissions: { 'discussions.view': false } },
        ],
      },
    });
    assert.equal(hide.statusCode, 200, hide.body);
    const hidden = await searchAs(t, fx.member, `query=${word}`);
    assert.deepEqual(keysOf(hidden), []);
    assert.equal(hidden.total, 0);
    assert.deepEqual(keysOf(await searchAs(t, fx.admin, `query=${word}`)), [d(discussion.discussionID)]);
  });

  test('a rebuild of the index keeps every result and reports its progress', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `Rebuilt ${word}` });
    const comment = await makeComment(t, { discussionID: discussion.discussionID, text: `also ${word}` });
    const steps: [number, number][] = [];
    await searchEngineFor(dialectOf(t.db)).rebuild(t.db, (done, total) => steps.push([done, total]));
    assert.ok(steps.length >= 2);
    const [lastDone, lastTotal] = steps.at(-1) ?? [0, -1];
    assert.equal(lastDone, lastTotal);
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=${word}`)).sort(), [c(comment.commentID), d(discussion.discussionID)].sort());
    // Posts written after the rebuild are indexed too (on PostgreSQL the rebuilt tables replace the old ones).
    const later = await makeComment(t, { discussionID: discussion.discussionID, text: `later ${word}` });
    assert.deepEqual(keysOf(await searchAs(t, fx.member, `query=later%20${word}`)), [c(later.commentID)]);
  });

  test('accents fold both ways', async () => {
    const stem = uniqueWord('cr');
    const category = await makeCategory(t);
    const accented = await makeDiscussion(t, { categoryID: category.categoryID, name: `Crème ${stem}é brûlée` });
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${encodeURIComponent(`creme ${stem}e`)}`)), [d(accented.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${encodeURIComponent(`BRULÉE ${stem}É`)}`)), [d(accented.discussionID)]);
  });

  test('CJK text is found by two- and three-character substrings', async () => {
    const category = await makeCategory(t);
    const marker = uniqueWord();
    const discussion = await makeDiscussion(t, {
      categoryID: category.categoryID,
      name: `東京タワーの夜景 ${marker}`,
      body: rich2('今日は天気がとても良いです。한국어 문장입니다.'),
    });
    for (const needle of ['東京', 'タワー', '天気が', '국어']) {
      const answer = await searchAs(t, fx.guest, `query=${encodeURIComponent(needle)}&categoryID=${String(category.categoryID)}`);
      assert.deepEqual(keysOf(answer), [d(discussion.discussionID)], needle);
    }
    const mixed = await searchAs(t, fx.guest, `query=${encodeURIComponent(`夜景 ${marker}`)}`);
    assert.deepEqual(keysOf(mixed), [d(discussion.discussionID)]);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${encodeURIComponent('大阪')}&categoryID=${String(category.categoryID)}`)), []);
  });

  test('search syntax characters never raise', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `Syntax ${word}` });
    const queries = [
      `"${word}`,
      `${word}*`,
      `-${word}`,
      `${word} OR`,
      `NEAR(${word})`,
      `:${word}:`,
      `${word} AND NOT`,
      `(${word}`,
      `${word}'`,
      `^${word} \\`,
    ];
    for (const query of queries) {
      const answer = await searchAs(t, fx.member, `query=${encodeURIComponent(query)}`);
      assert.deepEqual(keysOf(answer), [d(discussion.discussionID)], query);
    }
    for (const query of ['"', '*', '-', ':', 'OR', '" * - :']) {
      const answer = await searchAs(t, fx.member, `query=${encodeURIComponent(query)}`);
      assert.equal(answer.status, 200, `${query}: ${answer.body}`);
    }
  });

  test('typeaheads match the last word as a prefix', async () => {
    const word = uniqueWord();
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: `Prefix ${word}` });
    const partial = word.slice(0, -3);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${partial}`)), []);
    assert.deepEqual(keysOf(await searchAs(t, fx.guest, `query=${partial}&includeTypeaheads=true`)), [d(discussion.discussionID)]);
  });

  test('bad input answers the contract’s error shape, never 5xx', async () => {
    const cases: [string, number, string][] = [
      ['query=', 400, 'query'],
      [`query=${'x'.repeat(301)}`, 422, 'query'],
      ['query=a&recordTypes=article', 422, 'recordTypes.0'],
      ['query=a&types[]=banana', 422, 'types.0'],
      ['query=a&dateInserted=yesterday', 422, 'dateInserted'],
      ['query=a&dateUpdated=[2024-01-01,', 422, 'dateUpdated'],
      ['query=a&categoryID=abc', 422, 'categoryID'],
      ['query=a&insertUserIDs=99999999999', 422, 'insertUserIDs.0'],
      ['query=a&page=0', 422, 'page'],
      ['query=a&sort=random', 422, 'sort'],
      ['query=a&queryOperator=xor', 422, 'queryOperator'],
    ];
    for (const [query, status, field] of cases) {
      const answer = await searchAs(t, fx.member, query);
      assert.equal(answer.status, status, `${query}: ${answer.body}`);
      const body = JSON.parse(answer.body) as ErrorBody;
      assert.equal(body.message, 'Validation Failed', query);
      assert.equal(body.status, status, query);
      assert.ok(body.errors?.some((error) => error.field === field), `${query}: ${answer.body}`);
    }
  });

  test('hostile values in every parameter never answer 5xx', async () => {
    const parameters = [
      'query', 'name', 'recordTypes', 'types', 'queryOperator', 'discussionID', 'categoryID', 'categoryIDs',
      'followedCategories', 'includeChildCategories', 'tags', 'tagOperator', 'insertUserIDs', 'insertUserNames',
      'includedInsertUserRoleIDs', 'excludedInsertUserRoleIDs', 'excludedInsertUserIDs', 'dateInserted',
      'dateUpdated', 'email', 'roleIDs', 'includeBanned', 'sort', 'collapse', 'page', 'limit', 'expand',
    ];
    const values = [
      "' or 1=1 --", '"', '\\', '%', '_', '*', '-1', '0', '1e309', '99999999999', 'NaN', '[1,2)', '(', ')',
      'NEAR("a" "b")', '東', 'x'.repeat(5000), '', ' ', 'true', '>=', '[2024-13-45,2024-01-01]',
    ];
    for (const parameter of parameters) {
      for (const value of values) {
        const answer = await searchAs(t, fx.admin, `query=a&${parameter}=${encodeURIComponent(value)}`);
        assert.ok(answer.status < 500, `${parameter}=${value.slice(0, 40)}: ${answer.body}`);
        if (answer.status >= 400) assert.equal((JSON.parse(answer.body) as ErrorBody).status, answer.status);
      }
    }
  });
});
