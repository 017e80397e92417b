import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asAdmin, createUser, inject, signInThroughApi, TEST_PASSWORD } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeRole } from '../../../test/factories.ts';

// Brief K item 3 (docs/decisions.md "Roles' canSession is not a sign-in gate"): as in Vanilla,
// whether a user may sign in depends on `session.valid` (Garden.SignIn.Allow) alone; a role's
// canSession flag is stored and shown but never consulted.

describe(`auth: canSession does not gate sign-in, session.valid does (${testDialect})`, () => {
  const fx = useTestApp(async () => ({}));

  test('a user whose only role has canSession false but grants session.valid signs in and keeps their session', async () => {
    const role = await makeRole(fx.t, { canSession: false, globalPermissions: ['session.valid', 'profiles.view'] });
    assert.equal(role.canSession, false);
    const user = await createUser(fx.t, { roleTypes: [], roleIDs: [role.roleID] });
    const signedIn = await signInThroughApi(fx.t, { username: user.name, password: TEST_PASSWORD });
    assert.equal(signedIn.response.statusCode, 201, signedIn.response.body);
    assert.ok(signedIn.actor);
    const me = await inject(fx.t, signedIn.actor, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal((me.json() as { userID: number }).userID, user.userID);
  });

  test('a user whose roles have canSession true but lack session.valid is refused with "Sorry, permission denied."', async () => {
    const role = await makeRole(fx.t, { canSession: true, globalPermissions: ['profiles.view'] });
    const user = await createUser(fx.t, { roleTypes: [], roleIDs: [role.roleID] });
    const refused = await signInThroughApi(fx.t, { username: user.name, password: TEST_PASSWORD });
    assert.equal(refused.response.statusCode, 403, refused.response.body);
    assert.equal((refused.response.json() as { message: string }).message, 'Sorry, permission denied.');
    const read = await inject(fx.t, await asAdmin(fx.t), { method: 'GET', url: `/api/v2/roles/${String(role.roleID)}` });
    assert.equal((read.json() as { canSession: boolean }).canSession, true);
  });
});
