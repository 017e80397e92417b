import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Category } from '../../common/src/api/categories.ts';
import type { Comment } from '../../common/src/api/comments.ts';
import { createTestApp, testDialect, type TestApp } from './harness.ts';
import { asAdmin, bearerFor, createUser, inject, type TestActor, type TestUser } from './actors.ts';
import {
  categoryCounters,
  createTestDiscussion,
  discussionCounters,
  rich2,
  setSettings,
  userCommentCount,
} from '../src/features/comments/comments.test-support.ts';

const MEMBERS = 40;
const ROUNDS = 6;

// Issue 4: comment creation under load. Many members write at once into few discussions of one
// category tree (top-level comments, replies, new discussions): every request must succeed (no
// 500 from a deadlock or a serialization failure) and every counter must end exactly right.
describe(`concurrent comment creation (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  let members: { user: TestUser; headers: Record<string, string> }[];
  let root: Category;
  let left: Category;
  let right: Category;
  let leaf: Category;
  let discussions: { discussionID: number; categoryID: number }[];

  const createCategory = async (body: Record<string, unknown>): Promise<Category> => {
    const response = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/categories',
      payload: body,
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Category;
  };

  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
    await setSettings(t, admin, {
      'floodControl.comments.count': 1000,
      'floodControl.discussions.count': 1000,
    });
    root = await createCategory({ name: 'Town', urlcode: 'town' });
    left = await createCategory({
      name: 'Market',
      urlcode: 'market',
      parentCategoryID: root.categoryID,
    });
    right = await createCategory({
      name: 'Harbour',
      urlcode: 'harbour',
      parentCategoryID: root.categoryID,
    });
    leaf = await createCategory({
      name: 'Fish stalls',
      urlcode: 'fish-stalls',
      parentCategoryID: left.categoryID,
    });
    discussions = [];
    for (const category of [left, right, leaf, leaf]) {
      const discussionID = await createTestDiscussion(t, admin, {
        categoryID: category.categoryID,
      });
      discussions.push({ discussionID, categoryID: category.categoryID });
    }
    members = [];
    for (let index = 0; index < MEMBERS; index += 1) {
      const user = await createUser(t);
      members.push({ user, headers: (await bearerFor(t, user.userID)).headers });
    }
  });
  after(async () => {
    await t.close();
  });

  test('many members comment, reply and start discussions at once: no 500, counters exact', async () => {
    const before = new Map<number, Awaited<ReturnType<typeof categoryCounters>>>();
    for (const category of [root, left, right, leaf])
      before.set(category.categoryID, await categoryCounters(t, category.categoryID));
    // One top-level comment per discussion to reply to.
    const parents: Comment[] = [];
    for (const discussion of discussions) {
      const response = await inject(t, admin, {
        method: 'POST',
        url: '/api/v2/comments',
        payload: {
          body: rich2('First!'),
          format: 'rich2',
          parentRecordType: 'discussion',
          parentRecordID: discussion.discussionID,
        },
      });
      assert.equal(response.statusCode, 201, response.body);
      parents.push(response.json() as Comment);
    }

    const failures: string[] = [];
    const created: { comment: Comment; categoryID: number }[] = [];
    const newDiscussions: { discussionID: number; categoryID: number; userID: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await Promise.all(
        members.map(async (member, index) => {
          const kind = (index + round) % 8;
          if (kind === 7) {
            const category = [left, right, leaf][(index + round) % 3]!;
            const response = await inject(t, member, {
              method: 'POST',
              url: '/api/v2/discussions',
              payload: {
                name: `Round ${String(round)} by ${member.user.name}`,
                body: 'Hello.',
                format: 'text',
                categoryID: category.categoryID,
              },
            });
            if (response.statusCode !== 201)
              failures.push(`discussion ${String(response.statusCode)}: ${response.body}`);
            else
              newDiscussions.push({
                discussionID: (response.json() as { discussionID: number }).discussionID,
                categoryID: category.categoryID,
                userID: member.user.userID,
              });
            return;
          }
          const target = discussions[(index * 7 + round) % discussions.length]!;
          const parent = kind % 3 === 0 ? parents[discussions.indexOf(target)] : undefined;
          const response = await inject(t, member, {
            method: 'POST',
            url: '/api/v2/comments',
            payload: {
              body: rich2(`Round ${String(round)}, member ${String(index)}.`),
              format: 'rich2',
              parentRecordType: 'discussion',
              parentRecordID: target.discussionID,
              ...(parent ? { parentCommentID: parent.commentID } : {}),
            },
          });
          if (response.statusCode !== 201)
            failures.push(`comment ${String(response.statusCode)}: ${response.body}`);
          else created.push({ comment: response.json() as Comment, categoryID: target.categoryID });
        }),
      );
    }
    assert.deepEqual(failures, []);

    // Every counter is exactly what the rows say.
    for (const [index, discussion] of discussions.entries()) {
      const mine = created.filter(
        (entry) => entry.comment.discussionID === discussion.discussionID,
      );
      const counters = await discussionCounters(t, discussion.discussionID);
      assert.equal(counters.countComments, mine.length + 1);
      const newest = [...mine].sort((a, b) => b.comment.commentID - a.comment.commentID)[0];
      assert.equal(counters.lastCommentID, newest?.comment.commentID);
      const parent = await t.db
        .selectFrom('comments')
        .select('countChildComments')
        .where('commentID', '=', parents[index]!.commentID)
        .executeTakeFirstOrThrow();
      assert.equal(
        Number(parent.countChildComments),
        mine.filter((entry) => entry.comment.parentCommentID !== null).length,
      );
    }
    const subtree: Record<number, number[]> = {
      [root.categoryID]: [root.categoryID, left.categoryID, right.categoryID, leaf.categoryID],
      [left.categoryID]: [left.categoryID, leaf.categoryID],
      [right.categoryID]: [right.categoryID],
      [leaf.categoryID]: [leaf.categoryID],
    };
    for (const category of [root, left, right, leaf]) {
      const was = before.get(category.categoryID)!;
      const now = await categoryCounters(t, category.categoryID);
      const own =
        created.filter((entry) => entry.categoryID === category.categoryID).length +
        parents.filter((_, i) => discussions[i]!.categoryID === category.categoryID).length;
      const all = [
        ...created.map((entry) => entry.categoryID),
        ...discussions.map((d) => d.categoryID),
      ].filter((id) => subtree[category.categoryID]!.includes(id)).length;
      assert.equal(now.countComments, was.countComments + own, `countComments of ${category.name}`);
      assert.equal(
        now.countAllComments,
        was.countAllComments + all,
        `countAllComments of ${category.name}`,
      );
      const row = await t.db
        .selectFrom('categories')
        .select(['countDiscussions', 'countAllDiscussions'])
        .where('categoryID', '=', category.categoryID)
        .executeTakeFirstOrThrow();
      const ownDiscussions = [...discussions, ...newDiscussions].filter(
        (d) => d.categoryID === category.categoryID,
      ).length;
      const allDiscussions = [...discussions, ...newDiscussions].filter((d) =>
        subtree[category.categoryID]!.includes(d.categoryID),
      ).length;
      assert.equal(
        Number(row.countDiscussions),
        ownDiscussions,
        `countDiscussions of ${category.name}`,
      );
      assert.equal(
        Number(row.countAllDiscussions),
        allDiscussions,
        `countAllDiscussions of ${category.name}`,
      );
    }
    for (const member of members) {
      const mine = created.filter(
        (entry) => entry.comment.insertUserID === member.user.userID,
      ).length;
      assert.equal(await userCommentCount(t, member.user.userID), mine);
    }
  });
});
