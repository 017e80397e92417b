import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/platform/config.ts';
import { openDatabase, type DatabaseHandle, type Db } from '../src/platform/db/db.ts';
import { guardClient } from '../src/platform/db/pg-errors.ts';
import type { Mailer, MailMessage } from '../src/platform/mail.ts';
import { prepareDatabase } from '../src/main.ts';

/** Which database this test process runs against: `TEST_DB=postgres` (needs TEST_DATABASE_URL) or SQLite. */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

export const ADMIN_PASSWORD = 'Admin-Password-123!';

export interface TestDatabase {
  handle: DatabaseHandle;
  databaseUrl: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/** Options of a test database. */
export interface TestDatabaseOptions {
  /** Called with each statement the database runs (its SQL and parameters), e.g. to read query plans. */
  onQuery?: (statement: string, parameters: readonly unknown[]) => void;
}

/** A fresh, empty database of the configured dialect: a new SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-test-'));
  const onQuery = options.onQuery ? { onQuery: options.onQuery } : {};
  if (testDialect === 'sqlite') {
    const handle = openDatabase({ dataDir, ...onQuery });
    return {
      handle,
      databaseUrl: undefined,
      dataDir,
      async drop() {
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const name = `hearth_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = guardClient(new pg.Client({ connectionString: adminUrl }));
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = openDatabase({ databaseUrl, dataDir, ...onQuery });
  return {
    handle,
    databaseUrl,
    dataDir,
    async drop() {
      await handle.close();
      const client = guardClient(new pg.Client({ connectionString: adminUrl }));
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A mailer that keeps messages in memory, for assertions. */
export interface MemoryMailer extends Mailer {
  sent: MailMessage[];
}

export function createMemoryMailer(): MemoryMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    send: async (message) => {
      sent.push(message);
    },
    close: () => {},
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  mail: MemoryMailer;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A migrated, installed forum (default roles, administrator `admin` with ADMIN_PASSWORD, default
 * category) on a fresh database, and the app built on it. Call `close()` in `after()`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: TestDatabaseOptions & {
    clock?: () => number;
    /** `configured`: the app builds its real mailer from the config (SMTP_URL); `t.mail` stays empty. */
    mailer?: 'memory' | 'configured';
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options);
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    BASE_URL: 'http://hearth.test',
    ADMIN_NAME: 'admin',
    ADMIN_EMAIL: 'admin@hearth.test',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    // Tests stand in for clients at different addresses with X-Forwarded-For.
    TRUST_PROXY: 'true',
    // The job worker's loop is off: tests run jobs with `app.jobs.drain()` (or turn it on).
    JOB_CONCURRENCY: '0',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  await prepareDatabase(database.handle, config, () => {});
  const mail = createMemoryMailer();
  const app = await buildApp({
    config,
    database: database.handle,
    ...(options.mailer === 'configured' ? {} : { mailer: mail }),
    logger: false,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.handle.db,
    config,
    mail,
    database,
    async close() {
      await app.close();
      if (options.mailer === 'configured') app.deps.mailer.close();
      await database.drop();
    },
  };
}
