import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { type TestActor } from '../../../test/actors.ts';
import type { CommentThread } from '../../../../common/src/api/comments.ts';
import { findCommentLocation } from './comments.thread.service.ts';
import { createTestDiscussion, postTestComment } from './comments.test-support.ts';
import { shape, useCommentsApi } from './comments.api-fixture.ts';
import type { ErrorBody } from '../../../test/factories.ts';

describe(`comment threads (${testDialect})`, () => {
  const w = useCommentsApi();

  const threadOf = async (actor: TestActor | null, query: string): Promise<CommentThread> => {
    const response = await w.get(actor, `/api/v2/comments/thread?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as CommentThread;
  };

  describe('GET /comments/thread', () => {
    // A(a1(a1x(a1xy)), a2, a3, a4, a5), B, C(c1), D
    let discussionID: number;
    const ids: Record<string, number> = {};
    const idsOf = <const N extends string[]>(...names: N) =>
      names.map((name) => {
        const id = ids[name];
        assert.ok(id !== undefined, name);
        return id;
      }) as { [K in keyof N]: number };

    before(async () => {
      discussionID = await createTestDiscussion(w.t, w.admin, { categoryID: w.open.categoryID });
      const add = async (name: string, actor: TestActor, parent?: string) => {
        const comment = await postTestComment(w.t, actor, {
          discussionID,
          text: name,
          ...(parent === undefined ? {} : { parentCommentID: ids[parent] as number }),
        });
        ids[name] = comment.commentID;
      };
      await add('A', w.member);
      await add('a1', w.otherMember, 'A');
      await add('a1x', w.member, 'a1');
      await add('a1xy', w.otherMember, 'a1x');
      for (const name of ['a2', 'a3', 'a4', 'a5'])
        await add(name, name === 'a5' ? w.moderator : w.otherMember, 'A');
      await add('B', w.member);
      await add('C', w.member);
      await add('c1', w.otherMember, 'C');
      await add('D', w.member);
    });

    test('top-level page with replies to collapseChildDepth and collapseChildLimit; holes count what they hide', async () => {
      const response = await w.get(
        w.guest,
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=3`,
      );
      assert.equal(response.statusCode, 200, response.body);
      const thread = response.json() as CommentThread;
      const [A, a1, a1x, a2, a3, B, C, c1] = idsOf('A', 'a1', 'a1x', 'a2', 'a3', 'B', 'C', 'c1');
      assert.deepEqual(shape(thread.threadStructure), [
        [A, [[a1, [[a1x, ['hole(0:1)']]]], a2, a3, 'hole(3:2)']],
        B,
        [C, [c1]],
      ]);
      assert.deepEqual(
        Object.keys(thread.commentsByID)
          .map(Number)
          .sort((x, y) => x - y),
        [A, a1, a1x, a2, a3, B, C, c1].sort((x, y) => x - y),
      );
      assert.equal(
        thread.commentsByID[String(a1)]?.body,
        '<p>a1</p>',
        'no parent quote inside a thread',
      );
      assert.equal(response.headers['x-app-page-result-count'], '4');
      assert.match(String(response.headers['x-app-page-next-url']), /page=2/);

      const top = thread.threadStructure[0];
      assert.ok(top?.type === 'comment');
      const hole = top.children[3];
      assert.ok(hole?.type === 'hole');
      assert.equal(hole.parentCommentID, A);
      assert.equal(hole.depth, 2);
      assert.equal(hole.countAllInsertUsers, 2);
      assert.deepEqual(
        hole.insertUsers.map((user) => user.userID).sort(),
        [w.otherMember.user.userID, w.moderator.user.userID].sort(),
      );

      const filled = await w.get(w.guest, hole.apiUrl);
      assert.equal(filled.statusCode, 200, filled.body);
      const branch = filled.json() as CommentThread;
      assert.deepEqual(shape(branch.threadStructure), idsOf('a4', 'a5'));
      assert.equal(
        branch.threadStructure[0]?.type === 'comment' ? branch.threadStructure[0].path : '',
        `${String(A)}.${String(ids['a4'])}`,
      );

      const expanded = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=1&expand=reactions,-insertUser`,
      );
      const expandedTop = expanded.commentsByID[String(A)];
      assert.deepEqual(expandedTop?.reactions, []);
      assert.equal(expandedTop && 'insertUser' in expandedTop, false);
      const expandedHole = expanded.threadStructure[0];
      assert.ok(expandedHole?.type === 'comment');
      const lastChild = expandedHole.children.at(-1);
      assert.match(
        lastChild?.type === 'hole' ? lastChild.apiUrl : '',
        /expand=reactions%2C-insertUser/,
      );

      const page2 = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=3&page=2`,
      );
      assert.deepEqual(shape(page2.threadStructure), idsOf('D'));
    });

    test('collapseChildDepth, collapseChildLimit, sort and a sub-thread', async () => {
      const [A, a1, a2, B, C, D] = idsOf('A', 'a1', 'a2', 'B', 'C', 'D');
      const flat = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&collapseChildDepth=1&sort=-dateInserted`,
      );
      assert.deepEqual(shape(flat.threadStructure), [D, [C, ['hole(0:1)']], B, [A, ['hole(0:7)']]]);
      const narrow = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&collapseChildLimit=1&limit=1`,
      );
      assert.deepEqual(shape(narrow.threadStructure), [
        [A, [[a1, [[ids['a1x'], ['hole(0:1)']]]], 'hole(1:4)']],
      ]);
      const sub = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&parentCommentID=${String(A)}&limit=2&collapseChildDepth=1`,
      );
      assert.deepEqual(shape(sub.threadStructure), [[a1, ['hole(0:2)']], a2]);
    });

    test('focusCommentID expands its chain and picks its page', async () => {
      const [A, a1, a1x, a1xy, a2, a3, c1, C] = idsOf(
        'A',
        'a1',
        'a1x',
        'a1xy',
        'a2',
        'a3',
        'c1',
        'C',
      );
      const focused = await threadOf(
        w.guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=1&focusCommentID=${String(a1xy)}`,
      );
      assert.deepEqual(shape(focused.threadStructure), [
        [A, [[a1, [[a1x, [a1xy]]]], a2, a3, 'hole(3:2)']],
      ]);
      assert.ok(focused.commentsByID[String(a1xy)]);
      const onPage3 = await w.get(
        w.guest,
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=1&focusCommentID=${String(c1)}`,
      );
      assert.equal(onPage3.headers['x-app-page-current'], '3');
      assert.deepEqual(shape((onPage3.json() as CommentThread).threadStructure), [[C, [c1]]]);
      const location = await findCommentLocation(await w.contextOf(0), c1, { limit: 2 });
      assert.deepEqual(location, { discussionID, page: 2 });
      assert.deepEqual(await findCommentLocation(await w.contextOf(0), a1xy, { limit: 2 }), {
        discussionID,
        page: 1,
      });
    });

    test('bad input, unknown discussion or parent, and a hidden category', async () => {
      for (const query of [
        `parentRecordID=${String(discussionID)}`,
        `parentRecordType=discussion`,
        `parentRecordType=article&parentRecordID=${String(discussionID)}`,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=101`,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&collapseChildDepth=0`,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&sort=commentID`,
      ]) {
        const response = await w.get(w.guest, `/api/v2/comments/thread?${query}`);
        assert.ok([400, 422].includes(response.statusCode), `${query}: ${response.body}`);
      }
      assert.equal(
        (
          await w.get(
            w.guest,
            '/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=999999',
          )
        ).statusCode,
        404,
      );
      assert.equal(
        (
          await w.get(
            w.guest,
            `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}&parentCommentID=999999`,
          )
        ).statusCode,
        404,
      );
      const hidden = await createTestDiscussion(w.t, w.admin, {
        categoryID: w.restricted.categoryID,
      });
      const denied = await w.get(
        w.member,
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(hidden)}`,
      );
      assert.equal(denied.statusCode, 403);
      assert.deepEqual((denied.json() as ErrorBody).permissions, ['discussions.view']);
      assert.equal(
        (
          await w.get(
            w.moderator,
            `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(hidden)}`,
          )
        ).statusCode,
        200,
      );
      await assert.rejects(findCommentLocation(await w.contextOf(0), 999_999, { limit: 30 }), {
        statusCode: 404,
      });
    });
  });
});
