import { after, before } from 'node:test';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Registers, in the calling `describe`, the hooks of a test file's shared set-up: one TestApp
 * (closed after the file) and what `setUp` builds on it. The returned object is filled when the
 * `before` hook has run, so tests read it in their own hooks and tests, never at definition time.
 *
 *   const fx = useTestApp(async (t) => ({ ...(await makeActors(t)) }));
 *   test('…', async () => { await inject(fx.t, fx.admin, …); });
 */
export function useTestApp<T extends object>(
  setUp: (t: TestApp) => Promise<T>,
  ...appOptions: Parameters<typeof createTestApp>
): { t: TestApp } & T {
  const fixture = {} as { t: TestApp } & T;
  before(async () => {
    const t = await createTestApp(...appOptions);
    Object.assign(fixture, { t }, await setUp(t));
  });
  after(async () => {
    await fixture.t.close();
  });
  return fixture;
}
