import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect } from '../../../test/harness.ts';
import {
  asMember,
  cookieFrom,
  countRows,
  createUser,
  inject,
  signInThroughApi,
  TEST_PASSWORD,
  uniqueIP,
} from '../../../test/actors.ts';
import { PERSIST_SECONDS } from './sessions.ts';
import { IP_THROTTLE_MESSAGE, signInThrottles } from './auth.service.ts';
import { sessionCount, useAuthFixture } from './auth.api-fixture.ts';

describe(`auth: sign-in (${testDialect})`, () => {
  const fx = useAuthFixture();
  let t: typeof fx.t;
  before(() => {
    ({ t } = fx);
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
    assert.deepEqual(confirmed.json(), {
      userID,
      email: 'Journey1@Example.com',
      emailConfirmed: true,
    });

    const { response, actor } = await signInThroughApi(t, {
      username: 'JOURNEY_1',
      password: 'correct horse',
    });
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

    const permissions = await inject(t, actor, {
      method: 'GET',
      url: '/api/v2/users/$me/permissions',
    });
    assert.equal(permissions.statusCode, 200);
    const global = (
      permissions.json() as {
        permissions: { type: string; permissions: Record<string, boolean> }[];
      }
    ).permissions.find((entry) => entry.type === 'global');
    assert.equal(
      global?.permissions['comments.add'] ?? global?.permissions['uploads.add'],
      true,
      'a member after confirmation',
    );

    if (
      t.app.apiRoutes.some((route) => route.method === 'GET' && route.url === '/api/v2/users/me')
    ) {
      const me = await inject(t, actor, { method: 'GET', url: '/api/v2/users/me' });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().userID, userID);
    }
  });

  test('signs in by e-mail, case-insensitively, and records the visit', async () => {
    const user = await createUser(t, { email: 'Mixed.Case@Example.com' });
    const { response } = await signInThroughApi(t, {
      username: 'mixed.case@example.COM',
      password: TEST_PASSWORD,
    });
    assert.equal(response.statusCode, 201);
    assert.equal(response.json().userID, user.userID);
    const row = await t.db
      .selectFrom('users')
      .select(['countVisits', 'dateLastActive', 'lastIPAddress'])
      .where('userID', '=', user.userID)
      .executeTakeFirstOrThrow();
    assert.equal(row.countVisits, 1);
    assert.ok(row.dateLastActive);
    assert.ok(row.lastIPAddress?.startsWith('10.'));
  });

  test('persist sets a 30-day cookie; without it the cookie is a browser-session cookie', async () => {
    const persistent = await createUser(t);
    const kept = await signInThroughApi(t, {
      username: persistent.name,
      password: TEST_PASSWORD,
      persist: true,
    });
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
    const session = await signInThroughApi(t, {
      username: transient.name,
      password: TEST_PASSWORD,
    });
    const sessionCookie = String(session.response.headers['set-cookie']);
    assert.doesNotMatch(sessionCookie, /Max-Age|Expires/);
    assert.match(sessionCookie, /HttpOnly/);
  });

  test('the cookie is Secure when BASE_URL is https', async () => {
    const secure = await createTestApp({ BASE_URL: 'https://hearth.test' });
    try {
      const user = await createUser(secure);
      const { response } = await signInThroughApi(secure, {
        username: user.name,
        password: TEST_PASSWORD,
      });
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
      errors: [
        {
          field: 'password',
          code: 'invalid',
          message: 'The password you entered is incorrect.',
          status: 401,
        },
      ],
    });
    assert.equal(cookieFrom(wrong.response), null);
    assert.equal(await countRows(t, 'sessions'), before);
  });

  test('a deleted account is not found; an applicant may not start a session', async () => {
    const deleted = await createUser(t, { deleted: true });
    assert.equal(
      (await signInThroughApi(t, { username: deleted.name, password: TEST_PASSWORD })).response
        .statusCode,
      404,
    );
    const applicant = await createUser(t, { roleTypes: ['applicant'] });
    const refused = await signInThroughApi(t, {
      username: applicant.name,
      password: TEST_PASSWORD,
    });
    assert.equal(refused.response.statusCode, 403);
    assert.equal(refused.response.json().message, 'Sorry, permission denied.');
    assert.equal(await sessionCount(t, applicant.userID), 0);
  });

  test('a banned user: 401 on sign-in without a session, 401 with an existing session, sign-out still works', async () => {
    const user = await createUser(t, { banned: true });
    const { response } = await signInThroughApi(t, {
      username: user.name,
      password: TEST_PASSWORD,
    });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'You are banned.', status: 401 });
    assert.equal(cookieFrom(response), null);
    assert.equal(await sessionCount(t, user.userID), 0);

    const member = await asMember(t);
    await t.db
      .updateTable('users')
      .set({ banned: 1 })
      .where('userID', '=', member.user.userID)
      .execute();
    const call = await inject(t, member, { method: 'GET', url: '/api/v2/sessions?userID=$me' });
    assert.equal(call.statusCode, 401);
    assert.equal(call.json().message, 'You are banned.');
    const signOut = await inject(t, member, {
      method: 'POST',
      url: '/api/v2/authenticate/signout',
    });
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
      const response = await signInThroughApi(t, {
        username: `ghost_${attempt}`,
        password: 'whatever1',
        ip,
      });
      assert.equal(response.response.statusCode, 404);
    }
    const refused = await signInThroughApi(t, { username: 'ghost_6', password: 'whatever1', ip });
    assert.equal(refused.response.statusCode, 429);
    assert.equal(refused.response.json().message, IP_THROTTLE_MESSAGE);
    assert.ok(Number(refused.response.headers['retry-after']) >= 1);
  });
});
