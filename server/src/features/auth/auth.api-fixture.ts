import assert from 'node:assert/strict';
import { asAdmin, inject, type TestActor } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import type { TestApp } from '../../../test/harness.ts';

// The set-up the auth API test files share (one app per file).

const auditors = new WeakMap<TestApp, Promise<TestActor>>();

/** How many sessions a user has (`GET /sessions?userID=`, as a user with the admin flag, who outranks everyone). */
export async function sessionCount(t: TestApp, userID: number): Promise<number> {
  let auditor = auditors.get(t);
  if (!auditor) {
    auditor = asAdmin(t, { isAdmin: true });
    auditors.set(t, auditor);
  }
  const response = await inject(t, await auditor, {
    method: 'GET',
    url: `/api/v2/sessions?userID=${String(userID)}`,
  });
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as unknown[]).length;
}

export function errorItems(body: {
  errors?: { field: string; code: string; message: string; status: number }[];
}) {
  return body.errors ?? [];
}

/** The shared set-up of the auth API test files: one app per file, nothing in it yet. */
export function useAuthFixture(): { t: TestApp } {
  return useTestApp(async () => ({}));
}
