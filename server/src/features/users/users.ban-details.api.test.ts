import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import { asMember, inject, type TestActor, type TestUser } from '../../../test/actors.ts';
import { createTestClock } from '../../../test/clock.ts';
import { useTestApp } from '../../../test/fixture.ts';
import { makeActors, makeCategory, makeDiscussion, rich2, type ErrorBody } from '../../../test/factories.ts';
import type { LogEntry } from '../../../../common/src/api/logs.ts';

// Issue 17, api-contract §27.8: a ban's reason and end date; a banned member can do nothing.

const HOUR = 60 * 60 * 1000;
const BANNED = { message: 'You are banned.', status: 401 };

describe(`users: ban reason, end date and enforcement (${testDialect})`, () => {
  const clock = createTestClock();
  const fx = useTestApp(
    async (t) => ({ ...(await makeActors(t)), category: await makeCategory(t) }),
    {},
    { clock: clock.now },
  );

  const ban = (actor: TestActor, userID: number, payload: Record<string, unknown>) =>
    inject(fx.t, actor, { method: 'PUT', url: `/api/v2/users/${String(userID)}/ban`, payload });

  test('a ban keeps its reason and end date, then lifts itself when the date comes', async () => {
    const target = await asMember(fx.t);
    const userID = (target.user as TestUser).userID;
    const dateExpires = new Date(clock.now() + 2 * HOUR).toISOString();
    const response = await ban(fx.moderator, userID, { banned: true, reason: '  Repeated spam.  ', dateExpires });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      banned: true,
      reason: 'Repeated spam.',
      dateExpires: dateExpires.replace(/\.\d{3}Z$/, '+00:00'),
    });
    assert.deepEqual((await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' })).json(), BANNED);

    clock.advance(HOUR);
    await fx.t.app.jobs.drain();
    assert.equal((await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 401, 'not yet');

    clock.advance(2 * HOUR);
    await fx.t.app.jobs.drain();
    const me = await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal((me.json() as { banned: number }).banned, 0);

    const entries = (await inject(fx.t, fx.moderator, { method: 'GET', url: `/api/v2/logs?recordType=user&recordID=${String(userID)}&operation=ban` })).json() as LogEntry[];
    assert.deepEqual(entries.map((entry) => entry.data.banned), [0, 1], 'the lift, then the ban');
    assert.equal(entries[0]?.insertUserID, 0);
  });

  test('a later unban or ban leaves the scheduled lift with nothing to do', async () => {
    const target = await asMember(fx.t);
    const userID = (target.user as TestUser).userID;
    const soon = new Date(clock.now() + HOUR).toISOString();
    assert.equal((await ban(fx.moderator, userID, { banned: true, dateExpires: soon })).statusCode, 200);
    assert.equal((await ban(fx.moderator, userID, { banned: true, reason: 'For good.' })).statusCode, 200);
    clock.advance(2 * HOUR);
    await fx.t.app.jobs.drain();
    assert.equal((await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 401, 'the ban without end date stays');
  });

  test('a banned member cannot post, comment, react or edit; their posts show insertUser.banned 1', async () => {
    const target = await asMember(fx.t);
    const userID = (target.user as TestUser).userID;
    const discussion = await makeDiscussion(fx.t, { categoryID: fx.category.categoryID, as: target });
    assert.equal((await ban(fx.admin, userID, { banned: true, reason: 'Abuse' })).statusCode, 200);
    const calls = [
      { method: 'POST' as const, url: '/api/v2/discussions', payload: { name: 'x', body: rich2('x'), format: 'rich2', categoryID: fx.category.categoryID } },
      { method: 'POST' as const, url: '/api/v2/comments', payload: { body: rich2('x'), format: 'rich2', parentRecordType: 'discussion', parentRecordID: discussion.discussionID } },
      { method: 'POST' as const, url: `/api/v2/discussions/${String(discussion.discussionID)}/reactions`, payload: { reactionType: 'Like' } },
      { method: 'PATCH' as const, url: `/api/v2/discussions/${String(discussion.discussionID)}`, payload: { name: 'Changed' } },
    ];
    for (const call of calls) {
      const refused = await inject(fx.t, target, call);
      assert.equal(refused.statusCode, 401, `${call.url}: ${refused.body}`);
      assert.deepEqual(refused.json(), BANNED);
    }
    const read = await inject(fx.t, fx.member, { method: 'GET', url: `/api/v2/discussions/${String(discussion.discussionID)}?expand=insertUser` });
    assert.equal(read.statusCode, 200, read.body);
    assert.equal((read.json() as { insertUser: { banned: number } }).insertUser.banned, 1);
  });

  test('bad input and rank: 422 on reason and dateExpires, 403 for the same rank', async () => {
    const target = await asMember(fx.t);
    const userID = (target.user as TestUser).userID;
    const long = await ban(fx.moderator, userID, { banned: true, reason: 'x'.repeat(501) });
    assert.equal(long.statusCode, 422, long.body);
    assert.equal((long.json() as ErrorBody).errors?.[0]?.field, 'reason');
    const past = await ban(fx.moderator, userID, { banned: true, dateExpires: new Date(clock.now() - HOUR).toISOString() });
    assert.equal(past.statusCode, 422, past.body);
    assert.deepEqual((past.json() as ErrorBody).errors?.map(({ field, message }) => ({ field, message })), [
      { field: 'dateExpires', message: 'dateExpires must be in the future.' },
    ]);
    const garbage = await ban(fx.moderator, userID, { banned: true, dateExpires: 'next week' });
    assert.equal(garbage.statusCode, 422, garbage.body);
    assert.equal((garbage.json() as ErrorBody).errors?.[0]?.field, 'dateExpires');
    assert.equal((await inject(fx.t, target, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 200, 'nothing was banned');

    const peer = await ban(fx.moderator, (fx.moderator.user as TestUser).userID, { banned: true });
    assert.equal(peer.statusCode, 403);
    assert.equal((peer.json() as ErrorBody).message, 'You are not allowed to ban a user with the same permission level as you.');
    assert.equal((await ban(fx.member, userID, { banned: true })).statusCode, 403);
  });
});
