import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asMember, type TestActor, type TestUser } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { makeActors, makeCategory, makeDiscussion, makeRole, rich2 } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory, report } from './reports.test-support.ts';

// api-contract §27.5 (the approval queue), §27.2 (settings, approval.require), §1.10 (202).

const clock = createTestClock();

describe(`premoderation (${testDialect})`, () => {
  const fx = useTestApp(
    async (t) => {
      const actors = await makeActors(t);
      const { category, categoryModerator } = await makeModeratedCategory(t);
      const open = await makeCategory(t);
      await configure(t, actors.admin, {
        'premoderation.discussions': true,
        'premoderation.comments': true,
        'premoderation.categoryIDs': [category.categoryID],
      });
      const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Queue place' });
      return { ...actors, category, categoryModerator, open, discussion };
    },
    {},
    { clock: clock.now },
  );

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);

  async function postDiscussion(actor: TestActor, category: Category, name = 'Waiting discussion') {
    return call(actor, 'POST', '/api/v2/discussions', { name, body: rich2('Body text'), format: 'rich2', categoryID: category.categoryID });
  }

  async function postComment(actor: TestActor, discussionID: number, text = 'Waiting comment') {
    return call(actor, 'POST', '/api/v2/comments', { body: rich2(text), format: 'rich2', parentRecordType: 'discussion', parentRecordID: discussionID });
  }

  async function readCategory(categoryID: number): Promise<Category> {
    return (await call(fx.admin, 'GET', `/api/v2/categories/${String(categoryID)}`)).json() as Category;
  }

  async function userCount(user: TestUser, column: 'countDiscussions' | 'countComments'): Promise<number> {
    const row = await fx.t.db.selectFrom('users').select(column).where('userID', '=', user.userID).executeTakeFirstOrThrow();
    return Number(row[column]);
  }

  test('a member’s discussion in a premoderated category: 202 with the message and reportID; invisible and counted nowhere', async () => {
    const author = await asMember(fx.t);
    const before = await readCategory(fx.category.categoryID);
    const response = await postDiscussion(author, fx.category);
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json() as { message: string; status: number; reportID: number };
    assert.deepEqual(answer, { message: 'Your discussion will appear after it is approved.', status: 202, reportID: answer.reportID });

    const entry = (await call(fx.categoryModerator, 'GET', `/api/v2/reports/${String(answer.reportID)}`)).json() as Report;
    assert.equal(entry.status, 'new');
    assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['approval-required']);
    assert.equal(entry.isPending, true);
    assert.equal(entry.isPendingUpdate, false);
    assert.equal(entry.recordIsLive, false);
    assert.equal(entry.recordUserID, author.user.userID);
    assert.notEqual(entry.insertUserID, author.user.userID, 'queue entries are inserted by the system user');
    assert.equal(entry.recordName, 'Waiting discussion');

    // A user report in the same category: the queue's pager total leaves it out.
    await configure(fx.t, fx.admin, { 'featureFlags.escalations.Enabled': true });
    await report(fx.t, fx.member, { recordType: 'discussion', recordID: fx.discussion.discussionID });
    const queueResponse = await call(fx.categoryModerator, 'GET', '/api/v2/reports?reportReasonID=approval-required&limit=500');
    const queue = queueResponse.json() as Report[];
    assert.ok(queue.some((item) => item.reportID === answer.reportID));
    assert.equal(queueResponse.headers['x-app-page-result-count'], String(queue.length));
    assert.equal((await call(fx.member, 'GET', '/api/v2/reports?reportReasonID=approval-required')).statusCode, 403);

    const discussionID = entry.recordID ?? 0;
    for (const actor of [author, fx.member, fx.guest])
      assert.equal((await call(actor, 'GET', `/api/v2/discussions/${String(discussionID)}`)).statusCode, 404);
    const asModerator = (await call(fx.categoryModerator, 'GET', `/api/v2/discussions/${String(discussionID)}`)).json() as Discussion;
    assert.equal(asModerator.moderationStatus, 'pending');
    assert.equal((await readCategory(fx.category.categoryID)).countDiscussions, before.countDiscussions);
    assert.equal(await userCount(author.user, 'countDiscussions'), 0);
    const listed = (await call(fx.admin, 'GET', `/api/v2/discussions?categoryID=${String(fx.category.categoryID)}&limit=100`)).json() as Discussion[];
    assert.ok(!listed.some((item) => item.discussionID === discussionID));
  });

  test('approve-record publishes the discussion as if posted then: dated the approval, counted, listed; approving again is a no-op', async () => {
    const author = await asMember(fx.t);
    const before = await readCategory(fx.category.categoryID);
    const { reportID } = (await postDiscussion(author, fx.category, 'To approve')).json() as { reportID: number };
    clock.advance(60 * 60 * 1000);
    const approved = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(reportID)}/approve-record`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    const entry = approved.json() as Report;
    assert.equal(entry.status, 'dismissed');
    assert.equal(entry.isPending, false);
    assert.equal(entry.recordIsLive, true);
    const discussion = (await call(author, 'GET', `/api/v2/discussions/${String(entry.recordID)}`)).json() as Discussion;
    assert.equal(discussion.name, 'To approve');
    assert.equal(discussion.dateInserted, new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, '+00:00'));
    assert.equal((await readCategory(fx.category.categoryID)).countDiscussions, before.countDiscussions + 1);
    assert.equal(await userCount(author.user, 'countDiscussions'), 1);
    const again = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(reportID)}/approve-record`, {});
    assert.equal(again.statusCode, 200);
    assert.equal((await readCategory(fx.category.categoryID)).countDiscussions, before.countDiscussions + 1, 'counted once');
  });

  test('reject-record: the pending comment never appears (404 to all but moderators); the entry is rejected', async () => {
    const author = await asMember(fx.t);
    const response = await postComment(author, fx.discussion.discussionID, 'Rejected words');
    assert.equal(response.statusCode, 202, response.body);
    const answer = response.json() as { message: string; reportID: number };
    assert.equal(answer.message, 'Your comment will appear after it is approved.');
    const rejected = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(answer.reportID)}/reject-record`, {});
    assert.equal(rejected.statusCode, 200, rejected.body);
    const entry = rejected.json() as Report;
    assert.equal(entry.status, 'rejected');
    assert.equal(entry.recordIsLive, false);
    assert.equal(entry.recordName, 'Re: Queue place');
    assert.equal((await call(author, 'GET', `/api/v2/comments/${String(entry.recordID)}`)).statusCode, 404);
    const asModerator = (await call(fx.categoryModerator, 'GET', `/api/v2/comments/${String(entry.recordID)}`)).json() as Comment;
    assert.equal(asModerator.moderationStatus, 'rejected');
    const approveAfter = await call(fx.categoryModerator, 'PATCH', `/api/v2/reports/${String(answer.reportID)}/approve-record`, {});
    assert.equal(approveAfter.statusCode, 200, 'a rejected pending post can still be approved');
  });

  test('an approved comment counts in its discussion and its author’s comments', async () => {
    const author = await asMember(fx.t);
    const { reportID } = (await postComment(author, fx.discussion.discussionID, 'Approved words')).json() as { reportID: number };
    const before = (await call(fx.admin, 'GET', `/api/v2/discussions/${String(fx.discussion.discussionID)}`)).json() as Discussion;
    const approved = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reportID)}/approve-record`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    const after = (await call(fx.admin, 'GET', `/api/v2/discussions/${String(fx.discussion.discussionID)}`)).json() as Discussion;
    assert.equal(after.countComments, before.countComments + 1);
    assert.equal(await userCount(author.user, 'countComments'), 1);
    const list = (await call(fx.member, 'GET', `/api/v2/comments?discussionID=${String(fx.discussion.discussionID)}`)).json() as Comment[];
    assert.ok(list.some((comment) => comment.commentID === (approved.json() as Report).recordID));
  });

  test('moderators of the category and posts outside the listed categories are published at once (201)', async () => {
    assert.equal((await postDiscussion(fx.categoryModerator, fx.category)).statusCode, 201);
    assert.equal((await postDiscussion(fx.moderator, fx.category)).statusCode, 201);
    assert.equal((await postDiscussion(await asMember(fx.t), fx.open)).statusCode, 201);
  });

  test('premoderation.keywords: a matching word (any case) sends a post to the queue in every category, naming the word', async () => {
    await configure(fx.t, fx.admin, { 'premoderation.keywords': 'casino; free money' });
    try {
      const response = await postDiscussion(await asMember(fx.t), fx.open, 'Best CASINO online');
      assert.equal(response.statusCode, 202, response.body);
      const entry = (await call(fx.moderator, 'GET', `/api/v2/reports/${String((response.json() as { reportID: number }).reportID)}`)).json() as Report;
      assert.match(entry.noteHtml ?? '', /The following keyword requires approval: casino/);
      assert.equal((await postDiscussion(await asMember(fx.t), fx.open, 'Nothing to see')).statusCode, 201);
    } finally {
      await configure(fx.t, fx.admin, { 'premoderation.keywords': '' });
    }
  });

  test('approval.require holds every post of its role; verifyRecordUser on approval lets the author post directly', async () => {
    const role = await makeRole(fx.t, { globalPermissions: ['approval.require'] });
    const author = await asMember(fx.t, { roleIDs: [role.roleID] });
    const held = await postDiscussion(author, fx.open, 'New member post');
    assert.equal(held.statusCode, 202, held.body);
    const { reportID } = held.json() as { reportID: number };
    const approved = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(reportID)}/approve-record`, { verifyRecordUser: true });
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal((await postDiscussion(author, fx.open, 'Second post')).statusCode, 201);
  });

  test('premoderation.categoryIDs with an unknown category is refused (422); members cannot read the settings', async () => {
    const response = await call(fx.admin, 'PATCH', '/api/v2/config', { 'premoderation.categoryIDs': [999_999] });
    assert.equal(response.statusCode, 422, response.body);
    const read = (await call(fx.member, 'GET', '/api/v2/config?select=premoderation.categoryIDs')).json() as Record<string, unknown>;
    assert.equal('premoderation.categoryIDs' in read, false);
  });
  test('an edit by a non-moderator waits too: 202, the live version stays; approval applies it, rejection drops it', async () => {
    const author = await asMember(fx.t);
    const created = await postDiscussion(author, fx.open, 'Original title');
    assert.equal(created.statusCode, 201, created.body);
    const discussion = created.json() as Discussion;
    await configure(fx.t, fx.admin, { 'premoderation.keywords': 'forbidden' });
    try {
      const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
      const edited = await call(author, 'PATCH', path, { name: 'A forbidden title' });
      assert.equal(edited.statusCode, 202, edited.body);
      const answer = edited.json() as { message: string; status: number; reportID: number };
      assert.deepEqual(answer, { message: 'Your discussion will appear after it is approved.', status: 202, reportID: answer.reportID });
      assert.equal(((await call(fx.member, 'GET', path)).json() as Discussion).name, 'Original title');
      const entry = (await call(fx.moderator, 'GET', `/api/v2/reports/${String(answer.reportID)}`)).json() as Report;
      assert.equal(entry.isPendingUpdate, true);
      assert.equal(entry.isPending, false);
      assert.equal(entry.recordName, 'A forbidden title');
      const approved = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(answer.reportID)}/approve-record`, {});
      assert.equal(approved.statusCode, 200, approved.body);
      assert.equal(((await call(fx.member, 'GET', path)).json() as Discussion).name, 'A forbidden title');

      const comment = await call(author, 'POST', '/api/v2/comments', {
        body: rich2('Fine words'),
        format: 'rich2',
        parentRecordType: 'discussion',
        parentRecordID: discussion.discussionID,
      });
      assert.equal(comment.statusCode, 201, comment.body);
      const commentID = (comment.json() as Comment).commentID;
      const held = await call(author, 'PATCH', `/api/v2/comments/${String(commentID)}`, { body: rich2('Now forbidden words'), format: 'rich2' });
      assert.equal(held.statusCode, 202, held.body);
      const heldAnswer = held.json() as { message: string; reportID: number };
      assert.equal(heldAnswer.message, 'Your comment will appear after it is approved.');
      const rejected = await call(fx.moderator, 'PATCH', `/api/v2/reports/${String(heldAnswer.reportID)}/reject-record`, {});
      assert.equal(rejected.statusCode, 200, rejected.body);
      const live = (await call(fx.member, 'GET', `/api/v2/comments/${String(commentID)}`)).json() as Comment;
      assert.match(live.body ?? '', /Fine words/);
    } finally {
      await configure(fx.t, fx.admin, { 'premoderation.keywords': '' });
    }
  });
});
