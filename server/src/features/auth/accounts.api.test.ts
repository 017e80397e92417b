import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import {
  asAdmin,
  asGuest,
  asMember,
  countRows,
  createUser,
  inject,
  sessionFor,
  signInThroughApi,
  TEST_PASSWORD,
  uniqueIP,
} from '../../../test/actors.ts';
import { nowIso } from '../../platform/dates.ts';
import { invalidateSettings } from '../config/config.service.ts';
import { hashToken } from '../tokens/token-hash.ts';
import {
  CONFIRM_RESEND_THROTTLE_MESSAGE,
  CONFIRMATION_FAILED,
  PASSWORD_REQUEST_THROTTLE_MESSAGE,
  REGISTER_THROTTLE_MESSAGE,
  RESET_FAILED,
} from './accounts.service.ts';
import { signInFailuresKey } from './auth.service.ts';

type Inject = (input: { method: 'POST' | 'GET'; url: string; payload?: unknown; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;

async function setSetting(t: TestApp, key: string, value: unknown): Promise<void> {
  const row = { configKey: key, value: JSON.stringify(value), dateUpdated: nowIso() };
  await t.db
    .insertInto('config')
    .values(row)
    .onConflict((oc) => oc.column('configKey').doUpdateSet({ value: row.value, dateUpdated: row.dateUpdated }))
    .execute();
  invalidateSettings(t.db);
}

async function roleTypesOf(t: TestApp, userID: number): Promise<string[]> {
  const rows = await t.db
    .selectFrom('userRoles')
    .innerJoin('roles', 'roles.roleID', 'userRoles.roleID')
    .select('roles.type')
    .where('userRoles.userID', '=', userID)
    .execute();
  return rows.map((row) => row.type ?? '').sort();
}

/** The user ID and code of the last mailed link of a kind. */
function lastLink(t: TestApp, kind: 'emailconfirm' | 'passwordreset'): { userID: number; code: string; to: string; subject: string } {
  const mail = [...t.mail.sent].reverse().find((message) => message.text.includes(`/entry/${kind}/`));
  assert.ok(mail, `a ${kind} e-mail was sent`);
  const match = new RegExp(`http://hearth\\.test/entry/${kind}/(\\d+)/([\\w%-]+)`).exec(mail.text);
  assert.ok(match);
  assert.ok(mail.html?.includes(match[0]), 'the HTML part carries the same link');
  return { userID: Number(match[1]), code: decodeURIComponent(match[2] ?? ''), to: mail.to, subject: mail.subject };
}

describe(`accounts: register, confirm, reset (${testDialect})`, () => {
  let t: TestApp;
  let post: Inject;
  before(async () => {
    t = await createTestApp();
    post = (input) =>
      t.app.inject({
        method: input.method,
        url: input.url,
        headers: { 'x-forwarded-for': uniqueIP(), ...(input.headers ?? {}) },
        ...(input.payload === undefined ? {} : { payload: input.payload as Record<string, unknown> }),
      });
  });
  after(async () => {
    await t.close();
  });

  test('register: 201, an unconfirmed user with a hashed confirmation code and an e-mail', async () => {
    const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: '  Zoë_Ünïcode ', email: 'zoe@example.com', password: 'long enough' } });
    assert.equal(response.statusCode, 201);
    const body = response.json();
    assert.deepEqual(Object.keys(body).sort(), ['email', 'name', 'userID']);
    assert.equal(body.name, 'Zoë_Ünïcode');
    const row = await t.db.selectFrom('users').select(['emailConfirmed', 'password', 'insertIPAddress']).where('userID', '=', body.userID).executeTakeFirstOrThrow();
    assert.equal(Boolean(row.emailConfirmed), false);
    assert.match(row.password ?? '', /^scrypt\$/);
    assert.ok(row.insertIPAddress?.startsWith('10.'));
    assert.deepEqual(await roleTypesOf(t, body.userID), ['unconfirmed']);

    const link = lastLink(t, 'emailconfirm');
    assert.equal(link.userID, body.userID);
    assert.equal(link.to, 'zoe@example.com');
    assert.equal(link.subject, '[Hearth] Confirm Your Email Address');
    const token = await t.db.selectFrom('userTokens').selectAll().where('userID', '=', body.userID).executeTakeFirstOrThrow();
    assert.equal(token.tokenHash, hashToken(link.code));
    assert.notEqual(token.tokenHash, link.code);
    assert.equal(token.purpose, 'confirmEmail');
  });

  test('register with confirmation off → member, no e-mail; with approval → 202 [] and an applicant', async () => {
    await setSetting(t, 'registration.confirmEmail', false);
    try {
      const sent = t.mail.sent.length;
      const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'no_confirm', email: 'nc@example.com', password: 'long enough' } });
      assert.equal(response.statusCode, 201);
      assert.deepEqual(await roleTypesOf(t, response.json().userID), ['member']);
      assert.equal(t.mail.sent.length, sent);
    } finally {
      await setSetting(t, 'registration.confirmEmail', true);
    }
    await setSetting(t, 'registration.method', 'approval');
    try {
      const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'applicant_1', email: 'ap@example.com', password: 'long enough' } });
      assert.equal(response.statusCode, 202);
      assert.deepEqual(response.json(), []);
      const row = await t.db.selectFrom('users').select('userID').where('name', '=', 'applicant_1').executeTakeFirstOrThrow();
      assert.deepEqual(await roleTypesOf(t, row.userID), ['applicant']);
    } finally {
      await setSetting(t, 'registration.method', 'basic');
    }
  });

  test('invitation and connect registration → 400 "Unsupported registration method." and nothing written', async () => {
    try {
      for (const method of ['invitation', 'connect']) {
        await setSetting(t, 'registration.method', method);
        const users = await countRows(t, 'users');
        const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'closed_1', email: 'closed@example.com', password: 'long enough' } });
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { message: 'Unsupported registration method.', status: 400 });
        assert.equal(await countRows(t, 'users'), users);
      }
    } finally {
      await setSetting(t, 'registration.method', 'basic');
    }
  });

  test('duplicate name and e-mail (any case) → 400 with both messages; a short password → 422; nothing written', async () => {
    const existing = await createUser(t, { name: 'Taken_Name', email: 'taken@example.com' });
    const counts = [await countRows(t, 'users'), await countRows(t, 'userRoles'), await countRows(t, 'userTokens')];
    const both = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'taken_name', email: 'TAKEN@example.com', password: 'long enough' } });
    assert.equal(both.statusCode, 400);
    assert.deepEqual(both.json(), {
      message: 'Validation Failed',
      status: 400,
      errors: [
        { field: 'name', code: 'invalid', message: 'The name you entered is already in use.', status: 400 },
        { field: 'email', code: 'invalid', message: 'The email you entered is already in use.', status: 400 },
      ],
    });
    const short = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: existing.name, email: 'new@example.com', password: 'short' } });
    assert.equal(short.statusCode, 422);
    assert.deepEqual(short.json().errors, [
      { field: 'name', code: 'invalid', message: 'The name you entered is already in use.', status: 400 },
      { field: 'password', code: 'minLength', message: 'Your password must be at least 8 characters long.', status: 422 },
    ]);
    await setSetting(t, 'password.minLength', 12);
    try {
      const twelve = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'fresh_name', email: 'fresh@example.com', password: 'eleven char' } });
      assert.equal(twelve.statusCode, 422);
      assert.equal(twelve.json().errors[0].message, 'Your password must be at least 12 characters long.');
    } finally {
      await setSetting(t, 'password.minLength', 8);
    }
    assert.deepEqual([await countRows(t, 'users'), await countRows(t, 'userRoles'), await countRows(t, 'userTokens')], counts);
  });

  test('concurrent registrations of one name: one 201, the other 400', async () => {
    const payload = (email: string) => ({ name: 'race_name', email, password: 'long enough' });
    const [a, b] = await Promise.all([
      post({ method: 'POST', url: '/api/v2/users/register', payload: payload('race1@example.com') }),
      post({ method: 'POST', url: '/api/v2/users/register', payload: payload('race2@example.com') }),
    ]);
    assert.deepEqual([a.statusCode, b.statusCode].sort(), [201, 400]);
    const loser = a.statusCode === 400 ? a : b;
    assert.equal(loser.json().errors[0].message, 'The name you entered is already in use.');
  });

  test('registration is throttled per IP: the 21st attempt in an hour → 429 with Retry-After', async () => {
    const ip = uniqueIP();
    await createUser(t, { name: 'throttle_taken' });
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await post({
        method: 'POST',
        url: '/api/v2/users/register',
        headers: { 'x-forwarded-for': ip },
        payload: { name: 'throttle_taken', email: `t${attempt}@example.com`, password: 'long enough' },
      });
      assert.equal(response.statusCode, 400);
    }
    const refused = await post({
      method: 'POST',
      url: '/api/v2/users/register',
      headers: { 'x-forwarded-for': ip },
      payload: { name: 'throttle_ok', email: 'tok@example.com', password: 'long enough' },
    });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, REGISTER_THROTTLE_MESSAGE);
    assert.ok(Number(refused.headers['retry-after']) > 3000);
  });

  test('register and confirm-email are CSRF-exempt even with a cookie session', async () => {
    const member = await asMember(t);
    const cookieOnly = { cookie: member.headers.cookie ?? '' };
    const registered = await post({ method: 'POST', url: '/api/v2/users/register', headers: cookieOnly, payload: { name: 'csrf_exempt', email: 'ce@example.com', password: 'long enough' } });
    assert.equal(registered.statusCode, 201);
    const link = lastLink(t, 'emailconfirm');
    const confirmed = await post({ method: 'POST', url: `/api/v2/users/${link.userID}/confirm-email`, headers: cookieOnly, payload: { confirmationCode: link.code } });
    assert.equal(confirmed.statusCode, 201);
    const resend = await post({ method: 'POST', url: `/api/v2/users/${member.user.userID}/confirm-email/resend`, headers: cookieOnly });
    assert.equal(resend.statusCode, 403, 'resend is not exempt');
    assert.equal(resend.json().message, 'Invalid CSRF token. Please try again.');
  });

  test('confirm-email: wrong, foreign, expired and spent codes; already confirmed; unknown user', async () => {
    const first = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'confirm_a', email: 'ca@example.com', password: 'long enough' } });
    const a = lastLink(t, 'emailconfirm');
    await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'confirm_b', email: 'cb@example.com', password: 'long enough' } });
    const b = lastLink(t, 'emailconfirm');
    const userID = first.json().userID as number;

    const expectFailure = async (id: number, code: string) => {
      const response = await post({ method: 'POST', url: `/api/v2/users/${id}/confirm-email`, payload: { confirmationCode: code } });
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), {
        message: 'Validation Failed',
        status: 400,
        errors: [{ field: 'confirmationCode', code: 'invalid', message: CONFIRMATION_FAILED, status: 400 }],
      });
    };
    await expectFailure(userID, 'wrong-code');
    await expectFailure(userID, b.code);
    await t.db.updateTable('userTokens').set({ dateExpires: new Date(Date.now() - 1000).toISOString() }).where('tokenHash', '=', hashToken(a.code)).execute();
    await expectFailure(userID, a.code);
    assert.deepEqual(await roleTypesOf(t, userID), ['unconfirmed']);

    const good = await post({ method: 'POST', url: `/api/v2/users/${b.userID}/confirm-email`, payload: { confirmationCode: b.code } });
    assert.equal(good.statusCode, 201);
    assert.deepEqual(await roleTypesOf(t, b.userID), ['member']);
    const again = await post({ method: 'POST', url: `/api/v2/users/${b.userID}/confirm-email`, payload: { confirmationCode: b.code } });
    assert.equal(again.statusCode, 400);
    assert.deepEqual(again.json(), { message: 'This email has already been confirmed', status: 400 });

    const unknown = await post({ method: 'POST', url: '/api/v2/users/999999/confirm-email', payload: { confirmationCode: 'x' } });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { message: 'User not found.', status: 404 });
  });

  test('a code sent to an old address does not confirm a changed one', async () => {
    const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'mover_1', email: 'old@example.com', password: 'long enough' } });
    const link = lastLink(t, 'emailconfirm');
    await t.db.updateTable('users').set({ email: 'new@elsewhere.example' }).where('userID', '=', response.json().userID).execute();
    const refused = await post({ method: 'POST', url: `/api/v2/users/${link.userID}/confirm-email`, payload: { confirmationCode: link.code } });
    assert.equal(refused.statusCode, 400);
  });

  test('resend: self (or users.edit) only; the new code replaces the old; throttled', async () => {
    const response = await post({ method: 'POST', url: '/api/v2/users/register', payload: { name: 'resender', email: 'rs@example.com', password: 'long enough' } });
    const userID = response.json().userID as number;
    const old = lastLink(t, 'emailconfirm');
    const { actor: self } = await signInThroughApi(t, { username: 'resender', password: 'long enough' });
    assert.ok(self);

    const guest = await asGuest(t);
    const other = await asMember(t);
    assert.equal((await inject(t, guest, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` })).statusCode, 403);
    const refused = await inject(t, other, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().description, 'You need the users.edit permission to do that.');

    const resent = await inject(t, self, { method: 'POST', url: '/api/v2/users/$me/confirm-email/resend' });
    assert.equal(resent.statusCode, 201);
    assert.deepEqual(resent.json(), { userID, email: 'rs@example.com' });
    const fresh = lastLink(t, 'emailconfirm');
    assert.notEqual(fresh.code, old.code);
    const admin = await asAdmin(t);
    assert.equal((await inject(t, admin, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` })).statusCode, 201);
    const newest = lastLink(t, 'emailconfirm');
    assert.equal((await inject(t, self, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` })).statusCode, 201);
    const throttled = await inject(t, self, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` });
    assert.equal(throttled.statusCode, 429);
    assert.equal(throttled.json().message, CONFIRM_RESEND_THROTTLE_MESSAGE);
    assert.ok(Number(throttled.headers['retry-after']) > 0);

    const stale = await post({ method: 'POST', url: `/api/v2/users/${userID}/confirm-email`, payload: { confirmationCode: newest.code } });
    assert.equal(stale.statusCode, 400, 'a newer code voids the older ones');
    const latest = lastLink(t, 'emailconfirm');
    const confirmed = await post({ method: 'POST', url: `/api/v2/users/${userID}/confirm-email`, payload: { confirmationCode: latest.code } });
    assert.equal(confirmed.statusCode, 201);

    const done = await inject(t, admin, { method: 'POST', url: `/api/v2/users/${userID}/confirm-email/resend` });
    assert.equal(done.statusCode, 400);
    assert.equal(done.json().message, 'This email has already been confirmed');
    const missing = await inject(t, admin, { method: 'POST', url: '/api/v2/users/999999/confirm-email/resend' });
    assert.equal(missing.statusCode, 404);
  });

  test('request-password by name or e-mail → 201 {} and a one-hour link; unknown → 404 on email', async () => {
    const user = await createUser(t, { name: 'forgetful', email: 'forgetful@example.com' });
    const byName = await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: 'Forgetful' } });
    assert.equal(byName.statusCode, 201);
    assert.deepEqual(byName.json(), {});
    const link = lastLink(t, 'passwordreset');
    assert.equal(link.userID, user.userID);
    assert.equal(link.to, 'forgetful@example.com');
    assert.equal(link.subject, '[Hearth] Password Reset Request');
    const token = await t.db.selectFrom('userTokens').select(['dateExpires', 'purpose']).where('tokenHash', '=', hashToken(link.code)).executeTakeFirstOrThrow();
    assert.equal(token.purpose, 'resetPassword');
    const lifetime = Date.parse(new Date(token.dateExpires).toISOString()) - Date.now();
    assert.ok(lifetime > 59 * 60 * 1000 && lifetime <= 60 * 60 * 1000, String(lifetime));

    const byEmail = await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: 'FORGETFUL@example.com' } });
    assert.equal(byEmail.statusCode, 201);

    const tokens = await countRows(t, 'userTokens');
    const unknown = await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: 'nobody@example.com' } });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      message: 'Validation Failed',
      status: 404,
      errors: [{ field: 'email', code: 'invalid', message: 'User not found.', status: 404 }],
    });
    assert.equal(await countRows(t, 'userTokens'), tokens);
  });

  test('request-password is throttled per user (3 per 15 minutes) and per IP', async () => {
    const user = await createUser(t);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      assert.equal((await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } })).statusCode, 201);
    }
    const refused = await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.name } });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().message, PASSWORD_REQUEST_THROTTLE_MESSAGE);
    assert.ok(Number(refused.headers['retry-after']) > 800);

    const ip = uniqueIP();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await post({ method: 'POST', url: '/api/v2/users/request-password', headers: { 'x-forwarded-for': ip }, payload: { email: `ghost${attempt}@example.com` } });
    }
    const byIP = await post({ method: 'POST', url: '/api/v2/users/request-password', headers: { 'x-forwarded-for': ip }, payload: { email: 'ghost@example.com' } });
    assert.equal(byIP.statusCode, 429);
  });

  test('reset-password: sets the password, spends the code, ends every session', async () => {
    const user = await createUser(t);
    const member = await sessionFor(t, user);
    await sessionFor(t, user);
    await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } });
    const first = lastLink(t, 'passwordreset');
    await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } });
    const link = lastLink(t, 'passwordreset');

    const stale = await post({ method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: first.code, password: 'brand new password' } });
    assert.equal(stale.statusCode, 400, 'a newer request voids the older code');
    assert.deepEqual(stale.json().errors, [{ field: 'resetCode', code: 'invalid', message: RESET_FAILED, status: 400 }]);
    const short = await post({ method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: link.code, password: 'short' } });
    assert.equal(short.statusCode, 422);
    assert.equal(short.json().errors[0].field, 'password');
    const wrongUser = await createUser(t);
    const foreign = await post({ method: 'POST', url: `/api/v2/users/${wrongUser.userID}/reset-password`, payload: { resetCode: link.code, password: 'brand new password' } });
    assert.equal(foreign.statusCode, 400);

    const reset = await inject(t, member, { method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: link.code, password: 'brand new password' } });
    assert.equal(reset.statusCode, 201);
    assert.deepEqual(reset.json(), { userID: user.userID });
    assert.match(String(reset.headers['set-cookie']), /Max-Age=0/);
    const sessions = await t.db.selectFrom('sessions').select('sessionID').where('userID', '=', user.userID).execute();
    assert.equal(sessions.length, 0);

    const reused = await post({ method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: link.code, password: 'another password' } });
    assert.equal(reused.statusCode, 400);
    const oldPassword = await signInThroughApi(t, { username: user.name, password: TEST_PASSWORD });
    assert.equal(oldPassword.response.statusCode, 401);
    const newPassword = await signInThroughApi(t, { username: user.name, password: 'brand new password' });
    assert.equal(newPassword.response.statusCode, 201);
  });

  test('reset-password: an expired code fails; an unknown user is 404; the failure lock is lifted', async () => {
    const user = await createUser(t);
    await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } });
    const link = lastLink(t, 'passwordreset');
    await t.db.updateTable('userTokens').set({ dateExpires: new Date(Date.now() - 1).toISOString() }).where('tokenHash', '=', hashToken(link.code)).execute();
    const expired = await post({ method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: link.code, password: 'brand new password' } });
    assert.equal(expired.statusCode, 400);
    const unknown = await post({ method: 'POST', url: '/api/v2/users/999999/reset-password', payload: { resetCode: link.code, password: 'brand new password' } });
    assert.equal(unknown.statusCode, 404);

    const ip = uniqueIP();
    await t.db
      .insertInto('throttles')
      .values({ throttleKey: signInFailuresKey(user.userID, ip), count: 10, windowStart: new Date().toISOString(), lockedUntil: null })
      .execute();
    await post({ method: 'POST', url: '/api/v2/users/request-password', payload: { email: user.email } });
    const fresh = lastLink(t, 'passwordreset');
    const reset = await post({ method: 'POST', url: `/api/v2/users/${user.userID}/reset-password`, payload: { resetCode: fresh.code, password: 'brand new password' } });
    assert.equal(reset.statusCode, 201);
    const signIn = await signInThroughApi(t, { username: user.name, password: 'brand new password', ip });
    assert.equal(signIn.response.statusCode, 201);
  });
});
