import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asAdmin, asMember, asModerator, inject, type TestActor } from '../../../test/actors.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeRole, type ErrorBody } from '../../../test/factories.ts';
import type { IgnoreState } from '../../../../common/src/api/conversations.ts';

// Issue 13 (brief K): as Vanilla's Ignore plugin, staff cannot be ignored: PUT /users/{id}/ignore
// is 403 "You can't ignore that person." for a moderator or higher, or a user who outranks the actor.

const REFUSED = "You can't ignore that person.";

describe(`user ignores: staff cannot be ignored (${testDialect})`, () => {
  const fx = useTestApp(async () => ({}));

  const ignore = (actor: TestActor, userID: number, method: 'PUT' | 'GET' | 'DELETE' = 'PUT') =>
    inject(fx.t, actor, { method, url: `/api/v2/users/${String(userID)}/ignore` });

  test('a member cannot ignore a moderator or an administrator; nothing is stored', async () => {
    const member = await asMember(fx.t);
    for (const staff of [await asModerator(fx.t), await asAdmin(fx.t)]) {
      const refused = await ignore(member, staff.user?.userID ?? 0);
      assert.equal(refused.statusCode, 403, refused.body);
      assert.equal((refused.json() as ErrorBody).message, REFUSED);
      const state = await ignore(member, staff.user?.userID ?? 0, 'GET');
      assert.deepEqual(state.json() as IgnoreState, { userID: staff.user?.userID, ignored: false });
    }
  });

  test('staff cannot ignore staff either; a moderator may ignore a member', async () => {
    const moderator = await asModerator(fx.t);
    const admin = await asAdmin(fx.t);
    const member = await asMember(fx.t);
    assert.equal((await ignore(admin, moderator.user?.userID ?? 0)).statusCode, 403);
    assert.equal((await ignore(moderator, (await asModerator(fx.t)).user?.userID ?? 0)).statusCode, 403);
    const allowed = await ignore(moderator, member.user?.userID ?? 0);
    assert.equal(allowed.statusCode, 200, allowed.body);
  });

  test('a member cannot ignore a user of higher rank (a curator), but can ignore a peer', async () => {
    const curators = await makeRole(fx.t, { globalPermissions: ['session.valid', 'curation.manage'] });
    const curator = await asMember(fx.t, { roleIDs: [curators.roleID] });
    const member = await asMember(fx.t);
    const peer = await asMember(fx.t);
    const refused = await ignore(member, curator.user.userID);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal((refused.json() as ErrorBody).message, REFUSED);
    assert.equal((await ignore(curator, member.user.userID)).statusCode, 200, 'the curator outranks the member');
    assert.equal((await ignore(member, peer.user.userID)).statusCode, 200);
    assert.equal((await ignore(member, curator.user.userID, 'DELETE')).statusCode, 204, 'un-ignoring is never refused');
  });
});
