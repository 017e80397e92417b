import type { RequestContext } from '../src/http/context.ts';
import { loadPermissionSet } from '../src/permissions/permission-set.ts';
import type { TestActor } from './actors.ts';
import type { TestApp } from './harness.ts';

/**
 * A request context acting as a user (an actor, or a user ID; 0 is a guest) with their current
 * permissions, for the service calls a test makes that no route makes (hooks, locators, batched
 * writes). A signed-in actor's session ID and transient key come along.
 */
export async function contextFor(t: TestApp, who: TestActor | number): Promise<RequestContext> {
  const userID = typeof who === 'number' ? who : (who.user?.userID ?? 0);
  const session = typeof who === 'number' ? undefined : who;
  return {
    ...t.app.deps,
    actor: {
      userID,
      via: userID > 0 ? 'session' : 'guest',
      sessionID: session?.sessionID ?? null,
      transientKey: session?.transientKey ?? null,
      csrfFailed: false,
      banned: false,
    },
    permissions: await loadPermissionSet(t.db, userID),
    ipAddress: '127.0.0.1',
    userAgent: null,
  };
}
