import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asModerator, asMember, bearerFor, inject } from '../../../test/actors.ts';

const BANNED = { message: 'You are banned.', status: 401 };

// Issue 11 item 21: a banned member learns why. Every request of theirs, by session cookie or by
// access token, answers 401 "You are banned." (api-contract §1.2) instead of a guest's answer.
describe(`users: a banned member's requests (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('after PUT /users/{id}/ban the member’s session cookie and token answer 401 "You are banned."; sign-out still works', async () => {
    const moderator = await asModerator(t);
    const member = await asMember(t);
    const token = await bearerFor(t, member.user.userID);
    assert.equal((await inject(t, member, { method: 'GET', url: '/api/v2/users/me' })).json().userID, member.user.userID);

    const ban = await inject(t, moderator, { method: 'PUT', url: `/api/v2/users/${member.user.userID}/ban`, payload: { banned: true } });
    assert.equal(ban.statusCode, 200, ban.body);

    const byCookie = await inject(t, member, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(byCookie.statusCode, 401, byCookie.body);
    assert.deepEqual(byCookie.json(), BANNED);
    const listByCookie = await inject(t, member, { method: 'GET', url: '/api/v2/discussions' });
    assert.equal(listByCookie.statusCode, 401);
    assert.deepEqual(listByCookie.json(), BANNED);

    const byToken = await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: token.headers });
    assert.equal(byToken.statusCode, 401, byToken.body);
    assert.deepEqual(byToken.json(), BANNED);

    const signOut = await inject(t, member, { method: 'POST', url: '/api/v2/authenticate/signout' });
    assert.equal(signOut.statusCode, 204);
    const afterSignOut = await inject(t, { headers: { ...member.headers, cookie: '' } }, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(afterSignOut.json().userID, 0);
  });

  test('unbanned, the same session and token work again', async () => {
    const moderator = await asModerator(t);
    const member = await asMember(t);
    const token = await bearerFor(t, member.user.userID);
    const url = `/api/v2/users/${member.user.userID}/ban`;
    assert.equal((await inject(t, moderator, { method: 'PUT', url, payload: { banned: true } })).statusCode, 200);
    assert.equal((await inject(t, member, { method: 'GET', url: '/api/v2/users/me' })).statusCode, 401);
    assert.equal((await inject(t, moderator, { method: 'PUT', url, payload: { banned: false } })).statusCode, 200);
    const me = await inject(t, member, { method: 'GET', url: '/api/v2/users/me' });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().userID, member.user.userID);
    const byToken = await t.app.inject({ method: 'GET', url: '/api/v2/users/me', headers: token.headers });
    assert.equal(byToken.json().userID, member.user.userID);
  });
});
