import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { createTestClock } from '../../../test/clock.ts';
import { asMember, createUser, inject, signInThroughApi, TEST_PASSWORD, uniqueIP } from '../../../test/actors.ts';
import { IP_THROTTLE_MESSAGE, USER_THROTTLE_MESSAGE } from './auth.service.ts';

// Issue 11 item 12: sign-in throttles lock an account per address, never for everyone, and an
// address that keeps failing waits longer and longer. The clock is moved, never slept on.
describe(`auth: sign-in throttles (${testDialect})`, () => {
  const clock = createTestClock();
  let t: TestApp;
  before(async () => {
    t = await createTestApp({}, { clock: clock.now });
  });
  after(async () => {
    await t.close();
  });

  const signIn = (username: string, password: string, ip: string) => signInThroughApi(t, { username, password, ip });

  test('one attempt per second per account and address: the next is 429 with Retry-After, a second later it passes', async () => {
    const user = await createUser(t);
    const ip = uniqueIP();
    assert.equal((await signIn(user.name, 'wrong-password', ip)).response.statusCode, 401);
    const second = (await signIn(user.name, TEST_PASSWORD, ip)).response;
    assert.equal(second.statusCode, 429);
    assert.deepEqual(second.json(), { message: USER_THROTTLE_MESSAGE, status: 429, description: 'Try again in 1 second.' });
    assert.equal(second.headers['retry-after'], '1');
    // The account's owner at another address is not held back by that attempt.
    assert.equal((await signIn(user.name, TEST_PASSWORD, uniqueIP())).response.statusCode, 201);
    clock.advance(1000);
    assert.equal((await signIn(user.name, TEST_PASSWORD, ip)).response.statusCode, 201);
  });

  test('an address failing 12 times locks itself out, not the member signing in from another address', async () => {
    const member = await createUser(t);
    const attacker = uniqueIP();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      // Past the address's back-off (at most 32 s by the tenth failure), within 15 minutes.
      clock.advance(70_000);
      statuses.push((await signIn(member.name, 'wrong-password', attacker)).response.statusCode);
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.deepEqual(statuses.slice(10), [429, 429], 'ten wrong passwords from one address lock the account there');

    const fromHome = await signIn(member.name, TEST_PASSWORD, uniqueIP());
    assert.equal(fromHome.response.statusCode, 201, fromHome.response.body);
    const attackerWithPassword = (await signIn(member.name, TEST_PASSWORD, attacker)).response;
    assert.equal(attackerWithPassword.statusCode, 429);
    assert.ok(Number(attackerWithPassword.headers['retry-after']) >= 1);
  });

  test('an address that keeps failing gets 429 with a Retry-After that grows', async () => {
    const attacker = uniqueIP();
    const retryAfters: number[] = [];
    for (let failure = 1; failure <= 9; failure += 1) {
      // A different account each time: the back-off belongs to the address.
      const victim = await createUser(t);
      clock.advance(11_000);
      const failed = (await signIn(victim.name, 'wrong-password', attacker)).response;
      assert.equal(failed.statusCode, 401, `failure ${failure}: ${failed.body}`);
      const next = (await signIn((await createUser(t)).name, TEST_PASSWORD, attacker)).response;
      if (next.statusCode === 201) continue;
      assert.equal(next.statusCode, 429, next.body);
      const seconds = Number(next.headers['retry-after']);
      assert.deepEqual(next.json(), {
        message: IP_THROTTLE_MESSAGE,
        status: 429,
        description: `Try again in ${seconds} seconds.`,
      });
      retryAfters.push(seconds);
      // Waiting out the back-off is enough for the next try; a right password does not reset it.
      clock.advance(seconds * 1000);
    }
    assert.deepEqual(retryAfters, [2, 4, 8, 16], 'the first five failures are free, then 2 s doubling');

    // A member elsewhere is not slowed down by that address.
    const member = await createUser(t);
    assert.equal((await signIn(member.name, TEST_PASSWORD, uniqueIP())).response.statusCode, 201);
  });

  test('an IPv6 address counts by its /64 network: stepping through it does not escape the lock', async () => {
    const member = await createUser(t);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      clock.advance(70_000);
      const response = (await signIn(member.name, 'wrong-password', `2001:db8:1:2::${attempt.toString(16)}`)).response;
      assert.equal(response.statusCode, 401, response.body);
    }
    clock.advance(70_000);
    const sameNetwork = (await signIn(member.name, TEST_PASSWORD, '2001:db8:1:2:ffff::99')).response;
    assert.equal(sameNetwork.statusCode, 429, sameNetwork.body);
    assert.equal((await signIn(member.name, TEST_PASSWORD, '2001:db8:1:3::1')).response.statusCode, 201);
  });

  test('wrong current passwords in a profile edit count against the address, not the account everywhere', async () => {
    const member = await asMember(t);
    const ip = uniqueIP();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      clock.advance(60 * 60 * 1000);
      const wrong = await inject(t, member, {
        method: 'PATCH',
        url: `/api/v2/users/${member.user.userID}`,
        headers: { 'x-forwarded-for': ip },
        payload: { password: 'a brand new password', passwordConfirmation: 'not my password' },
      });
      assert.equal(wrong.statusCode, 401, wrong.body);
    }
    clock.advance(1000);
    const locked = await inject(t, member, {
      method: 'PATCH',
      url: `/api/v2/users/${member.user.userID}`,
      headers: { 'x-forwarded-for': ip },
      payload: { password: 'a brand new password', passwordConfirmation: TEST_PASSWORD },
    });
    assert.equal(locked.statusCode, 429);
    assert.equal((await signIn(member.user.name, TEST_PASSWORD, uniqueIP())).response.statusCode, 201);
  });
});
