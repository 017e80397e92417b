import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { inject } from '../../../test/actors.ts';
import { makeActors, type ErrorBody, type TestActors } from '../../../test/factories.ts';
import type { Job } from '../../../../common/src/api/jobs.ts';
import { enqueueJob } from '../../platform/jobs/enqueue.ts';
import { PermanentJobError, registerJob } from '../../platform/jobs/registry.ts';

// Issue 13 item 3: administrators see dead and failed jobs and retry them (Hearth's own calls).

let attempts = 0;
let failing = true;
registerJob('test.adminView', {
  schema: z.object({ note: z.string() }),
  handler: async () => {
    attempts += 1;
    if (failing) throw new PermanentJobError('The mail server refused the message.');
  },
});

describe(`GET /jobs and POST /jobs/{id}/retry (${testDialect})`, () => {
  let t: TestApp;
  let actors: TestActors;
  let deadID: number;
  before(async () => {
    t = await createTestApp();
    actors = await makeActors(t);
    deadID = await enqueueJob(t.db, 'test.adminView', { note: 'dead' });
    await t.app.jobs.drain();
  });
  after(async () => {
    await t.close();
  });

  test('an administrator lists dead jobs with their last error, with paging headers', async () => {
    const response = await inject(t, actors.admin, { method: 'GET', url: '/api/v2/jobs?status=dead' });
    assert.equal(response.statusCode, 200, response.body);
    const jobs = response.json() as Job[];
    assert.deepEqual(
      jobs.map((job) => [job.jobID, job.type, job.status, job.attempts, job.lastError]),
      [[deadID, 'test.adminView', 'dead', 1, 'PermanentJobError: The mail server refused the message.']],
    );
    assert.deepEqual(jobs[0]?.payload, { note: 'dead' });
    assert.equal(response.headers['x-app-page-result-count'], '1');
    assert.equal(response.headers['x-app-page-current'], '1');
    const complete = await inject(t, actors.admin, { method: 'GET', url: '/api/v2/jobs?status=complete' });
    assert.deepEqual(complete.json(), []);
  });

  test('members and guests get 403; an unknown status is a 422 naming the field', async () => {
    for (const actor of [actors.member, actors.moderator, actors.guest]) {
      const response = await inject(t, actor, { method: 'GET', url: '/api/v2/jobs' });
      assert.equal(response.statusCode, 403, response.body);
      assert.deepEqual((response.json() as ErrorBody).permissions, ['site.manage']);
    }
    const bad = await inject(t, actors.admin, { method: 'GET', url: '/api/v2/jobs?status=lost' });
    assert.equal(bad.statusCode, 422, bad.body);
    assert.equal((bad.json() as ErrorBody).errors?.[0]?.field, 'status');
  });

  test('a retried dead job runs again; only dead or failed jobs can be retried', async () => {
    const refused = await inject(t, actors.member, { method: 'POST', url: `/api/v2/jobs/${deadID}/retry` });
    assert.equal(refused.statusCode, 403, refused.body);

    failing = false;
    const response = await inject(t, actors.admin, { method: 'POST', url: `/api/v2/jobs/${deadID}/retry` });
    assert.equal(response.statusCode, 200, response.body);
    const job = response.json() as Job;
    assert.equal(job.status, 'queued');
    assert.equal(job.attempts, 0);
    assert.equal(await t.app.jobs.drain(), 1);
    assert.equal(attempts, 2, 'the job ran a second time');
    const dead = await inject(t, actors.admin, { method: 'GET', url: '/api/v2/jobs?status=dead' });
    assert.deepEqual(dead.json(), []);

    const again = await inject(t, actors.admin, { method: 'POST', url: `/api/v2/jobs/${deadID}/retry` });
    assert.equal(again.statusCode, 409, again.body);
    assert.equal((again.json() as ErrorBody).message, 'Only a dead or failed job can be retried.');
    const missing = await inject(t, actors.admin, { method: 'POST', url: '/api/v2/jobs/999999/retry' });
    assert.equal(missing.statusCode, 404, missing.body);
    assert.equal((missing.json() as ErrorBody).message, 'Job not found.');
  });
});
