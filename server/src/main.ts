import path from 'node:path';
import tty from 'node:tty';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/db.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { ensureInstalled } from './features/setup/setup.service.ts';
import { createLogOutput, ignoreStandardStreamErrors, logFormatFor } from './platform/log-output.ts';

/** Migrates and installs (first start), printing the generated administrator password once. */
export async function prepareDatabase(
  database: DatabaseHandle,
  config: Config,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<void> {
  await migrateToLatest(database.db);
  const result = await ensureInstalled(database.db, config);
  if (result.installed) {
    const lines = [`Hearth is installed. Administrator: ${result.adminName}`];
    if (result.generatedPassword) {
      lines.push(`Generated administrator password (shown once): ${result.generatedPassword}`);
      lines.push('Set ADMIN_PASSWORD before the first start to choose it yourself.');
    }
    print(`${lines.join('\n')}\n`);
  }
}

/** Loads the configuration, prepares the database and serves Hearth until SIGTERM. */
export async function main(): Promise<void> {
  ignoreStandardStreamErrors();
  const output = createLogOutput({ format: logFormatFor(tty.isatty(1)) });

  // What the signal handler closes, once it exists.
  const running: { app?: FastifyInstance; database?: DatabaseHandle } = {};
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Armed before anything that can fail or wait: whatever happens below, the process ends
    // within 10 s of the signal (issue 11 item 6).
    const timer = setTimeout(() => {
      output.print('Shutdown took longer than 10 s; exiting.\n');
      process.exit(1);
    }, 10_000);
    timer.unref();
    void (async () => {
      try {
        const { app, database } = running;
        app?.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
        // close() stops accepting, waits for in-flight requests, then runs onClose hooks.
        await app?.close();
        await database?.close();
        app?.deps.mailer.close();
      } catch (error) {
        output.print(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
      } finally {
        await output.flush(1000);
        process.exit(0);
      }
    })();
  };
  // Registered first: a signal during migrations ends the process too.
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  running.database = database;
  try {
    await prepareDatabase(database, config, output.print);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Could not prepare the database (${database.dialect}): ${reason}\n`);
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database, distDir: path.resolve('dist'), logStream: output.stream });
  running.app = app;
  if (stopping) return;

  await app.listen({ port: config.port, host: config.host });
  if (config.isProduction && config.baseUrlFromRequest) {
    output.print(
      `Warning: BASE_URL is not set. Links, avatars and images use the address each request was sent to (its Host header), and e-mails link to ${config.baseUrl}. Set BASE_URL to the forum's public address, e.g. BASE_URL=https://forum.example.com.\n`,
    );
  }
  output.print(`Hearth is running at ${config.baseUrl} (${database.dialect === 'sqlite' ? `SQLite ${path.join(config.dataDir, 'hearth.db')}` : 'PostgreSQL'})\n`);
}

if (import.meta.main) {
  await main();
}
