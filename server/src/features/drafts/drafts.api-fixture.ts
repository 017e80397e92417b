import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import type { CreateDraftInput, Draft, DraftListItem } from '../../../../common/src/api/drafts.ts';
import { inject, type TestActor } from '../../../test/actors.ts';
import { factoryAdmin, rich2 } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { findJobsByStatus } from '../../platform/jobs/jobs.repo.ts';

/** A discussion draft's attributes, complete enough to schedule (api-contract §23). */
export function discussionAttributes(categoryID: number, name = 'A scheduled discussion', text = 'Scheduled words.') {
  return {
    body: rich2(text),
    format: 'rich2',
    draftType: 'discussion',
    draftMeta: { name, categoryID, postTypeID: 'discussion' },
  };
}

/** `POST /drafts` as `actor`; asserts 201. */
export async function makeDraft(t: TestApp, actor: TestActor, payload: CreateDraftInput): Promise<Draft> {
  const response = await inject(t, actor, { method: 'POST', url: '/api/v2/drafts', payload });
  assert.equal(response.statusCode, 201, response.body);
  return response.json() as Draft;
}

/** `GET /drafts` as `actor`; asserts 200. */
export async function listDraftsOf(t: TestApp, actor: TestActor, query = ''): Promise<{ drafts: DraftListItem[]; response: LightMyRequestResponse }> {
  const response = await inject(t, actor, { method: 'GET', url: `/api/v2/drafts${query}` });
  assert.equal(response.statusCode, 200, response.body);
  return { drafts: response.json() as DraftListItem[], response };
}

/** Sets site settings as the factories' administrator. */
export async function setSettings(t: TestApp, values: Record<string, unknown>): Promise<void> {
  const response = await inject(t, await factoryAdmin(t), { method: 'PATCH', url: '/api/v2/config', payload: values });
  assert.equal(response.statusCode, 200, response.body);
}

/** Runs due jobs as the worker would, after the events' subscribers enqueued theirs; asserts none failed. */
export async function runJobs(t: TestApp): Promise<void> {
  await t.app.deps.events.settled();
  await t.app.jobs.drain();
  await t.app.deps.events.settled();
  await t.app.jobs.drain();
  const stuck = [];
  for (const status of ['failed', 'dead'] as const) {
    const rows = await findJobsByStatus(t.db, { status, offset: 0, limit: 100 });
    stuck.push(...rows.map((row) => ({ type: row.type, lastError: row.lastError })));
  }
  assert.deepEqual(stuck, [], 'no job failed');
}
