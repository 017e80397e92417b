import cluster from 'node:cluster';
import path from 'node:path';
import tty from 'node:tty';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { openDatabase, type DatabaseHandle } from './platform/db/db.ts';
import { migrateToLatest } from './platform/db/migrate.ts';
import { ensureInstalled } from './features/setup/setup.service.ts';
import { createLogOutput, ignoreStandardStreamErrors, logFormatFor, type LogOutput } from './platform/log-output.ts';
import type { EventTransport } from './platform/events/bus.ts';
import { createClusterTransport } from './platform/events/cluster-transport.ts';
import { createPostgresTransport } from './platform/events/pg-transport.ts';
import { superviseWorkers } from './supervisor.ts';

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

/** The start-up lines, printed once (by the primary when there are several workers). */
function printRunning(config: Config, output: LogOutput): void {
  if (config.isProduction && config.baseUrlFromRequest) {
    output.print(
      `Warning: BASE_URL is not set. Links, avatars and images use the address each request was sent to (its Host header), and e-mails link to ${config.baseUrl}. Set BASE_URL to the forum's public address, e.g. BASE_URL=https://forum.example.com.\n`,
    );
  }
  const store = config.databaseUrl ? 'PostgreSQL' : `SQLite ${path.join(config.dataDir, 'hearth.db')}`;
  const processes = config.workers > 1 ? `, ${String(config.workers)} workers` : '';
  output.print(`Hearth is running at ${config.baseUrl} (${store}${processes})\n`);
}

/**
 * How this process hears the others' events: LISTEN/NOTIFY on PostgreSQL (other workers and
 * other machines), the cluster's IPC between the workers of one machine on SQLite, else none.
 */
function eventTransportFor(config: Config): EventTransport | undefined {
  if (config.eventsDatabaseUrl) return createPostgresTransport({ connectionString: config.eventsDatabaseUrl });
  return cluster.isWorker ? createClusterTransport() : undefined;
}

/** Loads the configuration, prepares the database and serves Hearth until SIGTERM. */
export async function main(): Promise<void> {
  ignoreStandardStreamErrors();
  const output = createLogOutput({ format: logFormatFor(tty.isatty(1)) });

  // What the signal handler closes, once it exists.
  const running: {
    app?: FastifyInstance;
    database?: DatabaseHandle;
    workers?: { stop(): Promise<void> };
  } = {};
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Armed before anything that can fail or wait: whatever happens below, the process ends
    // within 10 s of the signal (issue 11 item 6); the primary gives its workers their 10 s first.
    const timer = setTimeout(
      () => {
        output.print('Shutdown took longer than 10 s; exiting.\n');
        process.exit(1);
      },
      running.workers ? 12_000 : 10_000,
    );
    timer.unref();
    void (async () => {
      try {
        const { app, database, workers } = running;
        app?.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
        await workers?.stop();
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
  // A worker whose primary is gone (killed) stops too.
  if (cluster.isWorker) process.on('disconnect', () => stop('disconnect'));

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
  // Migrations and the installer run once, before any worker starts (the primary's job).
  if (!cluster.isWorker) {
    try {
      await prepareDatabase(database, config, output.print);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`Could not prepare the database (${database.dialect}): ${reason}\n`);
      await database.close();
      process.exit(1);
    }
  }

  if (!cluster.isWorker && config.workers > 1) {
    // The primary serves nothing itself: it forks WORKERS processes that share the port.
    await database.close();
    running.database = undefined;
    if (stopping) return;
    running.workers = superviseWorkers({
      workers: config.workers,
      exec: path.join(import.meta.dirname, 'main.ts'),
      print: output.print,
      onListening: () => printRunning(config, output),
      onStartFailed: () => {
        void output.flush(1000).then(() => process.exit(1));
      },
    });
    return;
  }

  // Loaded here, not at the top: a primary that only supervises workers never needs the app.
  const { buildApp } = await import('./app.ts');
  const app = await buildApp({
    config,
    database,
    distDir: path.resolve('dist'),
    logStream: output.stream,
    eventTransport: eventTransportFor(config),
  });
  running.app = app;
  if (stopping) return;

  await app.listen({ port: config.port, host: config.host });
  if (!cluster.isWorker) printRunning(config, output);
}

if (import.meta.main) {
  await main();
}
