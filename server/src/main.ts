import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/db.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { ensureInstalled } from './features/setup/setup.service.ts';

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
  try {
    await prepareDatabase(database, config);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`Could not prepare the database (${database.dialect}): ${reason}\n`);
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database, distDir: path.resolve('dist') });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // close() stops accepting, waits for in-flight requests, then runs onClose hooks.
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      app.deps.mailer.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(`Hearth is running at ${config.baseUrl} (${database.dialect === 'sqlite' ? `SQLite ${path.join(config.dataDir, 'hearth.db')}` : 'PostgreSQL'})\n`);
}

if (import.meta.main) {
  await main();
}
