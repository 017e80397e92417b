import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { Discussion } from '../../../../common/src/api/discussions.ts';
import type { Draft, DraftListItem } from '../../../../common/src/api/drafts.ts';
import type { Notification } from '../../../../common/src/api/notifications.ts';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../platform/db/db.ts';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { factoryAdmin, makeCategory, makeComment, makeDiscussion, makeRole, roleIDOf } from '../../../test/factories.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { discussionAttributes, listDraftsOf, runJobs } from './drafts.api-fixture.ts';
import { FAILED_REASONS, publishScheduledDraft } from './drafts.publish.ts';

// api-contract §23: at dateScheduled a durable job publishes the post through the posting services
// (so it notifies as any post), or sets draftStatus error with failedReason; it survives a
// restart (another app instance on the same database) and runs once with two instances.

const MINUTE = 60_000;

describe(`scheduled publishing (${testDialect})`, () => {
  const clock = createTestClock(Date.parse('2031-06-01T08:00:00Z'));
  const fx = useTestApp(async (t) => ({ scheduler: await makeRole(t, { globalPermissions: ['schedule.allow'] }) }), {}, { clock: clock.now });
  const asScheduler = (): Promise<TestActor<TestUser>> => asMember(fx.t, { roleIDs: [fx.scheduler.roleID] });
  const at = (milliseconds: number) => new Date(clock.now() + milliseconds).toISOString();

  async function scheduleDraft(actor: TestActor, payload: Record<string, unknown>, minutes = 20): Promise<Draft> {
    const response = await inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/drafts',
      payload: { recordType: 'discussion', draftStatus: 'scheduled', dateScheduled: at(minutes * MINUTE), ...payload },
    });
    assert.equal(response.statusCode, 201, response.body);
    return response.json() as Draft;
  }

  async function discussionsNamed(name: string): Promise<{ discussionID: number; categoryID: number }[]> {
    return fx.t.db.selectFrom('discussions').select(['discussionID', 'categoryID']).where('name', '=', name).execute();
  }

  async function draftStatus(actor: TestActor, draftID: number): Promise<DraftListItem | undefined> {
    const { drafts } = await listDraftsOf(fx.t, actor, '?draftStatus=error');
    return drafts.find((draft) => draft.draftID === draftID);
  }

  /** A second app instance on the same database (another process, or this one after a restart). */
  async function secondApp(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
    const database = openDatabase({ dataDir: fx.t.database.dataDir, databaseUrl: fx.t.database.databaseUrl });
    const app = await buildApp({ config: fx.t.config, database, mailer: fx.t.mail, logger: false, clock: clock.now });
    await app.ready();
    return {
      app,
      async close() {
        await app.close();
        await database.close();
      },
    };
  }

  test('a due discussion is published by the job as its author, notifies followers, and the draft is gone', async () => {
    const author = await asScheduler();
    const follower = await asMember(fx.t);
    const category = await makeCategory(fx.t);
    const follow = await inject(fx.t, follower, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(category.categoryID)}/preferences/$me`,
      payload: { 'preferences.followed': true, 'preferences.popup.posts': true },
    });
    assert.equal(follow.statusCode, 200, follow.body);
    const draft = await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'Morning news') });

    clock.advance(19 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await discussionsNamed('Morning news'), [], 'not before its time');

    clock.advance(MINUTE);
    await runJobs(fx.t);
    const published = await discussionsNamed('Morning news');
    assert.deepEqual(published.map((row) => row.categoryID), [category.categoryID]);
    const discussion = (await inject(fx.t, author, { method: 'GET', url: `/api/v2/discussions/${String(published[0]?.discussionID)}` })).json() as Discussion;
    assert.equal(discussion.insertUserID, author.user.userID);
    assert.equal((await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts/${String(draft.draftID)}` })).statusCode, 404);
    const notifications = (await inject(fx.t, follower, { method: 'GET', url: '/api/v2/notifications' })).json() as Notification[];
    assert.deepEqual(notifications.map((item) => item.activityType), ['NewDiscussion']);
  });

  test('a scheduled comment and a scheduled edit of a discussion publish through the normal services', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: author, name: 'Before' });
    await scheduleDraft(author, {
      recordType: 'comment',
      parentRecordType: 'discussion',
      parentRecordID: discussion.discussionID,
      attributes: { body: 'A scheduled reply', format: 'text' },
    });
    await scheduleDraft(author, { recordID: discussion.discussionID, attributes: discussionAttributes(category.categoryID, 'After') });
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    const read = (await inject(fx.t, author, { method: 'GET', url: `/api/v2/discussions/${String(discussion.discussionID)}` })).json() as Discussion;
    assert.equal(read.name, 'After');
    assert.equal(read.countComments, 1);
  });

  test('a deleted or forbidden category fails the draft with a clear reason and posts nothing anywhere', async () => {
    const author = await asScheduler();
    const gone = await makeCategory(fx.t);
    const closed = await makeCategory(fx.t);
    const toGone = await scheduleDraft(author, { attributes: discussionAttributes(gone.categoryID, 'Into the void') });
    const toClosed = await scheduleDraft(author, { attributes: discussionAttributes(closed.categoryID, 'Behind the door') });
    const admin = await factoryAdmin(fx.t);
    assert.equal((await inject(fx.t, admin, { method: 'DELETE', url: `/api/v2/categories/${String(gone.categoryID)}` })).statusCode, 204);
    const restricted = await inject(fx.t, admin, {
      method: 'PATCH',
      url: `/api/v2/categories/${String(closed.categoryID)}`,
      payload: {
        customPermissions: true,
        permissions: [{ roleID: await roleIDOf(fx.t, 'member'), permissions: { 'discussions.view': true, 'discussions.add': false } }],
      },
    });
    assert.equal(restricted.statusCode, 200, restricted.body);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await discussionsNamed('Into the void'), []);
    assert.deepEqual(await discussionsNamed('Behind the door'), []);
    const failedGone = await draftStatus(author, toGone.draftID);
    assert.equal(failedGone?.draftStatus, 'error');
    assert.equal(failedGone.failedReason, FAILED_REASONS.categoryMissing);
    const failedClosed = await draftStatus(author, toClosed.draftID);
    assert.equal(failedClosed?.failedReason, FAILED_REASONS.categoryForbidden);
    const cancelled = await inject(fx.t, author, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(toGone.draftID)}` });
    assert.equal(cancelled.statusCode, 200, 'a failed draft can go back to a draft');
    assert.equal((cancelled.json() as Draft).draftStatus, 'draft');
  });

  test('rescheduled and cancelled drafts: old jobs skip, the new date publishes once', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    const moved = await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'Moved later') });
    const cancelled = await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'Never mind') });
    const reschedule = await inject(fx.t, author, { method: 'PATCH', url: `/api/v2/drafts/schedule/${String(moved.draftID)}`, payload: { dateScheduled: at(40 * MINUTE) } });
    assert.equal(reschedule.statusCode, 200, reschedule.body);
    assert.equal((await inject(fx.t, author, { method: 'PATCH', url: `/api/v2/drafts/cancel-schedule/${String(cancelled.draftID)}` })).statusCode, 200);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    assert.deepEqual(await discussionsNamed('Moved later'), []);
    assert.deepEqual(await discussionsNamed('Never mind'), []);
    clock.advance(20 * MINUTE);
    await runJobs(fx.t);
    assert.equal((await discussionsNamed('Moved later')).length, 1);
    assert.equal((await inject(fx.t, author, { method: 'GET', url: `/api/v2/drafts/${String(cancelled.draftID)}` })).statusCode, 200, 'the cancelled draft stays a draft');
  });

  test('restart: another app instance on the same database publishes a due draft', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'After the restart') });
    clock.advance(21 * MINUTE);
    const other = await secondApp();
    try {
      await other.app.jobs.drain();
    } finally {
      await other.close();
    }
    assert.equal((await discussionsNamed('After the restart')).length, 1);
  });

  // Two connections of one process to one SQLite file would wait on each other's locks
  // synchronously; SQLite's several processes are covered by the claim test below.
  test('two app instances draining at once publish each due draft exactly once (PostgreSQL)', { skip: testDialect === 'sqlite' ? 'PostgreSQL only: in-process SQLite connections block each other' : false }, async () => {
    const category = await makeCategory(fx.t);
    const names = Array.from({ length: 6 }, (_, index) => `Race ${String(index)}`);
    // One author each: six posts of one member at once would meet the flood control.
    const authors: TestActor[] = [];
    for (const name of names) {
      const author = await asScheduler();
      authors.push(author);
      await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, name) });
    }
    clock.advance(21 * MINUTE);
    const other = await secondApp();
    try {
      await Promise.all([fx.t.app.jobs.drain(), other.app.jobs.drain(), fx.t.app.jobs.drain(), other.app.jobs.drain()]);
    } finally {
      await other.close();
    }
    for (const name of names) assert.equal((await discussionsNamed(name)).length, 1, name);
    for (const author of authors) assert.deepEqual((await listDraftsOf(fx.t, author, '?draftStatus=scheduled')).drafts, []);
  });

  test('a scheduled comment whose discussion was deleted fails with a reason, never a 5xx', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    const discussion = await makeDiscussion(fx.t, { categoryID: category.categoryID, as: author });
    await makeComment(fx.t, { discussionID: discussion.discussionID });
    const draft = await scheduleDraft(author, { recordType: 'comment', parentRecordID: discussion.discussionID, attributes: { body: 'late reply', format: 'text' } });
    const admin = await factoryAdmin(fx.t);
    const deleted = await inject(fx.t, admin, { method: 'DELETE', url: `/api/v2/discussions/${String(discussion.discussionID)}` });
    assert.ok([200, 204].includes(deleted.statusCode), deleted.body);
    clock.advance(21 * MINUTE);
    await runJobs(fx.t);
    const failed = await draftStatus(author, draft.draftID);
    assert.equal(failed?.failedReason, FAILED_REASONS.discussionMissing);
  });

  test('the same draft’s job run twice at once (a duplicate job) publishes it once', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    const draft = await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'Only once') });
    clock.advance(21 * MINUTE);
    const payload = { draftID: draft.draftID, dateScheduled: new Date(Date.parse(draft.dateScheduled ?? '')).toISOString() };
    const services = { ...fx.t.app.deps };
    const run = (jobID: number) => ({ jobID, type: 'publishScheduledDraft', attempts: 1, maxAttempts: 5, trackingID: null, services });
    await Promise.all([publishScheduledDraft(payload, run(-1)), publishScheduledDraft(payload, run(-2))]);
    await runJobs(fx.t);
    assert.equal((await discussionsNamed('Only once')).length, 1);
  });

  test('an attempt that finds the draft still publishing (its worker died) reports it and never posts twice', async () => {
    const author = await asScheduler();
    const category = await makeCategory(fx.t);
    const draft = await scheduleDraft(author, { attributes: discussionAttributes(category.categoryID, 'Interrupted') });
    clock.advance(21 * MINUTE);
    await fx.t.db.updateTable('drafts').set({ draftStatus: 'publishing' }).where('draftID', '=', draft.draftID).execute();
    const payload = { draftID: draft.draftID, dateScheduled: new Date(Date.parse(draft.dateScheduled ?? '')).toISOString() };
    await publishScheduledDraft(payload, { jobID: -3, type: 'publishScheduledDraft', attempts: 2, maxAttempts: 5, trackingID: null, services: { ...fx.t.app.deps } });
    assert.deepEqual(await discussionsNamed('Interrupted'), []);
    const failed = await draftStatus(author, draft.draftID);
    assert.equal(failed?.failedReason, FAILED_REASONS.interrupted);
  });
});
