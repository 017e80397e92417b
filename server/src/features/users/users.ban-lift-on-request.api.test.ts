import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, bearerFor, inject, signInThroughApi, TEST_PASSWORD, type TestActor, type TestUser } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, rich2 } from '../../../test/factories.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';

// Issue 13, api-contract §27.8 "dateExpires … the ban lifts itself then": a ban whose end date has
// passed no longer refuses the member, even when the liftEndedBan job has not run (it is never
// drained here).

const HOUR = 60 * 60 * 1000;
const SECOND = 1000;

describe(`users: a ban lifts itself at dateExpires without its job (${testDialect})`, () => {
  const clock = createTestClock();
  const fx = useTestApp(
    async (t) => ({ ...(await makeActors(t)), category: await makeCategory(t) }),
    {},
    { clock: clock.now },
  );

  /** Bans the member until an hour from now; returns that date. */
  async function banForAnHour(userID: number): Promise<void> {
    const dateExpires = new Date(clock.now() + HOUR).toISOString();
    const response = await inject(fx.t, fx.moderator, {
      method: 'PUT',
      url: `/api/v2/users/${String(userID)}/ban`,
      payload: { banned: true, reason: 'Cool off.', dateExpires },
    });
    assert.equal(response.statusCode, 200, response.body);
  }

  const post = (actor: { headers: Record<string, string> }) =>
    inject(fx.t, actor, {
      method: 'POST',
      url: '/api/v2/discussions',
      payload: { name: 'Back again', body: rich2('Hello'), format: 'rich2', categoryID: fx.category.categoryID },
    });

  const banLog = async (userID: number) =>
    (await inject(fx.t, fx.moderator, { method: 'GET', url: `/api/v2/logs?recordType=user&recordID=${String(userID)}&operation=ban` })).json() as LogEntry[];

  test('a signed-in member is refused until dateExpires, then can post at dateExpires + 1 s; the lift is logged once', async () => {
    const target: TestActor<TestUser> = await asMember(fx.t);
    await banForAnHour(target.user.userID);

    clock.advance(HOUR - SECOND);
    const early = await post(target);
    assert.equal(early.statusCode, 401, early.body);
    assert.equal((early.json() as { message: string }).message, 'You are banned.');

    clock.advance(2 * SECOND);
    const posted = await post(target);
    assert.equal(posted.statusCode, 201, posted.body);
    const me = await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal((me.json() as { banned: number }).banned, 0);

    const profile = await inject(fx.t, fx.moderator, { method: 'GET', url: `/api/v2/users/${String(target.user.userID)}` });
    assert.equal((profile.json() as { banned: number }).banned, 0, 'others see the ban lifted too');
    const entries = await banLog(target.user.userID);
    assert.deepEqual(entries.map((entry) => [entry.data.banned, entry.insertUserID]), [[0, 0], [1, fx.moderator.user?.userID]]);

    await fx.t.app.jobs.drain();
    assert.equal((await banLog(target.user.userID)).length, 2, 'the late job finds nothing left to lift');
  });

  test('an access token works again after dateExpires', async () => {
    const target = await asMember(fx.t);
    const bearer = await bearerFor(fx.t, target.user.userID);
    await banForAnHour(target.user.userID);
    assert.equal((await inject(fx.t, bearer, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 401);
    clock.advance(HOUR + SECOND);
    const me = await inject(fx.t, bearer, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal((me.json() as { banned: number }).banned, 0);
  });

  test('sign-in is refused before dateExpires and allowed after it', async () => {
    const target = await asMember(fx.t);
    await banForAnHour(target.user.userID);
    const refused = await signInThroughApi(fx.t, { username: target.user.name, password: TEST_PASSWORD });
    assert.equal(refused.response.statusCode, 401, refused.response.body);
    assert.equal((refused.response.json() as { message: string }).message, 'You are banned.');

    clock.advance(HOUR + SECOND);
    const signedIn = await signInThroughApi(fx.t, { username: target.user.name, password: TEST_PASSWORD });
    assert.equal(signedIn.response.statusCode, 201, signedIn.response.body);
    assert.equal((signedIn.response.json() as { banned: number }).banned, 0);
    assert.ok(signedIn.actor);
    assert.equal((await post(signedIn.actor)).statusCode, 201);
  });

  test('a ban without an end date stays', async () => {
    const target = await asMember(fx.t);
    const response = await inject(fx.t, fx.moderator, { method: 'PUT', url: `/api/v2/users/${String(target.user.userID)}/ban`, payload: { banned: true } });
    assert.equal(response.statusCode, 200);
    clock.advance(1000 * HOUR);
    assert.equal((await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 401);
  });
});
