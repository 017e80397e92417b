import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { testDialect } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  asModerator,
  bearerFor,
  countRows,
  createUser,
  inject,
  sessionFor,
  signInThroughApi,
  TEST_PASSWORD,
  uniqueIP,
} from '../../../test/actors.ts';
import { sessionCount, errorItems, useAuthFixture } from './auth.api-fixture.ts';

describe(`auth: CSRF, sign-out, sessions, tokens (${testDialect})`, () => {
  const fx = useAuthFixture();
  let t: typeof fx.t;
  before(() => {
    ({ t } = fx);
  });

  test('CSRF: a cookie write without X-Requested-With and Referer → 403; the transient key header passes', async () => {
    const member = await asMember(t);
    const bare = { cookie: member.headers.cookie ?? '' };
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      headers: bare,
    });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), {
      message: 'Invalid CSRF token. Please try again.',
      status: 403,
    });
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
    const wrongKey = await t.app.inject({
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      headers: { ...bare, 'x-transient-key': 'nope' },
    });
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
    const wrong = await inject(t, member, {
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      payload: { transientKey: 'stale' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.deepEqual(wrong.json(), { message: 'Invalid transient key.', status: 401 });
    assert.equal(await sessionCount(t, member.user.userID), 1);

    const right = await inject(t, member, {
      method: 'POST',
      url: '/api/v2/authenticate/signout',
      payload: { transientKey: member.transientKey },
    });
    assert.equal(right.statusCode, 204);
    assert.match(String(right.headers['set-cookie']), /^hearth=;.*Max-Age=0/);
    assert.equal(await sessionCount(t, member.user.userID), 0);
    const after = await inject(t, member, { method: 'GET', url: '/api/v2/sessions?userID=$me' });
    assert.equal(after.statusCode, 403, 'the old cookie is a guest now');

    const guest = await asGuest(t);
    const guestSignOut = await inject(t, guest, {
      method: 'POST',
      url: '/api/v2/authenticate/signout',
    });
    assert.equal(guestSignOut.statusCode, 204);
  });

  test('DELETE /sessions without parameters ends only the current session', async () => {
    const member = await asMember(t);
    const second = await sessionFor(t, member.user);
    const response = await inject(t, member, { method: 'DELETE', url: '/api/v2/sessions' });
    assert.equal(response.statusCode, 204);
    assert.match(String(response.headers['set-cookie']), /Max-Age=0/);
    const left = await t.db
      .selectFrom('sessions')
      .select('sessionID')
      .where('userID', '=', member.user.userID)
      .execute();
    assert.deepEqual(
      left.map((row) => row.sessionID),
      [second.sessionID],
    );
  });

  test('DELETE /sessions?userID= ends all of them; with sessionID just one', async () => {
    const member = await asMember(t);
    const second = await sessionFor(t, member.user);
    const third = await sessionFor(t, member.user);
    const one = await inject(t, member, {
      method: 'DELETE',
      url: `/api/v2/sessions?userID=${member.user.userID}&sessionID=${second.sessionID}`,
    });
    assert.equal(one.statusCode, 204);
    assert.equal(one.headers['set-cookie'], undefined, 'another session: the cookie stays');
    assert.equal(await sessionCount(t, member.user.userID), 2);
    const missing = await inject(t, member, {
      method: 'DELETE',
      url: `/api/v2/sessions?userID=${member.user.userID}&sessionID=nope`,
    });
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

    const refused = await inject(t, member, {
      method: 'GET',
      url: `/api/v2/sessions?userID=${target.user.userID}`,
    });
    assert.equal(refused.statusCode, 403);
    assert.deepEqual(refused.json(), {
      message: 'Permission Problem',
      status: 403,
      description: 'You need the users.edit permission to do that.',
      permissions: ['users.edit'],
    });
    assert.equal(
      (
        await inject(t, guest, {
          method: 'GET',
          url: `/api/v2/sessions?userID=${target.user.userID}`,
        })
      ).statusCode,
      403,
    );
    const deleteRefused = await inject(t, member, {
      method: 'DELETE',
      url: `/api/v2/sessions?userID=${target.user.userID}`,
    });
    assert.equal(deleteRefused.statusCode, 403);
    assert.equal(await sessionCount(t, target.user.userID), 1);

    assert.equal(
      (
        await inject(t, moderator, {
          method: 'GET',
          url: `/api/v2/sessions?userID=${target.user.userID}`,
        })
      ).statusCode,
      403,
    );
    const listed = await inject(t, admin, {
      method: 'GET',
      url: `/api/v2/sessions?userID=${target.user.userID}&filter=valid`,
    });
    assert.equal(listed.statusCode, 200);
    const [session] = listed.json() as {
      sessionID: string;
      userID: number;
      dateInserted: string;
      dateUpdated: string | null;
      dateExpires: string;
    }[];
    assert.equal(session?.sessionID, target.sessionID);
    assert.match(session?.dateExpires ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    const invalid = await inject(t, admin, {
      method: 'GET',
      url: `/api/v2/sessions?userID=${target.user.userID}&filter=invalid`,
    });
    assert.deepEqual(invalid.json(), []);

    const unknown = await inject(t, admin, {
      method: 'GET',
      url: '/api/v2/sessions?userID=999999',
    });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, 'User not found.');

    const ended = await inject(t, admin, {
      method: 'DELETE',
      url: `/api/v2/sessions?userID=${target.user.userID}`,
    });
    assert.equal(ended.statusCode, 204);
    assert.equal(await sessionCount(t, target.user.userID), 0);
    assert.equal(await sessionCount(t, admin.user.userID), 1);
  });

  test('sessions: bad query values answer the contract’s validation body', async () => {
    const member = await asMember(t);
    for (const query of [
      'userID=abc',
      'userID=-1',
      'userID=1.5',
      'filter=all',
      'userID=<script>',
    ]) {
      const response = await inject(t, member, { method: 'GET', url: `/api/v2/sessions?${query}` });
      assert.equal(response.statusCode, 422, query);
      const body = response.json();
      assert.equal(body.message, 'Validation Failed');
      assert.equal(body.status, 422);
      for (const item of errorItems(body))
        assert.deepEqual(Object.keys(item).sort(), ['code', 'field', 'message', 'status']);
    }
    const long = await inject(t, member, {
      method: 'DELETE',
      url: `/api/v2/sessions?sessionID=${'x'.repeat(101)}`,
    });
    assert.equal(long.statusCode, 422);
    assert.equal(errorItems(long.json())[0]?.code, 'maxLength');
    assert.equal(await sessionCount(t, member.user.userID), 1);
  });

  test('a bearer token acts as its owner without CSRF headers; an invalid one is a guest with X-WWW-Authenticate', async () => {
    const member = await asMember(t);
    const bearer = await bearerFor(t, member.user.userID);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v2/sessions?userID=$me',
      headers: bearer.headers,
    });
    assert.equal(listed.statusCode, 200);
    assert.equal((listed.json() as unknown[]).length, 1);
    const viaQuery = await t.app.inject({
      method: 'GET',
      url: `/api/v2/sessions?userID=$me&access_token=${bearer.token}`,
    });
    assert.equal(viaQuery.statusCode, 200);

    const write = await t.app.inject({
      method: 'DELETE',
      url: `/api/v2/sessions?userID=${member.user.userID}`,
      headers: bearer.headers,
    });
    assert.equal(write.statusCode, 204);
    assert.equal(await sessionCount(t, member.user.userID), 0);

    const invalid = await t.app.inject({
      method: 'GET',
      url: '/api/v2/sessions?userID=$me',
      headers: { authorization: 'Bearer va.not-a-token' },
    });
    assert.equal(invalid.statusCode, 403);
    assert.match(String(invalid.headers['x-www-authenticate']), /invalid_token/);
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/v2/sessions?userID=$me',
      headers: { authorization: 'Bearer nope' },
    });
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
      {
        payload: { username: user.name, password: TEST_PASSWORD, persist: 'yes' },
        status: 422,
        fields: ['persist'],
      },
      {
        payload: { username: 'x'.repeat(255), password: TEST_PASSWORD },
        status: 422,
        fields: ['username'],
      },
      {
        payload: { username: user.name, password: 'x'.repeat(201) },
        status: 422,
        fields: ['password'],
      },
      {
        payload: { username: { $ne: null }, password: { $gt: '' } },
        status: 422,
        fields: ['username', 'password'],
      },
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
      assert.deepEqual(
        errorItems(body)
          .map((item) => item.field)
          .sort(),
        [...fields].sort(),
        JSON.stringify(payload),
      );
      for (const item of errorItems(body)) {
        assert.equal(typeof item.code, 'string');
        assert.equal(typeof item.message, 'string');
        assert.ok(item.status === 400 || item.status === 422);
      }
    }
    const markup = await signInThroughApi(t, {
      username: '<script>alert(1)</script>',
      password: '<b>x</b>',
    });
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
