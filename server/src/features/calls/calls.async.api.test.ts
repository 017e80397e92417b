import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asModerator, inject } from '../../../test/actors.ts';
import { bumpPermissionsVersion } from '../../permissions/permission-set.repo.ts';
import { makeActors, makeCategory, makeDiscussion, type ErrorBody, type TestActors } from '../../../test/factories.ts';
import type { TrackingSlipsResult } from '../../../../common/src/api/long-runner.ts';
import { makeComment } from '../../../test/factories.ts';

// Issue 13 item 4, api-contract §1.11: `longRunnerMode=async` queues the action as a job (a row
// in the jobs table) and answers 202 with a tracking slip; the worker then does what the sync
// path does, as the user who asked.

describe(`long runner in async mode (${testDialect})`, () => {
  let t: TestApp;
  let actors: TestActors;
  before(async () => {
    t = await createTestApp();
    actors = await makeActors(t);
  });
  after(async () => {
    await t.close();
  });

  async function discussionStatus(discussionID: number): Promise<number> {
    const response = await inject(t, actors.admin, { method: 'GET', url: `/api/v2/discussions/${discussionID}` });
    return response.statusCode;
  }

  test('DELETE /discussions/list?longRunnerMode=async answers 202 with a tracking slip; the job deletes them', async () => {
    const category = await makeCategory(t);
    const one = await makeDiscussion(t, { categoryID: category.categoryID });
    const two = await makeDiscussion(t, { categoryID: category.categoryID });
    // The new discussions' notification jobs run first: the drain below counts the action's job alone.
    await t.app.deps.events.settled();
    await t.app.jobs.drain();
    const response = await inject(t, actors.moderator, {
      method: 'DELETE',
      url: '/api/v2/discussions/list?longRunnerMode=async',
      payload: { discussionIDs: [one.discussionID, two.discussionID] },
    });
    assert.equal(response.statusCode, 202, response.body);
    const body = response.json() as TrackingSlipsResult;
    assert.equal(body.trackingSlips.length, 1);
    const slip = body.trackingSlips[0];
    assert.ok(slip);
    assert.equal(slip.jobExecutionStatus, 'received');
    assert.match(slip.jobTrackingID, /^[0-9a-f-]{36}$/);
    assert.match(slip.jobID, /^\d+$/);

    assert.equal(await discussionStatus(one.discussionID), 200, 'nothing happens before the worker runs');
    assert.equal(await t.app.jobs.drain(), 1);
    assert.equal(await discussionStatus(one.discussionID), 404);
    assert.equal(await discussionStatus(two.discussionID), 404);

    const job = await t.db
      .selectFrom('jobs')
      .select(['status', 'trackingID', 'type'])
      .where('jobID', '=', Number(slip.jobID))
      .executeTakeFirst();
    assert.deepEqual({ ...job }, { status: 'complete', trackingID: slip.jobTrackingID, type: 'runLongRunnerAction' });
  });

  test('DELETE /discussions/{id}?longRunnerMode=async queues the single delete too', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    const response = await inject(t, actors.admin, {
      method: 'DELETE',
      url: `/api/v2/discussions/${discussion.discussionID}?longRunnerMode=async`,
    });
    assert.equal(response.statusCode, 202, response.body);
    assert.equal((response.json() as TrackingSlipsResult).trackingSlips[0]?.jobExecutionStatus, 'received');
    assert.equal(await discussionStatus(discussion.discussionID), 200);
    await t.app.jobs.drain();
    assert.equal(await discussionStatus(discussion.discussionID), 404);
  });

  test('guests see the change once the job has run (the job empties the guest cache)', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    const response = await inject(t, actors.admin, {
      method: 'DELETE',
      url: '/api/v2/discussions/list?longRunnerMode=async',
      payload: { discussionIDs: [discussion.discussionID] },
    });
    assert.equal(response.statusCode, 202, response.body);
    const asGuest = () => inject(t, actors.guest, { method: 'GET', url: `/api/v2/discussions/${discussion.discussionID}` });
    assert.equal((await asGuest()).statusCode, 200);
    assert.equal((await asGuest()).headers['x-hearth-cache'], 'hit', 'a guest read before the job is cached');
    await t.app.jobs.drain();
    assert.equal((await asGuest()).statusCode, 404);
  });

  test('the permission check happens before anything is queued: a member gets 403 and no job', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    await t.app.deps.events.settled();
    const before = await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    const response = await inject(t, actors.member, {
      method: 'DELETE',
      url: '/api/v2/discussions/list?longRunnerMode=async',
      payload: { discussionIDs: [discussion.discussionID] },
    });
    assert.equal(response.statusCode, 403, response.body);
    assert.ok((response.json() as ErrorBody).message);
    const afterCount = await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.count), Number(before.count));
    await t.app.jobs.drain();
    assert.equal(await discussionStatus(discussion.discussionID), 200);
  });

  test('the job acts as the user who asked, with the permissions they hold when it runs', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    const moderator = await asModerator(t);
    const response = await inject(t, moderator, {
      method: 'DELETE',
      url: '/api/v2/discussions/list?longRunnerMode=async',
      payload: { discussionIDs: [discussion.discussionID] },
    });
    assert.equal(response.statusCode, 202, response.body);
    const jobID = Number((response.json() as TrackingSlipsResult).trackingSlips[0]?.jobID);
    // Demoted before the job runs: the deletion is refused, as it would be in a request now.
    await t.db.deleteFrom('userRoles').where('userID', '=', moderator.user.userID).execute();
    await bumpPermissionsVersion(t.db);
    await t.app.jobs.drain();
    assert.equal(await discussionStatus(discussion.discussionID), 200);
    const job = await t.db.selectFrom('jobs').select('status').where('jobID', '=', jobID).executeTakeFirst();
    assert.equal(job?.status, 'complete', 'a refused record is the outcome, not a reason to retry');
  });

  test('DELETE /comments/list?longRunnerMode=async queues the deletion of comments', async () => {
    const category = await makeCategory(t);
    const discussion = await makeDiscussion(t, { categoryID: category.categoryID });
    const comment = await makeComment(t, { discussionID: discussion.discussionID });
    const response = await inject(t, actors.admin, {
      method: 'DELETE',
      url: '/api/v2/comments/list?longRunnerMode=async',
      payload: { commentIDs: [comment.commentID], deleteMethod: 'full' },
    });
    assert.equal(response.statusCode, 202, response.body);
    const read = () => inject(t, actors.admin, { method: 'GET', url: `/api/v2/comments/${comment.commentID}` });
    assert.equal((await read()).statusCode, 200);
    await t.app.jobs.drain();
    assert.equal((await read()).statusCode, 404);
  });

  test('an unknown longRunnerMode is a 422 naming the field', async () => {
    const response = await inject(t, actors.admin, {
      method: 'DELETE',
      url: '/api/v2/discussions/list?longRunnerMode=later',
      payload: { discussionIDs: [1] },
    });
    assert.equal(response.statusCode, 422, response.body);
    assert.equal((response.json() as ErrorBody).errors?.[0]?.field, 'longRunnerMode');
  });
});
