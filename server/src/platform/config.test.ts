import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

test('defaults: port 3000, ./data, SQLite, http://localhost:3000', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.dataDir, path.resolve('data'));
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.baseUrl, 'http://localhost:3000');
  assert.equal(config.baseUrlFromRequest, true);
  assert.equal(config.secureCookies, false);
  assert.equal(config.adminPassword, undefined);
});

test('WORKERS: one process per core unless set (issue 18; docs/decisions.md)', () => {
  assert.equal(loadConfig({}).workers, os.availableParallelism());
  assert.equal(loadConfig({ WORKERS: '' }).workers, os.availableParallelism());
  assert.equal(loadConfig({ WORKERS: '1' }).workers, 1);
  assert.equal(loadConfig({ WORKERS: '3' }).workers, 3);
});

test('events go over DATABASE_URL unless EVENTS_DATABASE_URL names a direct connection (issue 18)', () => {
  assert.equal(loadConfig({}).eventsDatabaseUrl, undefined);
  assert.equal(loadConfig({ DATABASE_URL: 'postgres://pool/db' }).eventsDatabaseUrl, 'postgres://pool/db');
  assert.equal(
    loadConfig({ DATABASE_URL: 'postgres://pool/db', EVENTS_DATABASE_URL: 'postgres://direct/db' }).eventsDatabaseUrl,
    'postgres://direct/db',
  );
});

test('BASE_URL https makes cookies Secure and loses its trailing slash', () => {
  const config = loadConfig({ BASE_URL: 'https://forum.example.com/' });
  assert.equal(config.baseUrl, 'https://forum.example.com');
  assert.equal(config.baseUrlFromRequest, false);
  assert.equal(config.secureCookies, true);
});

test('empty optional values count as unset', () => {
  const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_PASSWORD: '' });
  assert.equal(config.databaseUrl, undefined);
  assert.equal(config.smtpUrl, undefined);
  assert.equal(config.adminPassword, undefined);
});

const badValues: [string, string, RegExp][] = [
  ['PORT', 'abc', /^Invalid configuration: PORT must be a whole number from 0 to 65535 \(got "abc"\)\.$/],
  ['PORT', '70000', /^Invalid configuration: PORT must be a whole number/],
  ['DATABASE_URL', 'mysql://x', /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ['BASE_URL', 'forum.example.com', /^Invalid configuration: BASE_URL must be an http:\/\/ or https:\/\/ URL/],
  ['SMTP_URL', 'http://mail', /^Invalid configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
  ['ADMIN_EMAIL', 'not-an-email', /^Invalid configuration: ADMIN_EMAIL must be an e-mail address/],
  ['EVENTS_DATABASE_URL', 'http://x', /^Invalid configuration: EVENTS_DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/],
  ['WORKERS', '0', /^Invalid configuration: WORKERS must be a whole number from 1 to 256 \(got "0"\)\.$/],
  ['WORKERS', 'many', /^Invalid configuration: WORKERS must be a whole number from 1 to 256/],
  ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/],
];

for (const [variable, value, expected] of badValues) {
  test(`a bad ${variable} stops the start with one line naming it`, () => {
    assert.throws(
      () => loadConfig({ [variable]: value }),
      (error: unknown) => error instanceof ConfigError && expected.test(error.message) && !error.message.includes('\n'),
    );
  });
}

test('a bad ADMIN_PASSWORD is named but never echoed', () => {
  assert.throws(
    () => loadConfig({ ADMIN_PASSWORD: 'short' }),
    (error: unknown) => error instanceof ConfigError && error.message.includes('ADMIN_PASSWORD') && !error.message.includes('short"'),
  );
});
