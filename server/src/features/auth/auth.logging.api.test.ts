import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

// Runs a real app with JSON logs at `trace` in a child process and reads everything it logged.
const script = `
import { buildApp } from './server/src/app.ts';
import { prepareDatabase } from './server/src/main.ts';
import { loadConfig } from './server/src/platform/config.ts';
import { createTestDatabase, createMemoryMailer, ADMIN_PASSWORD } from './server/test/harness.ts';
const database = await createTestDatabase();
const config = loadConfig({
  DATA_DIR: database.dataDir, BASE_URL: 'http://hearth.test', ADMIN_NAME: 'admin', ADMIN_EMAIL: 'admin@hearth.test',
  ADMIN_PASSWORD, LOG_LEVEL: 'trace', ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
});
await prepareDatabase(database.handle, config, () => {});
const mail = createMemoryMailer();
const app = await buildApp({ config, database: database.handle, mailer: mail });
await app.ready();
const json = { 'content-type': 'application/json', 'x-requested-with': 'vanilla', referer: 'http://hearth.test/', host: 'hearth.test' };
await app.inject({ method: 'POST', url: '/api/v2/users/register', headers: json, payload: { name: 'log_user', email: 'log@example.com', password: 'Sup3rSecret-Pass' } });
await app.inject({ method: 'POST', url: '/api/v2/authenticate/password', headers: { ...json, 'x-forwarded-for': '10.9.9.1' }, payload: { username: 'admin', password: 'Wr0ng-Secret-Pass' } });
const signedIn = await app.inject({ method: 'POST', url: '/api/v2/authenticate/password', headers: { ...json, 'x-forwarded-for': '10.9.9.2' }, payload: { username: 'log_user', password: 'Sup3rSecret-Pass' } });
const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
await app.inject({ method: 'POST', url: '/api/v2/tokens', headers: { ...json, cookie }, payload: { name: 'x', transientKey: 'Tr4nsient-Secret' } });
await app.inject({ method: 'GET', url: '/api/v2/sessions?userID=$me', headers: { cookie, authorization: 'Bearer va.Bearer-Secret-Token' } });
await app.inject({ method: 'POST', url: '/api/v2/users/request-password', headers: json, payload: { email: 'log_user' } });
await app.inject({ method: 'POST', url: '/api/v2/users/1/reset-password', headers: json, payload: { resetCode: 'R3set-Secret-Code', password: 'N3w-Secret-Pass' } });
await app.inject({ method: 'GET', url: '/api/v2/tokens/1?transientKey=Query-Secret-Key&access_token=va.Query-Secret-Token' });
process.stderr.write('COOKIE=' + cookie.split('=')[1] + '\\n');
await app.close();
await database.drop();
`;

function run(): { stdout: string; cookie: string } {
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '../../../..'),
    env: { ...process.env },
    encoding: 'utf8',
    // A ceiling for a hung child, not a speed check: a loaded 2-core machine took over 60 s.
    timeout: 240_000,
  });
  assert.equal(result.status, 0, result.stderr);
  return { stdout: result.stdout, cookie: /COOKIE=(\S+)/.exec(result.stderr)?.[1] ?? '' };
}

const { stdout, cookie } = run();

test('the app logs requests', () => {
  assert.match(stdout, /"url":"\/api\/v2\/authenticate\/password"/);
  assert.ok(cookie.length > 20);
});

test('no passwords, codes, transient keys, bearer tokens or cookies in the logs', () => {
  for (const secret of ['Sup3rSecret-Pass', 'Wr0ng-Secret-Pass', 'N3w-Secret-Pass', 'R3set-Secret-Code', 'Tr4nsient-Secret', 'Bearer-Secret-Token', cookie]) {
    assert.ok(!stdout.includes(secret), `${secret} was logged`);
  }
});

test('secret query values are not logged', () => {
  assert.ok(!stdout.includes('Query-Secret-Key'));
  assert.ok(!stdout.includes('Query-Secret-Token'));
});
