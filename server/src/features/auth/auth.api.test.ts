import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  bearerFor,
  cookieFrom,
  countRows,
  createUser,
  inject,
  sessionFor,
  signInThroughApi,
  TEST_PASSWORD,
  uniqueIP,
} from '../../../test/actors.ts';
import { PERSIST_SECONDS } from './sessions.ts';
import { IP_THROTTLE_MESSAGE, signInThrottles } from './auth.service.ts';

async function sessionCount(t: TestApp, userID: number): Promise<number> {
  const rows = await t.db.selectFrom('sessions').select('sessionID').where('userID', '=', userID).execute();
  return rows.length;
}

function errorItems(body: { errors?: { field: string; code: string; message: string; status: number }[] }) {
  return body.errors ?? [];
}

describe(`auth: sign-in, sign-out, sessions (${testDialect})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(async () => {
    await t.close();
  });

  test('register → confirm → sign in: the session is the new member’s', async () => {
    const ip = uniqueIP();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v2/users/register',
      headers: { 'x-forwarded-for': ip },
      payload: { name: 'journey_1', email: 'Journey1@Example.com', password: 'correct horse' },
    });
    assert.equal(registered.statusCode, 201);
    const { userID } = registered.json() as { userID: number };
    const mail = t.mail.sent.at(-1);
    assert.equal(mail?.to, 'Journey1@Example.com');
    const match = /\/entry\/emailconfirm\/(\d+)\/([\w%-]+)/.exec(mail?.text ?? '');
    assert.ok(match, 'the e-mail carries the confirmation link');
    assert.equal(Number(match[1]), userID);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v2/users/${userID}/confirm-email`,
      payload: { confirmationCode: decodeURIComponent(match[2] ?? '') },
    });
    assert.equal(confirmed.statusCode, 201);
    assert.deepEqual(confirmed.json(), { userID, email: 'Journey1@Example.com', emailConfirmed: true });

    const { response, actor } = await signInThroughApi(t, { username: 'JOURNEY_1', password: 'correct horse' });
    assert.equal(response.statusCode, 201);
    const fragment = response.json();
    assert.equal(fragment.userID, userID);
    assert.equal(fragment.name, 'journey_1');
    assert.equal(fragment.url, 'http://hearth.test/profile/journey_1');
    assert.equal(fragment.banned, 0);
    assert.match(fragment.photoUrl, /^http:\/\/hearth\.test\//, 'the default avatar');
    assert.equal('email' in fragment || 'password' in fragment, false);
    assert.ok(actor);

    const sessions = await inject(t, actor, { method: 'GET', url: '/api/v2/sessions?userID=$me' });
    assert.equal(sessions.statusCode, 200);
    const list = sessions.json() as { userID: number; sessionID: string }[];
    assert.equal(list.length, 1);
    assert.equal(list[0]?.userID, userID);

    const permissions = await inject(t, actor, { method: 'GET', url: '/api/v2/users/$me/permissions' });
    assert.equal(permissions.statusCode, 200);
    const global = (permissions.json() as { permissions: { type: string; permissions: Record<string, boolean> }[] }).permissions.find(
      (entry) => entry.type === 'global',
    );
    assert.equal(global?.permissions['comments.add'] ?? global?.permissions['uploads.add'], true, 'a member after confirmation');

    if (t.app.apiRoutes.some((route) => route.method === 'GET' && route.url === '/api/v2/users/me')) {
      const me = await inject(t, actor, { method: 'GET', url: '/api/v2/users/me' });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().userID, userID);
    }
  });

  test('signs in by e-mail, case-insensitively, and records the visit', async () => {
    const user = await createUser(t, { email: 'Mixed.Case@Example.com' });
    const { response } = await signInThroughApi(t, { username: 'mixed.case@example.COM', password: TEST_PASSWORD });
    assert.equal(response.statusCode, 201);
    assert.equal(response.json().userID, user.userID);
    const row = await t.db.selectFrom('users').select(['countVisits', 'dateLastActive', 'lastIPAddress']).where('userID', '=', user.userID).executeTakeFirstOrThrow();
    assert.equal(row.countVisits, 1);
    assert.ok(row.dateLastActive);
    assert.ok(row.lastIPAddress?.startsWith('10.'));
  });

  test('persist sets a 30-day cookie; without it the cookie is a browser-session cookie', async () => {
    const persistent = await createUser(t);
    const kept = await signInThroughApi(t, { username: persistent.name, password: TEST_PASSWORD, persist: true });
    assert.equal(kept.response.statusCode, 201);
    const keptCookie = String(kept.response.headers['set-cookie']);
    const maxAge = Number(/Max-Age=(\d+)/.exec(keptCookie)?.[1]);
    assert.ok(Math.abs(maxAge - PERSIST_SECONDS) <= 5, `Max-Age ${maxAge}`);
    const expires = Date.parse(/Expires=([^;]+)/.exec(keptCookie)?.[1] ?? '');
    assert.ok(Math.abs(expires - (Date.now() + PERSIST_SECONDS * 1000)) < 10_000);
    assert.match(keptCookie, /HttpOnly/);
    assert.match(keptCookie, /SameSite=Lax/);
    assert.doesNotMatch(keptCookie, /Secure/);

    const transient = await createUser(t);
    const session = await signInThroughApi(t, { username: transient.name, password: TEST_PASSWORD });
    const sessionCookie = String(session.response.headers['set-cookie']);
    assert.doesNotMatch(sessionCookie, /Max-Age|Expires/);
    assert.match(sessionCookie, /HttpOnly/);
  });

  test('the cookie is Secure when BASE_URL is https', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://hearth.test' });
    try {
      const user = await createUser(secure);
      const { response } = await signInThroughApi(secure, { username: user.name, password: TEST_PASSWORD });
      assert.equal(response.statusCode, 201);
      assert.match(String(response.headers['set-cookie']), /; Secure/);
    } finally {
      await secure.close();
    }
  });

  test('unknown user → 404 on username; wrong password → 401 on password; no session either way', async () => {
    const before = await countRows(t, 'sessions');
    const unknown = await signInThroughApi(t, { username: 'nobody_here', password: 'whatever1' });
    assert.equal(unknown.response.statusCode, 404);
    assert.deepEqual(unknown.response.json(), {
      message: 'Validation Failed',
      status: 404,
      errors: [{ field: 'username', code: 'invalid', message: 'User not found.', status: 404 }],
    });

    const user = await createUser(t);
    const wrong = await signInThroughApi(t, { username: user.name, password: 'not-the-password' });
    assert.equal(wrong.response.statusCode, 401);
    assert.deepEqual(wrong.response.json(), {
      message: 'Validation Failed',
      status: 401,
      errors: [{ field: 'password', code: 'invalid', message: 'The password you entered is incorrect.', status: 401 }],
    });
    assert.equal(cookieFrom(wrong.response), null);
    assert.equal(await countRows(t, 'sessions'), before);
  });

  test('a deleted account is not found; an applicant may not start a session', async () => {
    const deleted = await createUser(t, { deleted: true });
    assert.equal((await signInThroughApi(t, { username: deleted.name, password: TEST_PASSWORD })).response.statusCode, 404);
    const applicant = await createUser(t, { roleTypes: ['applicant'] });
    const refused = await signInThroughApi(t, { username: applicant.name, password: TEST_PASSWORD });
    assert.equal(refused.response.statusCode, 403);
    assert.equal(refused.response.json().message, 'Sorry, permission denied.');
    assert.equal(await sessionCount(t, applicant.userID), 0);
  });

  test('a banned user: 401 on sign-in without a session, 401 with an existing session, sign-out still works', async () => {
    const user = await createUser(t, { banned: true });
    const { response } = await signInThroughApi(t, { username: user.name, password: TEST_PASSWORD });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'You are banned.', status: 401 });
    assert.equal(cookieFrom(response), null);
    assert.equal(await sessionCount(t, user.userID), 0);

    const member = await asMember(t);
    await t.db.updateTable('users').set({ banned: 1 }).where('userID', '=', member.user.userID).execute();
    const call = await inject(t, member, { method: 'GET', url: '/api/v2/sessions?userID=$me' });
    assert.equal(call.statusCode, 401);
    assert.equal(call.json().message, 'You are banned.');
    const signOut = await inject(t, member, { method: 'POST', url: '/api/v2/authenticate/signout' });
    assert.equal(signOut.statusCode, 204);
    assert.equal(await sessionCount(t, member.user.userID), 0);

    // Another person can still sign in on the browser that holds the banned user's cookie.
    const other = await createUser(t);
    const banned = await asMember(t, { banned: true });
    const replaced = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/password',
      headers: { ...banned.headers, 'x-forwarded-for': uniqueIP() },
      payload: { username: other.name, password: TEST_PASSWORD },
    });
    assert.equal(replaced.statusCode, 201);
  });

  test('signing in again ends the session the browser had', async () => {
    const member = await asMember(t);
    const other = await createUser(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/password',
      headers: { ...member.headers, 'x-forwarded-for': uniqueIP() },
      payload: { username: other.name, password: TEST_PASSWORD },
    });
    assert.equal(response.statusCode, 201);
    assert.equal(await sessionCount(t, member.user.userID), 0);
    assert.equal(await sessionCount(t, other.userID), 1);
  });

  test('throttle per IP: one attempt more than the limit within the window → 429', async () => {
    const ip = uniqueIP();
    for (let attempt = 0; attempt < signInThrottles.ip.limit; attempt += 1) {
      const response = await signInThroughApi(t, { username: `ghost_${attempt}`, password: 'whatever1', ip });
      assert.equal(response.response.statusCode, 404);
    }
    const refused = await signInThroughApi(t, { username: 'ghost_6', password: 'whatever1', ip });
    assert.equal(refused.response.statusCode, 429);
    assert.equal(refused.response.json().message, IP_THROTTLE_MESSAGE);
    assert.ok(Number(refused.response.headers['retry-after']) >= 1);
  });

  test('CSRF: a cookie write without X-Requested-With and Referer → 403; the transient key header passes', async () => {
    const member = await asMember(t);
    const bare = { cookie: member.headers.cookie ?? '' };
    const refused = await t.app.inject({ method: 'POST', url: '/api/v2/authenticate/signout', headers: bare });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), { message: 'Invalid CSRF token. Please try again.', status: 403 });
    assert.equal(refused.headers['x-csrf-token'], member.transientKey);
    assert.equal(await sessionCount(t, member.user.userID), 1);

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      headers: { ...bare, 'x-requested-with': 'vanilla', referer: 'https://evil.example/page' },
    });
    assert.equal(foreign.statusCode, 403);
    const badOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      headers: { ...member.headers, origin: 'https://evil.example' },
    });
    assert.equal(badOrigin.statusCode, 403);
    const wrongKey = await t.app.inject({ method: 'POST', url: '/api/v2/authenticate/signout', headers: { ...bare, 'x-transient-key': 'nope' } });
    assert.equal(wrongKey.statusCode, 403);
    assert.equal(await sessionCount(t, member.user.userID), 1);

    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      headers: { ...bare, 'x-transient-key': member.transientKey ?? '' },
    });
    assert.equal(accepted.statusCode, 204);
    assert.equal(await sessionCount(t, member.user.userID), 0);
  });

  test('sign-out with the link’s transient key: a wrong key → 401 and the session stays; the right one ends it', async () => {
    const member = await asMember(t);
    const wrong = await inject(t, member, { method: 'POST', url: '/api/v2/authenticate/signout', payload: { transientKey: 'stale' } });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), { message: 'Invalid transient key.', status: 401 });
    assert.equal(await sessionCount(t, member.user.userID), 1);

    const right = await inject(t, member, { method: 'POST', url: '/api/v2/authenticate/signout', payload: { transientKey: member.transientKey } });
    assert.equal(right.statusCode, 204);
    assert.match(String(right.headers['set-cookie']), /^hearth=;.*Max-Age=0/);
    assert.equal(await sessionCount(t, member.user.userID), 0);
    const after = await inject(t, member, { method: 'GET', url: '/api/v2/sessions?userID=$me' });
    assert.equal(after.statusCode, 403, 'the old cookie is a guest now');

    const guest = await asGuest(t);
    const guestSignOut = await inject(t, guest, { method: 'POST', url: '/api/v2/authenticate/signout' });
    assert.equal(guestSignOut.statusCode, 204);
  });

  test('DELETE /sessions without parameters ends only the current session', async () => {
    const member = await asMember(t);
    const second = await sessionFor(t, member.user);
    const response = await inject(t, member, { method: 'DELETE', url: '/api/v2/sessions' });
    assert.equal(response.statusCode, 204);
    assert.match(String(response.headers['set-cookie']), /Max-Age=0/);
    const left = await t.db.selectFrom('sessions').select('sessionID').where('userID', '=', member.user.userID).execute();
    assert.deepEqual(left.map((row) => row.sessionID), [second.sessionID]);
  });

  test('DELETE /sessions?userID= ends all of them; with sessionID just one', async () => {
    const member = await asMember(t);
    const second = await sessionFor(t, member.user);
    const third = await sessionFor(t, member.user);
    const one = await inject(t, member, { method: 'DELETE', url: `/api/v2/sessions?userID=${member.user.userID}&sessionID=${second.sessionID}` });
    assert.equal(one.statusCode, 204);
    assert.equal(one.headers['set-cookie'], undefined, 'another session: the cookie stays');
    assert.equal(await sessionCount(t, member.user.userID), 2);
    const missing = await inject(t, member, { method: 'DELETE', url: `/api/v2/sessions?userID=${member.user.userID}&sessionID=nope` });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { message: 'Session not found.', status: 404 });
    const all = await inject(t, third, { method: 'DELETE', url: `/api/v2/sessions?userID=$me` });
    assert.equal(all.statusCode, 204);
    assert.equal(await sessionCount(t, member.user.userID), 0);
  });

  test('another user’s sessions need users.edit (a moderator is refused)', async () => {
    const target = await asMember(t);
    const member = await asMember(t);
    const moderator = await asModerator(t);
    const admin = await asAdmin(t);
    const guest = await asGuest(t);

    const refused = await inject(t, member, { method: 'GET', url: `/api/v2/sessions?userID=${target.user.userID}` });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), {
      message: 'Permission Problem',
      status: 403,
      description: 'You need the users.edit permission to do that.',
      permissions: ['users.edit'],
    });
    assert.equal((await inject(t, guest, { method: 'GET', url: `/api/v2/sessions?userID=${target.user.userID}` })).statusCode, 403);
    const deleteRefused = await inject(t, member, { method: 'DELETE', url: `/api/v2/sessions?userID=${target.user.userID}` });
    assert.equal(deleteRefused.statusCode, 403);
    assert.equal(await sessionCount(t, target.user.userID), 1);

    assert.equal((await inject(t, moderator, { method: 'GET', url: `/api/v2/sessions?userID=${target.user.userID}` })).statusCode, 403);
    const listed = await inject(t, admin, { method: 'GET', url: `/api/v2/sessions?userID=${target.user.userID}&filter=valid` });
    assert.equal(listed.statusCode, 200);
    const [session] = listed.json() as { sessionID: string; userID: number; dateInserted: string; dateUpdated: string | null; dateExpires: string }[];
    assert.equal(session?.sessionID, target.sessionID);
    assert.match(session?.dateExpires ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const invalid = await inject(t, admin, { method: 'GET', url: `/api/v2/sessions?userID=${target.user.userID}&filter=invalid` });
    assert.deepEqual(invalid.json(), []);

    const unknown = await inject(t, admin, { method: 'GET', url: '/api/v2/sessions?userID=999999' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'User not found.');

    const ended = await inject(t, admin, { method: 'DELETE', url: `/api/v2/sessions?userID=${target.user.userID}` });
    assert.equal(ended.statusCode, 204);
    assert.equal(await sessionCount(t, target.user.userID), 0);
    assert.equal(await sessionCount(t, admin.user.userID), 1);
  });

  test('sessions: bad query values answer the contract’s validation body', async () => {
    const member = await asMember(t);
    for (const query of ['userID=abc', 'userID=-1', 'userID=1.5', 'filter=all', 'userID=<script>']) {
      const response = await inject(t, member, { method: 'GET', url: `/api/v2/sessions?${query}` });
      assert.equal(response.statusCode, 422, query);
      const body = response.json();
      assert.equal(body.message, 'Validation Failed');
      assert.equal(body.status, 422);
      for (const item of errorItems(body)) assert.deepEqual(Object.keys(item).sort(), ['code', 'field', 'message', 'status']);
    }
    const long = await inject(t, member, { method: 'DELETE', url: `/api/v2/sessions?sessionID=${'x'.repeat(101)}` });
    assert.equal(long.statusCode, 422);
    assert.equal(errorItems(long.json())[0]?.code, 'maxLength');
    assert.equal(await sessionCount(t, member.user.userID), 1);
  });

  test('a bearer token acts as its owner without CSRF headers; an invalid one is a guest with X-WWW-Authenticate', async () => {
    const member = await asMember(t);
    const bearer = await bearerFor(t, member.user.userID);
    const listed = await t.app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: bearer.headers });
    assert.equal(listed.statusCode, 200);
    assert.equal((listed.json() as unknown[]).length, 1);
    const viaQuery = await t.app.inject({ method: 'GET', url: `/api/v2/sessions?userID=$me&access_token=${bearer.token}` });
    assert.equal(viaQuery.statusCode, 200);

    const write = await t.app.inject({ method: 'DELETE', url: `/api/v2/sessions?userID=${member.user.userID}`, headers: bearer.headers });
    assert.equal(write.statusCode, 204);
    assert.equal(await sessionCount(t, member.user.userID), 0);

    const invalid = await t.app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: { authorization: 'Bearer va.not-a-token' } });
    assert.equal(invalid.statusCode, 403);
    assert.match(String(invalid.headers['x-www-authenticate']), /invalid_token/);
    const health = await t.app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: { authorization: 'Bearer nope' } });
    assert.match(String(health.headers['x-www-authenticate']), /^error="invalid_token"/);
  });

  test('sign-in body: wrong types, missing values and over-long strings → the contract’s error body, nothing written', async () => {
    const user = await createUser(t);
    const sessions = await countRows(t, 'sessions');
    const cases: { payload: unknown; status: number; fields: string[] }[] = [
      { payload: {}, status: 400, fields: ['username', 'password'] },
      { payload: { username: user.name }, status: 400, fields: ['password'] },
      { payload: { username: '', password: '' }, status: 400, fields: ['username', 'password'] },
      { payload: { username: 42, password: TEST_PASSWORD }, status: 422, fields: ['username'] },
      { payload: { username: user.name, password: ['x'] }, status: 422, fields: ['password'] },
      { payload: { username: user.name, password: TEST_PASSWORD, persist: 'yes' }, status: 422, fields: ['persist'] },
      { payload: { username: 'x'.repeat(255), password: TEST_PASSWORD }, status: 422, fields: ['username'] },
      { payload: { username: user.name, password: 'x'.repeat(201) }, status: 422, fields: ['password'] },
      { payload: { username: { $ne: null }, password: { $gt: '' } }, status: 422, fields: ['username', 'password'] },
      { payload: [], status: 422, fields: [''] },
    ];
    for (const { payload, status, fields } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/authenticate/password',
        headers: { 'x-forwarded-for': uniqueIP() },
        payload: payload as Record<string, unknown>,
      });
      assert.equal(response.statusCode, status, JSON.stringify(payload));
      const body = response.json();
      assert.equal(body.message, 'Validation Failed');
      assert.equal(body.status, status);
      assert.deepEqual(errorItems(body).map((item) => item.field).sort(), [...fields].sort(), JSON.stringify(payload));
      for (const item of errorItems(body)) {
        assert.equal(typeof item.code, 'string');
        assert.equal(typeof item.message, 'string');
        assert.ok(item.status === 400 || item.status === 422);
      }
    }
    const markup = await signInThroughApi(t, { username: '<script>alert(1)</script>', password: '<b>x</b>' });
    assert.equal(markup.response.statusCode, 404);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/password',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueIP() },
      payload: '{"username":',
    });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().message, 'The request body is not valid JSON.');
    assert.equal(await countRows(t, 'sessions'), sessions);
  });
});
