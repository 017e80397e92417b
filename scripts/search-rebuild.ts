/**
 * `npm run search:rebuild`: rebuilds the search index from the posts (the same DATA_DIR /
 * DATABASE_URL as `npm start`), with a progress bar. The index is kept in step on every write, so
 * this is for repairs and after restoring data outside the application.
 */
import { ConfigError, loadConfig, type Config } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';
import { migrateToLatest } from '../server/src/platform/db/migrate.ts';
import { searchEngineFor } from '../server/src/platform/search/search-engines.ts';

const BAR_WIDTH = 30;

/** One line of progress: `[#####.....]  50%  500/1000`, redrawn in place on a terminal. */
export function progressLine(done: number, total: number): string {
  const ratio = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(ratio * BAR_WIDTH);
  const percent = `${String(Math.round(ratio * 100)).padStart(3)}%`;
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}  ${String(done)}/${String(total)}`;
}

async function main(): Promise<void> {
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
  const engine = searchEngineFor(database.dialect);
  const started = Date.now();
  const tty = process.stdout.isTTY;
  try {
    await migrateToLatest(database.db);
    process.stdout.write(`Rebuilding the search index (${engine.name})\n`);
    await engine.rebuild(database.db, (done, total) => {
      const line = progressLine(done, total);
      process.stdout.write(tty ? `\r${line}` : `${line}\n`);
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`${tty ? '\n' : ''}Search index rebuilt in ${seconds} s.\n`);
  } catch (error) {
    process.stderr.write(`\nThe search index could not be rebuilt: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  await main();
}
