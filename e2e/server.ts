import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { prepareDatabase } from '../server/src/main.ts';
import { loadConfig } from '../server/src/platform/config.ts';
import { openDatabase } from '../server/src/platform/db/db.ts';

/**
 * The server the browser journeys run against: the real app on the built web bundle, started
 * like `server/src/main.ts` (PORT, DATA_DIR, ADMIN_PASSWORD from the environment).
 */
const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await prepareDatabase(database, config);
const distDir = path.resolve(import.meta.dirname, '..', 'dist');
const app = await buildApp({ config, database, distDir, logger: false });
await app.listen({ port: config.port, host: config.host });
process.stdout.write(`e2e server listening on ${config.port}\n`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
