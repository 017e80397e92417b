import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Comment } from '../../../../common/src/api/comments.ts';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asMember, type TestActor } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { makeActors, makeCategory, makeDiscussion, makeRole, rich2, type ErrorBody } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { testDialect } from '../../../test/harness.ts';
import { callAs, configure, makeModeratedCategory } from './reports.test-support.ts';

// api-contract §27.5 and §27.2 row by row, beyond premoderation.api.test.ts: the moderator's edit of
// the waiting version (`premoderatedRecord`), the author's notification, what a pending post does not
// touch, forward-dating, verification and the scope of each rule.

const clock = createTestClock();
const KEYWORD = 'quarantineword';

describe(`premoderation contract (${testDialect})`, () => {
  const fx = useTestApp(
    async (t) => {
      const actors = await makeActors(t);
      const { category, categoryModerator } = await makeModeratedCategory(t);
      const child = await makeCategory(t, { parentCategoryID: category.categoryID });
      const secondListed = await makeCategory(t);
      const open = await makeCategory(t);
      await configure(t, actors.admin, {
        'premoderation.discussions': true,
        'premoderation.comments': true,
        'premoderation.categoryIDs': [category.categoryID, secondListed.categoryID],
        'premoderation.keywords': `${KEYWORD}; second phrase`,
        // Discussions' flood control reads the wall clock, not the test clock: no 429 here.
        'floodControl.discussions.count': 1000,
      });
      const discussion = await makeDiscussion(t, { categoryID: category.categoryID, name: 'Queue thread' });
      return { ...actors, category, categoryModerator, child, secondListed, open, discussion };
    },
    {},
    { clock: clock.now },
  );

  const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer R] ? R : never) => callAs(fx.t, ...args);
  const reportPath = (reportID: number, action = '') => `/api/v2/reports/${String(reportID)}${action}`;

  // Each post a minute later (comments' flood control follows the test clock).
  async function postDiscussion(actor: TestActor, category: Category, name: string, text = 'Body text') {
    clock.advance(60_000);
    return call(actor, 'POST', '/api/v2/discussions', { name, body: rich2(text), format: 'rich2', categoryID: category.categoryID });
  }

  async function postComment(actor: TestActor, discussionID: number, text: string) {
    clock.advance(60_000);
    return call(actor, 'POST', '/api/v2/comments', { body: rich2(text), format: 'rich2', discussionID });
  }

  async function heldEntry(response: { statusCode: number; body: string; json: () => unknown }): Promise<number> {
    assert.equal(response.statusCode, 202, response.body);
    return (response.json() as { reportID: number }).reportID;
  }

  async function notificationsOf(actor: TestActor, activityType: string) {
    await fx.t.app.jobs.drain();
    const list = (await call(actor, 'GET', '/api/v2/notifications')).json() as {
      activityType?: string;
      recordID?: number;
      body: string;
      url: string;
    }[];
    return list.filter((item) => item.activityType === activityType);
  }

  test('PATCH /reports/{id} premoderatedRecord edits a waiting discussion; approval publishes the edited version', async () => {
    const author = await asMember(fx.t);
    const reportID = await heldEntry(await postDiscussion(author, fx.category, 'Speling mistake', 'Original waiting words'));
    const edited = await call(fx.categoryModerator, 'PATCH', reportPath(reportID), {
      premoderatedRecord: { name: 'Spelling fixed', body: 'Moderator **words**', format: 'markdown' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const entry = edited.json() as Report;
    assert.equal(entry.recordName, 'Spelling fixed');
    assert.match(entry.recordHtml, /<strong>words<\/strong>/);
    assert.equal(entry.recordFormat, 'markdown');
    assert.equal(entry.status, 'new');
    assert.equal(entry.isPending, true);
    assert.equal((await call(author, 'GET', `/api/v2/discussions/${String(entry.recordID)}`)).statusCode, 404, 'still pending');

    const approved = await call(fx.categoryModerator, 'PATCH', reportPath(reportID, '/approve-record'), {});
    assert.equal(approved.statusCode, 200, approved.body);
    const live = (await call(fx.member, 'GET', `/api/v2/discussions/${String(entry.recordID)}`)).json() as Discussion;
    assert.equal(live.name, 'Spelling fixed');
    assert.match(live.body ?? '', /<strong>words<\/strong>/);
    assert.ok(!(live.body ?? '').includes('Original waiting words'));
  });

  test('premoderatedRecord is checked like the create call: 400/422 on premoderatedRecord.body/format/name; only waiting entries; members 403', async () => {
    const author = await asMember(fx.t);
    const reportID = await heldEntry(await postComment(author, fx.discussion.discussionID, 'A waiting comment'));
    const empty = await call(fx.moderator, 'PATCH', reportPath(reportID), { premoderatedRecord: { body: '' } });
    assert.equal(empty.statusCode, 400, 'an empty body is a missing one, as when creating');
    assert.deepEqual((empty.json() as ErrorBody).errors?.map((error) => [error.field, error.code]), [['premoderatedRecord.body', 'missingField']]);
    const cases: [object, string][] = [
      [{ body: rich2('x'.repeat(8001)), format: 'rich2' }, 'premoderatedRecord.body'],
      [{ body: 'Fine', format: 'bogus' }, 'premoderatedRecord.format'],
      [{ name: 'n'.repeat(251) }, 'premoderatedRecord.name'],
    ];
    for (const [premoderatedRecord, field] of cases) {
      const response = await call(fx.moderator, 'PATCH', reportPath(reportID), { premoderatedRecord });
      assert.equal(response.statusCode, 422, `${JSON.stringify(premoderatedRecord).slice(0, 60)} ${response.body.slice(0, 300)}`);
      assert.deepEqual((response.json() as ErrorBody).errors?.map((error) => error.field), [field]);
    }
    assert.equal((await call(fx.member, 'PATCH', reportPath(reportID), { premoderatedRecord: { body: 'Mine' } })).statusCode, 403);

    const comment = await call(fx.moderator, 'PATCH', reportPath(reportID), { premoderatedRecord: { body: 'Edited comment', format: 'text' } });
    assert.equal(comment.statusCode, 200, comment.body);
    assert.match((comment.json() as Report).recordHtml, /Edited comment/);
    assert.equal((comment.json() as Report).recordName, 'Re: Queue thread');
    const approved = (await call(fx.moderator, 'PATCH', reportPath(reportID, '/approve-record'), {})).json() as Report;
    const live = (await call(fx.member, 'GET', `/api/v2/comments/${String(approved.recordID)}`)).json() as Comment;
    assert.match(live.body ?? '', /Edited comment/);
    const rejectedID = await heldEntry(await postComment(author, fx.discussion.discussionID, 'Rejected at first'));
    await call(fx.moderator, 'PATCH', reportPath(rejectedID, '/reject-record'), {});
    const second = await call(fx.moderator, 'PATCH', reportPath(rejectedID), { premoderatedRecord: { body: 'Second thoughts', format: 'text' } });
    assert.equal(second.statusCode, 200, `a rejected post can still be edited and approved: ${second.body}`);
    assert.equal((await call(fx.moderator, 'PATCH', reportPath(rejectedID, '/approve-record'), {})).statusCode, 200);
    const revived = (await call(fx.member, 'GET', `/api/v2/comments/${String((second.json() as Report).recordID)}`)).json() as Comment;
    assert.match(revived.body ?? '', /Second thoughts/);
    const late = await call(fx.moderator, 'PATCH', reportPath(reportID), { premoderatedRecord: { body: 'Too late' } });
    assert.equal(late.statusCode, 400, 'an approved entry holds no waiting version');
    assert.equal((late.json() as ErrorBody).message, 'Only a post waiting for approval can be edited.');
  });

  test('a waiting edit edited by the moderator: approval replaces the live version, and the replaced one is logged as an edit', async () => {
    const author = await asMember(fx.t);
    const created = await postDiscussion(author, fx.open, 'Live title', 'Live words');
    assert.equal(created.statusCode, 201, created.body);
    const discussion = created.json() as Discussion;
    const path = `/api/v2/discussions/${String(discussion.discussionID)}`;
    const reportID = await heldEntry(await call(author, 'PATCH', path, { body: rich2(`Now ${KEYWORD} words`), format: 'rich2' }));
    const edited = await call(fx.moderator, 'PATCH', reportPath(reportID), { premoderatedRecord: { body: 'Cleaned words', format: 'text' } });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((edited.json() as Report).isPendingUpdate, true);
    assert.match(((await call(fx.member, 'GET', path)).json() as Discussion).body ?? '', /Live words/, 'the live version stays until approval');
    clock.advance(5 * 60 * 1000);
    const approved = await call(fx.moderator, 'PATCH', reportPath(reportID, '/approve-record'), {});
    assert.equal(approved.statusCode, 200, approved.body);
    const live = (await call(fx.member, 'GET', path)).json() as Discussion;
    assert.match(live.body ?? '', /Cleaned words/);
    assert.equal(live.name, 'Live title');
    assert.ok(live.dateUpdated, 'dateUpdated is the approval time');
    const logs = (await call(fx.admin, 'GET', `/api/v2/logs?recordType=discussion&recordID=${String(discussion.discussionID)}`)).json() as LogEntry[];
    const edit = logs.find((entry) => entry.operation === 'edit');
    assert.ok(edit, JSON.stringify(logs));
    assert.match(JSON.stringify(edit.data), /Live words/);
  });

  test('an approved comment edit replaces the live comment; the replaced version is logged as an edit', async () => {
    const author = await asMember(fx.t);
    const thread = (await postDiscussion(fx.admin, fx.open, 'Comment edit thread')).json() as Discussion;
    const created = await postComment(author, thread.discussionID, 'Comment before');
    assert.equal(created.statusCode, 201, created.body);
    const commentID = (created.json() as Comment).commentID;
    const path = `/api/v2/comments/${String(commentID)}`;
    clock.advance(60_000);
    const reportID = await heldEntry(await call(author, 'PATCH', path, { body: rich2(`Comment ${KEYWORD} after`), format: 'rich2' }));
    assert.match(((await call(fx.member, 'GET', path)).json() as Comment).body ?? '', /Comment before/);
    const approved = await call(fx.moderator, 'PATCH', reportPath(reportID, '/approve-record'), {});
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal((approved.json() as Report).isPendingUpdate, false);
    assert.match(((await call(fx.member, 'GET', path)).json() as Comment).body ?? '', /after/);
    const logs = (await call(fx.admin, 'GET', `/api/v2/logs?recordType=comment&recordID=${String(commentID)}`)).json() as LogEntry[];
    assert.ok(logs.some((entry) => entry.operation === 'edit' && JSON.stringify(entry.data).includes('Comment before')), JSON.stringify(logs).slice(0, 300));
  });

  test('the author is notified of approval and of rejection (activity Approval); nobody else is', async () => {
    const author = await asMember(fx.t);
    const first = await heldEntry(await postDiscussion(author, fx.category, 'Notify me approved'));
    const second = await heldEntry(await postDiscussion(author, fx.category, 'Notify me rejected'));
    assert.deepEqual(await notificationsOf(author, 'Approval'), [], 'nothing before a decision');
    await call(fx.categoryModerator, 'PATCH', reportPath(first, '/approve-record'), {});
    await call(fx.categoryModerator, 'PATCH', reportPath(second, '/reject-record'), {});
    const notices = await notificationsOf(author, 'Approval');
    const approved = notices.find((item) => item.body.includes('Notify me approved'));
    const rejected = notices.find((item) => item.body.includes('Notify me rejected'));
    assert.ok(approved, JSON.stringify(notices));
    assert.ok(rejected, JSON.stringify(notices));
    assert.match(approved.body, new RegExp(`<b>${fx.categoryModerator.user.name}</b> approved your post`));
    assert.match(approved.url, /\/discussion\/\d+/);
    assert.match(rejected.body, /rejected your post/);
    assert.deepEqual(await notificationsOf(fx.member, 'Approval'), []);
    const schema = (await call(author, 'GET', '/api/v2/notification-preferences/schema')).json() as {
      properties: { notifications: { properties: Record<string, { properties: Record<string, unknown> }> } };
    };
    const keys = Object.values(schema.properties.notifications.properties).flatMap((group) => Object.keys(group.properties));
    assert.ok(keys.includes('Approval'), 'members can choose how they hear of it');
  });

  test('a pending comment counts nowhere and notifies no one; approval counts it, dated the approval, and notifies', async () => {
    const participant = await asMember(fx.t);
    const author = await asMember(fx.t);
    const thread = (await postDiscussion(fx.admin, fx.open, 'Open thread')).json() as Discussion;
    assert.equal((await postComment(participant, thread.discussionID, 'I was here')).statusCode, 201);
    await notificationsOf(participant, 'Participated');
    const before = (await call(fx.admin, 'GET', `/api/v2/discussions/${String(thread.discussionID)}?expand=lastPost`)).json() as Discussion;
    const category = (await call(fx.admin, 'GET', `/api/v2/categories/${String(fx.open.categoryID)}?expand=lastPost`)).json() as Category;

    const reportID = await heldEntry(await postComment(author, thread.discussionID, `Say ${KEYWORD.toUpperCase()} loudly`));
    const { recordID } = (await call(fx.moderator, 'GET', reportPath(reportID))).json() as Report;
    const waiting = (await call(fx.admin, 'GET', `/api/v2/discussions/${String(thread.discussionID)}?expand=lastPost`)).json() as Discussion;
    assert.equal(waiting.countComments, before.countComments);
    assert.deepEqual(waiting.lastPost, before.lastPost);
    const categoryWaiting = (await call(fx.admin, 'GET', `/api/v2/categories/${String(fx.open.categoryID)}?expand=lastPost`)).json() as Category;
    assert.equal(categoryWaiting.countComments, category.countComments);
    assert.deepEqual(categoryWaiting.lastPost, category.lastPost);
    const listed = (await call(fx.admin, 'GET', `/api/v2/comments?discussionID=${String(thread.discussionID)}`)).json() as Comment[];
    assert.ok(!listed.some((item) => item.commentID === recordID), 'not listed, even to administrators');
    assert.equal((await call(author, 'GET', `/api/v2/comments/${String(recordID)}`)).statusCode, 404);
    assert.equal(((await call(fx.moderator, 'GET', `/api/v2/comments/${String(recordID)}`)).json() as Comment).moderationStatus, 'pending');
    assert.deepEqual(
      (await notificationsOf(participant, 'Participated')).filter((item) => item.recordID === recordID),
      [],
      'no notification while pending',
    );
    const profile = (await call(fx.admin, 'GET', `/api/v2/users/${String(author.user.userID)}`)).json() as { countComments: number };
    assert.equal(profile.countComments, 0);

    clock.advance(2 * 60 * 60 * 1000);
    assert.equal((await call(fx.moderator, 'PATCH', reportPath(reportID, '/approve-record'), {})).statusCode, 200);
    const comment = (await call(fx.member, 'GET', `/api/v2/comments/${String(recordID)}`)).json() as Comment;
    assert.equal(comment.dateInserted, new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, '+00:00'));
    const after = (await call(fx.admin, 'GET', `/api/v2/discussions/${String(thread.discussionID)}?expand=lastPost`)).json() as Discussion;
    assert.equal(after.countComments, before.countComments + 1);
    assert.equal(after.lastPost?.commentID, recordID);
    const categoryAfter = (await call(fx.admin, 'GET', `/api/v2/categories/${String(fx.open.categoryID)}?expand=lastPost`)).json() as Category;
    assert.equal(categoryAfter.countComments, category.countComments + 1);
    assert.ok((await notificationsOf(participant, 'Participated')).some((item) => item.url.includes(String(recordID))), 'notified once approved');
  });

  test('a pending discussion is in no list, search result or feed until approved', async () => {
    const word = `zyxwaiting${String(Date.now() % 100_000)}`;
    const reportID = await heldEntry(await postDiscussion(await asMember(fx.t), fx.category, `Hidden ${word} title`, `Body ${word}`));
    await fx.t.app.jobs.drain();
    const seen = async () => {
      const recent = await call(fx.admin, 'GET', '/api/v2/discussions?limit=100');
      const search = await call(fx.admin, 'GET', `/api/v2/search?query=${word}`);
      const feed = await call(fx.guest, 'GET', '/discussions/feed.rss');
      assert.equal(search.statusCode, 200, search.body);
      assert.equal(feed.statusCode, 200);
      return { recent: recent.body.includes(word), search: search.body.includes(word), feed: feed.body.includes(word) };
    };
    assert.deepEqual(await seen(), { recent: false, search: false, feed: false });
    assert.equal((await call(fx.categoryModerator, 'PATCH', reportPath(reportID, '/approve-record'), {})).statusCode, 200);
    await fx.t.app.jobs.drain();
    assert.deepEqual(await seen(), { recent: true, search: true, feed: true });
  });

  test('premoderation.categoryIDs: each listed category, not its children; a category moderator is held outside their category', async () => {
    const member = await asMember(fx.t);
    assert.equal((await postDiscussion(member, fx.child, 'In the child')).statusCode, 201, 'children are not included');
    assert.equal((await postDiscussion(member, fx.secondListed, 'In the second')).statusCode, 202);
    assert.equal((await postDiscussion(fx.categoryModerator, fx.category, 'Moderator at home')).statusCode, 201);
    assert.equal((await postDiscussion(fx.categoryModerator, fx.secondListed, 'Moderator abroad')).statusCode, 202);
    const response = await call(fx.admin, 'PATCH', '/api/v2/config', { 'premoderation.categoryIDs': [fx.open.categoryID, 999_999] });
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual((response.json() as ErrorBody).errors?.map((error) => error.field), ['premoderation.categoryIDs']);
  });

  test('keywords: in the name or the body, any case, every category; the entry notes the word verbatim', async () => {
    const member = await asMember(fx.t);
    const reportID = await heldEntry(await postDiscussion(member, fx.open, 'Plain title', 'This has Second Phrase inside'));
    const entry = (await call(fx.moderator, 'GET', reportPath(reportID))).json() as Report;
    assert.equal(entry.noteHtml, '<p>The following keyword requires approval: second phrase</p>');
    assert.deepEqual(entry.reasons.map((reason) => reason.reportReasonID), ['approval-required']);
    assert.equal(entry.insertUserID === member.user.userID, false);
  });

  test('verifyRecordUser (dismiss or approve) sets bypassSpam and skips only approval.require', async () => {
    const role = await makeRole(fx.t, { globalPermissions: ['approval.require'] });
    const author = await asMember(fx.t, { roleIDs: [role.roleID] });
    const reportID = await heldEntry(await postDiscussion(author, fx.open, 'First words'));
    const dismissed = await call(fx.moderator, 'PATCH', reportPath(reportID, '/dismiss'), { verifyRecordUser: true });
    assert.equal(dismissed.statusCode, 200, dismissed.body);
    const user = (await call(fx.admin, 'GET', `/api/v2/users/${String(author.user.userID)}`)).json() as { bypassSpam?: boolean };
    assert.equal(user.bypassSpam, true);
    assert.equal((await postDiscussion(author, fx.open, 'Verified now')).statusCode, 201);
    assert.equal((await postDiscussion(author, fx.open, `Still a ${KEYWORD}`)).statusCode, 202, 'keywords still apply');
    assert.equal((await postDiscussion(author, fx.category, 'Listed category')).statusCode, 202, 'category premoderation still applies');
  });

  test('approving an entry whose record was removed restores it from the change log, else 400', async () => {
    const member = await asMember(fx.t);
    const reportID = await heldEntry(await postComment(member, fx.discussion.discussionID, 'Removed while waiting'));
    const { recordID } = (await call(fx.moderator, 'GET', reportPath(reportID))).json() as Report;
    await fx.t.db.deleteFrom('comments').where('commentID', '=', recordID ?? 0).execute();
    const response = await call(fx.moderator, 'PATCH', reportPath(reportID, '/approve-record'), {});
    assert.equal(response.statusCode, 400, response.body);
    assert.equal((response.json() as ErrorBody).message, 'Could not locate the deleted record to restore.');
  });
});
