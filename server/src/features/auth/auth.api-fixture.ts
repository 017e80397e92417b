import { after, before } from 'node:test';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// The set-up the auth API test files share (one app per file).

export async function sessionCount(t: TestApp, userID: number): Promise<number> {
  const rows = await t.db
    .selectFrom('sessions')
    .select('sessionID')
    .where('userID', '=', userID)
    .execute();
  return rows.length;
}

export function errorItems(body: {
  errors?: { field: string; code: string; message: string; status: number }[];
}) {
  return body.errors ?? [];
}

/**
 * Registers the shared before/after hooks in the calling `describe` and returns the fixture: its
 * values are read once the hooks have run.
 */
export function useAuthFixture() {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  return {
    get t() {
      return t;
    },
  };
}
