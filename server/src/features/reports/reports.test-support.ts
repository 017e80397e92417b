import assert from 'node:assert/strict';
import type { Category } from '../../../../common/src/api/categories.ts';
import type { Report } from '../../../../common/src/api/reports.ts';
import { asUser, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { makeCategory, makeRole } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/harness.ts';

/** An API call as an actor (`path` starts with /api/v2, so the routes test sees each call). */
export function callAs(
  t: TestApp,
  actor: TestActor | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  path: string,
  payload?: object,
) {
  return inject(t, actor, { method, url: path, ...(payload === undefined ? {} : { payload }) });
}

/** Sets site settings through `PATCH /config` as an administrator (asserts success). */
export async function configure(t: TestApp, admin: TestActor, values: Record<string, unknown>): Promise<void> {
  const response = await callAs(t, admin, 'PATCH', '/api/v2/config', values);
  assert.ok(response.statusCode < 300, response.body);
}

/**
 * A category moderated by a user who holds `posts.moderate` there only (a member otherwise):
 * the category and that moderator.
 */
export async function makeModeratedCategory(t: TestApp): Promise<{ category: Category; categoryModerator: TestActor<TestUser> }> {
  const role = await makeRole(t);
  const category = await makeCategory(t, {
    customPermissions: true,
    permissions: [{ roleID: role.roleID, permissions: { 'discussions.view': true, 'posts.moderate': true } }],
  });
  const categoryModerator = await asUser(t, { roleTypes: ['member'], roleIDs: [role.roleID] });
  return { category, categoryModerator };
}

/** `POST /reports` as an actor; asserts the status and returns the report. */
export async function report(
  t: TestApp,
  actor: TestActor,
  body: { recordType: 'discussion' | 'comment'; recordID: number; reportReasonIDs?: string[]; noteBody?: string; noteFormat?: string },
  status = 201,
): Promise<Report> {
  const response = await callAs(t, actor, 'POST', '/api/v2/reports', { reportReasonIDs: ['spam'], ...body });
  assert.equal(response.statusCode, status, response.body);
  return response.json() as Report;
}
