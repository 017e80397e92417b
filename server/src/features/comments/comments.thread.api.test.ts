import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  inject,
  type TestActor,
  type TestUser,
} from '../../../test/actors.ts';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { CommentThread, ThreadItem } from '../../../../common/src/api/comments.ts';
import type { LongRunnerResult } from '../../../../common/src/api/long-runner.ts';
import type { RequestContext } from '../../http/context.ts';
import { loadPermissionSet } from '../../permissions/permission-set.ts';
import { findCommentLocation } from './comments.service.ts';
import {
  categoryCounters,
  discussionCounters,
  createTestDiscussion,
  postTestComment,
  setSettings,
  userCommentCount,
} from './comments.test-support.ts';

interface ErrorBody {
  message: string;
  status: number;
  permissions?: string[];
  recordIDs?: number[];
  errors?: { field: string }[];
}

/** A compact picture of a structure: comment IDs, and holes as `hole(offset:count)`. */
function shape(items: readonly ThreadItem[]): unknown[] {
  return items.map((item) =>
    item.type === 'hole'
      ? `hole(${String(item.offset)}:${String(item.countAllComments)})`
      : item.children.length === 0
        ? item.commentID
        : [item.commentID, shape(item.children)],
  );
}

describe(`comment threads and bulk deletes (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let member: TestActor<TestUser>;
  let otherMember: TestActor<TestUser>;
  let moderator: TestActor<TestUser>;
  let guest: TestActor<null>;
  let open: Category;
  let restricted: Category;

  const get = (actor: TestActor | null, url: string) =>
    inject(t, actor, {
      method: 'GET',
      url: url.replace('http://hearth.test', ''),
    });

  const threadOf = async (actor: TestActor | null, query: string): Promise<CommentThread> => {
    const response = await get(actor, `/api/v2/comments/thread?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as CommentThread;
  };

  const bulkDelete = (actor: TestActor | null, payload: Record<string, unknown>, query = '') =>
    inject(t, actor, { method: 'DELETE', url: `/api/v2/comments/list${query}`, payload });

  const contextOf = async (userID: number): Promise<RequestContext> => ({
    ...t.app.deps,
    actor: {
      userID,
      via: userID > 0 ? 'session' : 'guest',
      sessionID: null,
      transientKey: null,
      csrfFailed: false,
      banned: false,
    },
    permissions: await loadPermissionSet(t.db, userID),
    ipAddress: '127.0.0.1',
    userAgent: null,
  });

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    member = await asMember(t);
    otherMember = await asMember(t);
    moderator = await asModerator(t);
    guest = await asGuest(t);
    await setSettings(t, admin, { 'floodControl.comments.count': 1000 });
    const create = async (body: Record<string, unknown>) => {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/categories',
        payload: body,
      });
      assert.equal(response.statusCode, 201, response.body);
      return response.json() as Category;
    };
    open = await create({ name: 'Threads', urlcode: 'threads' });
    const memberRole = await t.db
      .selectFrom('roles')
      .select('roleID')
      .where('type', '=', 'member')
      .executeTakeFirstOrThrow();
    const guestRole = await t.db
      .selectFrom('roles')
      .select('roleID')
      .where('type', '=', 'guest')
      .executeTakeFirstOrThrow();
    restricted = await create({
      name: 'Hidden',
      urlcode: 'hidden',
      customPermissions: true,
      permissions: [
        { roleID: memberRole.roleID, permissions: { 'discussions.view': false } },
        { roleID: guestRole.roleID, permissions: { 'discussions.view': false } },
      ],
    });
  });
  after(async () => {
    await t.close();
  });

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
      discussionID = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const add = async (name: string, actor: TestActor, parent?: string) => {
        const comment = await postTestComment(t, actor, {
          discussionID,
          text: name,
          ...(parent === undefined ? {} : { parentCommentID: ids[parent] as number }),
        });
        ids[name] = comment.commentID;
      };
      await add('A', member);
      await add('a1', otherMember, 'A');
      await add('a1x', member, 'a1');
      await add('a1xy', otherMember, 'a1x');
      for (const name of ['a2', 'a3', 'a4', 'a5'])
        await add(name, name === 'a5' ? moderator : otherMember, 'A');
      await add('B', member);
      await add('C', member);
      await add('c1', otherMember, 'C');
      await add('D', member);
    });

    test('top-level page with replies to collapseChildDepth and collapseChildLimit; holes count what they hide', async () => {
      const response = await get(
        guest,
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
        [otherMember.user.userID, moderator.user.userID].sort(),
      );

      const filled = await get(guest, hole.apiUrl);
      assert.equal(filled.statusCode, 200, filled.body);
      const branch = filled.json() as CommentThread;
      assert.deepEqual(shape(branch.threadStructure), idsOf('a4', 'a5'));
      assert.equal(
        branch.threadStructure[0]?.type === 'comment' ? branch.threadStructure[0].path : '',
        `${String(A)}.${String(ids['a4'])}`,
      );

      const expanded = await threadOf(
        guest,
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
        guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=3&page=2`,
      );
      assert.deepEqual(shape(page2.threadStructure), idsOf('D'));
    });

    test('collapseChildDepth, collapseChildLimit, sort and a sub-thread', async () => {
      const [A, a1, a2, B, C, D] = idsOf('A', 'a1', 'a2', 'B', 'C', 'D');
      const flat = await threadOf(
        guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&collapseChildDepth=1&sort=-dateInserted`,
      );
      assert.deepEqual(shape(flat.threadStructure), [D, [C, ['hole(0:1)']], B, [A, ['hole(0:7)']]]);
      const narrow = await threadOf(
        guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&collapseChildLimit=1&limit=1`,
      );
      assert.deepEqual(shape(narrow.threadStructure), [
        [A, [[a1, [[ids['a1x'], ['hole(0:1)']]]], 'hole(1:4)']],
      ]);
      const sub = await threadOf(
        guest,
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
        guest,
        `parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=1&focusCommentID=${String(a1xy)}`,
      );
      assert.deepEqual(shape(focused.threadStructure), [
        [A, [[a1, [[a1x, [a1xy]]]], a2, a3, 'hole(3:2)']],
      ]);
      assert.ok(focused.commentsByID[String(a1xy)]);
      const onPage3 = await get(
        guest,
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}&limit=1&focusCommentID=${String(c1)}`,
      );
      assert.equal(onPage3.headers['x-app-page-current'], '3');
      assert.deepEqual(shape((onPage3.json() as CommentThread).threadStructure), [[C, [c1]]]);
      const location = await findCommentLocation(await contextOf(0), c1, { limit: 2 });
      assert.deepEqual(location, { discussionID, page: 2 });
      assert.deepEqual(await findCommentLocation(await contextOf(0), a1xy, { limit: 2 }), {
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
        const response = await get(guest, `/api/v2/comments/thread?${query}`);
        assert.ok([400, 422].includes(response.statusCode), `${query}: ${response.body}`);
      }
      assert.equal(
        (
          await get(
            guest,
            '/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=999999',
          )
        ).statusCode,
        404,
      );
      assert.equal(
        (
          await get(
            guest,
            `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(discussionID)}&parentCommentID=999999`,
          )
        ).statusCode,
        404,
      );
      const hidden = await createTestDiscussion(t, admin, { categoryID: restricted.categoryID });
      const denied = await get(
        member,
        `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(hidden)}`,
      );
      assert.equal(denied.statusCode, 403);
      assert.deepEqual((denied.json() as ErrorBody).permissions, ['discussions.view']);
      assert.equal(
        (
          await get(
            moderator,
            `/api/v2/comments/thread?parentRecordType=discussion&parentRecordID=${String(hidden)}`,
          )
        ).statusCode,
        200,
      );
      await assert.rejects(findCommentLocation(await contextOf(0), 999_999, { limit: 30 }), {
        statusCode: 404,
      });
    });
  });

  describe('DELETE /comments/list', () => {
    test('a moderator deletes several comments: progress, and counters follow', async () => {
      const discussionID = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const categoryBefore = await categoryCounters(t, open.categoryID);
      const countBefore = await userCommentCount(t, member.user.userID);
      const keep = await postTestComment(t, member, { discussionID });
      const first = await postTestComment(t, member, { discussionID });
      const second = await postTestComment(t, member, { discussionID });
      const response = await bulkDelete(
        moderator,
        { commentIDs: [first.commentID, second.commentID, second.commentID], deleteMethod: 'full' },
        '?longRunnerMode=sync',
      );
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json() as LongRunnerResult, {
        progress: {
          successIDs: [first.commentID, second.commentID],
          failedIDs: [],
          exceptionsByID: {},
          countTotalIDs: 2,
        },
        callbackPayload: null,
      });
      const counters = await discussionCounters(t, discussionID);
      assert.equal(counters.countComments, 1);
      assert.equal(counters.lastCommentID, keep.commentID);
      assert.equal(
        (await categoryCounters(t, open.categoryID)).countComments,
        categoryBefore.countComments + 1,
      );
      assert.equal(await userCommentCount(t, member.user.userID), countBefore + 1);
    });

    test('tombstone keeps comments with replies; full removes them with their replies', async () => {
      const discussionID = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const top = await postTestComment(t, member, { discussionID });
      const reply = await postTestComment(t, otherMember, {
        discussionID,
        parentCommentID: top.commentID,
      });
      const nested = await postTestComment(t, member, {
        discussionID,
        parentCommentID: reply.commentID,
      });
      const tombstoned = await bulkDelete(moderator, {
        commentIDs: [top.commentID],
        deleteMethod: 'tombstone',
      });
      assert.equal(tombstoned.statusCode, 200, tombstoned.body);
      const stored = await t.db
        .selectFrom('comments')
        .select('displayType')
        .where('commentID', '=', top.commentID)
        .executeTakeFirstOrThrow();
      assert.equal(stored.displayType, 'tombstone');
      assert.equal((await discussionCounters(t, discussionID)).countComments, 2);

      const removed = await bulkDelete(moderator, {
        commentIDs: [reply.commentID],
        deleteMethod: 'full',
      });
      assert.equal(removed.statusCode, 200, removed.body);
      const left = await t.db
        .selectFrom('comments')
        .select('commentID')
        .where('discussionID', '=', discussionID)
        .execute();
      assert.deepEqual(left, [], 'the reply, its own reply and the emptied tombstone are gone');
      assert.equal(nested.discussionID, discussionID);
      const counters = await discussionCounters(t, discussionID);
      assert.equal(counters.countComments, 0);
      assert.equal(counters.lastCommentID, null);
    });

    test('comments of several discussions, too many IDs, bad method: refused before anything is deleted', async () => {
      const one = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const two = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const a = await postTestComment(t, member, { discussionID: one });
      const b = await postTestComment(t, member, { discussionID: two });
      const mixed = await bulkDelete(moderator, {
        commentIDs: [a.commentID, b.commentID],
        deleteMethod: 'full',
      });
      assert.equal(mixed.statusCode, 400);
      assert.equal(
        (mixed.json() as ErrorBody).message,
        'Comments must belong to the same parent record.',
      );
      const tooMany = await bulkDelete(moderator, {
        commentIDs: Array.from({ length: 51 }, (_, index) => index + 1),
        deleteMethod: 'full',
      });
      assert.equal(tooMany.statusCode, 422);
      assert.equal((tooMany.json() as ErrorBody).errors?.[0]?.field, 'commentIDs');
      const badMethod = await bulkDelete(moderator, {
        commentIDs: [a.commentID],
        deleteMethod: 'shred',
      });
      assert.equal(badMethod.statusCode, 422);
      const none = await bulkDelete(moderator, { commentIDs: [], deleteMethod: 'full' });
      assert.equal(none.statusCode, 422);
      assert.equal((await discussionCounters(t, one)).countComments, 1);
      assert.equal((await discussionCounters(t, two)).countComments, 1);
    });

    test('403 naming the comments the actor may not delete; missing IDs fail with 404 in the progress', async () => {
      const discussionID = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const comment = await postTestComment(t, otherMember, { discussionID });
      for (const actor of [member, guest, otherMember]) {
        const refused = await bulkDelete(actor, {
          commentIDs: [comment.commentID],
          deleteMethod: 'full',
        });
        assert.equal(refused.statusCode, 403, refused.body);
        const body = refused.json() as ErrorBody;
        assert.deepEqual(body.permissions, ['comments.delete']);
        assert.deepEqual(body.recordIDs, [comment.commentID]);
      }
      const hidden = await createTestDiscussion(t, admin, { categoryID: restricted.categoryID });
      const secret = await postTestComment(t, moderator, { discussionID: hidden });
      const unseen = await bulkDelete(member, {
        commentIDs: [secret.commentID],
        deleteMethod: 'full',
      });
      assert.equal(unseen.statusCode, 403);
      assert.equal((await discussionCounters(t, hidden)).countComments, 1);

      const partly = await bulkDelete(moderator, {
        commentIDs: [comment.commentID, 999_999],
        deleteMethod: 'full',
      });
      assert.equal(partly.statusCode, 404, partly.body);
      const result = partly.json() as LongRunnerResult;
      assert.deepEqual(result.progress.successIDs, [comment.commentID]);
      assert.deepEqual(result.progress.failedIDs, [999_999]);
      assert.deepEqual(result.progress.exceptionsByID['999999'], {
        message: 'Comment not found.',
        code: 404,
      });
    });

    test('longRunnerTimeout=0 handles one comment per call and answers 408 with a callback payload', async () => {
      const discussionID = await createTestDiscussion(t, admin, { categoryID: open.categoryID });
      const a = await postTestComment(t, member, { discussionID });
      const b = await postTestComment(t, member, { discussionID });
      const response = await bulkDelete(
        moderator,
        { commentIDs: [a.commentID, b.commentID], deleteMethod: 'full' },
        '?longRunnerTimeout=0',
      );
      assert.equal(response.statusCode, 408, response.body);
      const result = response.json() as LongRunnerResult;
      assert.deepEqual(result.progress.successIDs, [a.commentID]);
      assert.equal(typeof result.callbackPayload, 'string');
      assert.equal((await discussionCounters(t, discussionID)).countComments, 1);

      const resumed = await inject(t, moderator, {
        method: 'POST',
        url: '/api/v2/calls/run',
        headers: { 'content-type': 'application/system+jwt' },
        payload: result.callbackPayload ?? '',
      });
      assert.equal(resumed.statusCode, 200, resumed.body);
      const done = resumed.json() as LongRunnerResult;
      assert.deepEqual(done.progress.successIDs, [b.commentID]);
      assert.equal(done.callbackPayload, null);
      assert.equal((await discussionCounters(t, discussionID)).countComments, 0);
    });
  });
});
