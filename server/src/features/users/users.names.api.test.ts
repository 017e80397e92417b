import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testDialect, type TestApp } from '../../../test/harness.ts';
import { asAdmin, createUser, inject, uniqueIP, uniqueName, type TestActor, type TestUser } from '../../../test/actors.ts';
import { NAME_IN_USE, NAME_MIXES_SCRIPTS } from './user-names.ts';

// Issue 11 item 11: names are compared after NFKC and case folding and by their Unicode TR39
// skeleton; letters mixed from alphabets not written together are refused; the names the forum
// shows for non-members are reserved. The installation's administrator is named 'admin'.
describe(`users: names that look like another (${testDialect})`, () => {
  let t: TestApp;
  let admin: TestActor<TestUser>;
  before(async () => {
    t = await createTestApp();
    admin = await asAdmin(t);
  });
  after(async () => {
    await t.close();
  });

  const register = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/users/register',
      headers: { 'x-forwarded-for': uniqueIP() },
      payload: { name, email: `${uniqueName('mail')}@example.com`, password: 'long enough' },
    });

  const assertRefused = (response: { statusCode: number; json(): unknown; body: string }, message: string, label: string) => {
    assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
    const body = response.json() as { status: number; errors: { field: string; code: string; message: string; status: number }[] };
    assert.equal(body.status, 400);
    assert.deepEqual(body.errors, [{ field: 'name', code: 'invalid', message, status: 400 }], label);
  };

  test('registration refuses fullwidth, look-alike and case variants of a taken name', async () => {
    const member = await createUser(t, { name: 'Marta_Rossi' });
    for (const name of ['ａｄｍｉｎ', 'ADMIN', 'аdmin' /* Cyrillic а */, 'ΑDMIN' /* Greek Α */, 'ＭＡＲＴＡ＿ＲＯＳＳＩ', 'marta_rossi', 'Mаrta_Rossi']) {
      assertRefused(await register(name), name.includes('а') && name !== 'аdmin' ? NAME_MIXES_SCRIPTS : NAME_IN_USE, name);
    }
    assert.ok(member.userID > 0);
  });

  test('the names the forum uses for non-members are reserved, in any width or case', async () => {
    for (const name of ['System', 'guest', 'ＧＵＥＳＴ', 'Unknown', 'Ѕystem' /* Cyrillic Ѕ */, 'Administrator', 'moderator']) {
      const response = await register(name);
      assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
      assert.equal((response.json() as { errors: { message: string }[] }).errors[0]?.message, NAME_IN_USE, name);
    }
    // 'Deleted User' has a space, which no user name may hold.
    assert.equal((await register('Deleted User')).statusCode, 422);
  });

  test('names that mix alphabets are refused; one alphabet, accents and CJK mixes pass', async () => {
    assertRefused(await register('Pаvel_K' /* Cyrillic а */), NAME_MIXES_SCRIPTS, 'Pаvel_K');
    for (const name of ['Иван_Петров', 'José_Luis', 'Ελένη_Π', '山田Taro', 'やまだ山田']) {
      const response = await register(name);
      assert.equal(response.statusCode, 201, `${name}: ${response.body}`);
    }
    // The registered name is now taken in its other spellings too.
    assertRefused(await register('ИВАН_ПЕТРОВ'), NAME_IN_USE, 'ИВАН_ПЕТРОВ');
  });

  test('a rename (PATCH) and POST /users follow the same rules; keeping one’s own name is fine', async () => {
    const member = await createUser(t, { name: 'Olga_Test' });
    const url = `/api/v2/users/${member.userID}`;
    for (const name of ['ａｄｍｉｎ', 'Guest', 'ΟLGA_TEST' /* Greek Ο */]) {
      const response = await inject(t, admin, { method: 'PATCH', url, payload: { name } });
      assert.equal(response.statusCode, 400, `${name}: ${response.body}`);
    }
    const sameKey = await inject(t, admin, { method: 'PATCH', url, payload: { name: 'OLGA_test' } });
    assert.equal(sameKey.statusCode, 200, sameKey.body);
    const created = await inject(t, admin, {
      method: 'POST',
      url: '/api/v2/users',
      payload: { name: 'System', email: 'system-like@example.com', password: 'long enough password', sendWelcomeEmail: false },
    });
    assertRefused(created, NAME_IN_USE, 'POST /users System');
  });
});
